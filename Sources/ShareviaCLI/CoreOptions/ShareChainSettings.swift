import ShareCore

/// The chain's settings, which only the command line reads: `--fallback` and the config file's
/// `fallback` (the `chains.<name>` keys are open-ended, read by ``ShareviaConfig``).
enum ShareChainSettings {
    /// The destinations tried after the ones asked for.
    static let fallback = ShareSetting(
        key: "fallback",
        flag: "fallback",
        kind: .destinations,
        help: "Fallbacks after the --to destinations, replacing the default 'clipboard,file'.",
        valueName: "dest,...",
        defaultWords: "[clipboard, file]",
        summary: "the destinations tried after --to"
    )

    /// ``fallback`` as `settings` give it: nil when nothing sets it; a bad value is left nil and
    /// added to `problems`.
    static func fallback(reading settings: SettingsReader, problems: inout [SettingError]) -> [DestinationID]? {
        settings.recording(&problems) { reader throws(SettingError) in
            try reader.value(fallback) { (found: SettingValue) -> Result<[DestinationID], SettingProblem> in
                let ids = found.isList ? found.texts.map { DestinationID($0) } : DestinationID.list(parsing: found.text)
                guard !ids.isEmpty, ids.allSatisfy(\.isWellFormed) else { return .failure(.kind(fallback.kind)) }
                return .success(ids)
            }
        }
    }
}
