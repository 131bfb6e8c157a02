import ShareHistory

/// `sharevia outbox run --watch`: sends what is due, sleeps until the next item is due (at most
/// ``poll``, so items a share queued meanwhile are seen), and again, until SIGINT or SIGTERM.
///
/// A signal cancels the command (``InterruptSignals``): a sleep ends at once; a run in progress
/// stops claiming items (an item whose request was out is left `unknown`). Then the loop ends and
/// the command exits with 0. A run that can't use the database says why and is tried again at
/// the next look.
struct OutboxWatch {
    var sending: OutboxSending

    /// The longest sleep between two looks at the outbox.
    static let poll: Duration = .seconds(60)
    /// The shortest: an item due now that a run left waiting (another run holds it) is not
    /// looked at more often than this.
    static let shortest: Duration = .seconds(1)

    func run() async throws {
        let signal = await OutboxSending.interruptible {
            while !Task.isCancelled {
                // A database that can't be used now (its error printed) is tried again later.
                let results = (try? await sending.send()) ?? []
                let now = OutboxTime.nowMicroseconds()
                for line in OutboxSending.lines(results, now: now) { StandardStreams.printError(line) }
                do {
                    try await Task.sleep(for: wait(now: now))
                } catch {
                    break
                }
            }
        }
        if let signal {
            StandardStreams.printError("outbox run --watch: stopped by \(InterruptSignals.name(of: signal))")
        }
    }

    /// How long to sleep: until the next item is due, between ``shortest`` and ``poll``.
    func wait(now: Int64) -> Duration {
        let items = (try? sending.store.items()) ?? []
        let next = items.filter { ($0.state == .queued || $0.state == .unknown) && $0.nextTryMicroseconds > now }
            .map(\.nextTryMicroseconds).min()
        guard let next else { return Self.poll }
        return min(max(Duration.microseconds(next - now), Self.shortest), Self.poll)
    }
}
