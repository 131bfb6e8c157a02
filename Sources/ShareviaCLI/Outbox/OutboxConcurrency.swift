import ArgumentParser

/// `--concurrency N` of `outbox run` and `outbox retry`: how many items are sent at once.
struct OutboxConcurrency: ParsableArguments {
    /// Items sent at once unless `--concurrency` says otherwise.
    static let standard = 8
    /// The most `--concurrency` accepts.
    static let limit = 64

    @Option(
        help: ArgumentHelp(
            "How many items to send at once, 1 to \(Self.limit); 1 sends them one after another.",
            valueName: "n"
        )
    )
    var concurrency = Self.standard

    func validate() throws {
        guard (1...Self.limit).contains(concurrency) else {
            throw ValidationError("--concurrency must be a whole number from 1 to \(Self.limit), not \(concurrency)")
        }
    }
}
