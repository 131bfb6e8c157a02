import ProcessRunning
import ShareCore
import TextFitting

extension MastodonIntent {
    /// Mastodon's settings: its flag, config keys and variables, declared here only.
    public enum Settings {
        /// The Mastodon server.
        public static let instance = ShareSetting(
            key: "mastodon.instance",
            flag: "mastodon-instance",
            variable: MastodonIntent.instanceVariable,
            kind: .host,
            help: "Mastodon server for the mastodon destination (or SHAREVIA_MASTODON_INSTANCE).",
            valueName: "host",
            summary: "your Mastodon server"
        )
        /// The server's character limit.
        public static let limit = ShareSetting(
            key: "mastodon.limit",
            variable: MastodonIntent.limitVariable,
            kind: .integer(1...100_000),
            defaultWords: "500",
            summary: "your server's character limit"
        )

        /// Every Mastodon setting.
        public static let all = [instance, limit]
    }

    /// The intent `settings` describe. A malformed instance from a flag or variable makes the
    /// destination unavailable, saying why; one in the config file is a problem of the file.
    public init(reading settings: SettingsReader, problems: inout [SettingError]) {
        let instance = settings.recording(&problems) { reader throws(SettingError) in
            try reader.value(Settings.instance) { (found: SettingValue) -> Result<String, SettingProblem> in
                guard found.source.file != nil, MastodonIntent(instance: found.text).instance == nil else {
                    return .success(found.text)
                }
                return .failure(.kind(Settings.instance.kind))
            }
        }
        let limit = settings.recording(&problems) { reader throws(SettingError) in
            try reader.value(Settings.limit) { (found: SettingValue) -> Result<Int?, SettingProblem> in
                // A variable out of range falls back to the default, as it always has.
                guard let number = Int(found.text), Settings.limit.kind.integerRange?.contains(number) ?? false else {
                    return found.source.isVariable ? .success(nil) : .failure(.kind(Settings.limit.kind))
                }
                return .success(number)
            }
        }
        self.init(instance: instance, limit: (limit ?? nil) ?? TextRules.defaultMastodonLimit)
    }
}

extension WebIntentDestination {
    /// The web intents as one built-in: Mastodon's settings, and an entry per service.
    public static let builtIn = BuiltInDestination.configured(
        settings: MastodonIntent.Settings.all,
        purpose: .post,
        read: { MastodonIntent(reading: $0, problems: &$1) },
        entries: { mastodon, context in
            let runner = ProcessRunner()
            return WebIntentDestinations.services(mastodon: mastodon).map { service in
                BuiltInDestination.Entry(descriptor: WebIntentDestination.descriptor(for: service)) {
                    WebIntentDestination(service: service, environment: context.environment, runner: runner)
                }
            }
        }
    )
}
