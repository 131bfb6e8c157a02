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
        file.read(limit: limit, environment: environment).flatMap(parse)
    }

    /// The id in the file's `bytes`: UTF-8, one well-formed id with blanks around it; nil otherwise.
    static func parse(_ bytes: [UInt8]) -> DestinationID? {
        guard bytes.count <= limit, let text = String(validating: bytes, as: UTF8.self) else { return nil }
        let id = DestinationID(String(text.trimmingWhitespace()))
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
