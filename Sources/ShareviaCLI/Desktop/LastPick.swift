import ShareCore

/// The destination `--pick` chose last, preselected next time: `$XDG_STATE_HOME/sharevia/last-pick`,
/// the id on one line. At most 256 bytes; a longer file, or one that holds no destination id, is
/// ignored.
enum LastPick {
    static let file = StateFile(name: "last-pick")
    /// The cap on the file's size.
    static let limit = 256

    /// The id picked last, or nil.
    static func read(environment: ShareEnvironment) -> DestinationID? {
        guard let bytes = file.read(limit: limit, environment: environment) else { return nil }
        let id = DestinationID(String(String(decoding: bytes, as: UTF8.self).trimmingWhitespace()))
        return id.isWellFormed ? id : nil
    }

    /// Remembers `id`; a failure is a warning, since the share goes on.
    static func remember(_ id: DestinationID, environment: ShareEnvironment) {
        do {
            try file.write(Array((id.rawValue + "\n").utf8), environment: environment)
        } catch {
            StandardStreams.printError("warning: --pick: the choice was not remembered: \(error.message)")
        }
    }
}
