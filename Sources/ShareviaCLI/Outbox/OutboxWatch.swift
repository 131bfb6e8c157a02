import ShareHistory

/// `sharevia outbox run --watch`: sends what is due, then sleeps until there may be work (the next item due, at
/// most ``poll``; a PostgreSQL outbox's `NOTIFY` wakes it at once when a share is queued anywhere), and again,
/// until SIGINT or SIGTERM.
///
/// A signal cancels the command (``InterruptSignals``): a sleep ends at once; a run in progress
/// stops claiming items (an item whose request was out is left `unknown`). Then the loop ends and
/// the command exits with 0. A run that can't use the database says why and is tried again at
/// the next look.
struct OutboxWatch {
    var sending: OutboxSending

    /// The longest sleep between two looks at the outbox.
    static let poll: Duration = .seconds(60)
    /// The shortest wait after a run that failed to use the database, or found nothing it could take although
    /// something was due.
    static let shortest: Duration = .seconds(1)
    /// How often a watching worker removes the items delivered longer ago than `outbox.keep_delivered`: at its
    /// first run, then at most once an hour (not once a wake-up).
    static let pruneEvery: Duration = .seconds(3600)

    func run() async throws {
        let sending = sending
        let signal = await OutboxSending.interruptible {
            while !Task.isCancelled {
                do {
                    try await sending.queue.withWorkWaiting { waiting in
                        try await Self.loop(sending, waiting: waiting)
                    }
                } catch {
                    // The listener's connection was lost (a database restarting): listen again shortly.
                    if Task.isCancelled { break }
                    StandardStreams.printError("outbox run --watch: \(error); trying again")
                    try? await Task.sleep(for: Self.shortest)
                }
            }
        }
        if let signal {
            StandardStreams.printError("outbox run --watch: stopped by \(InterruptSignals.name(of: signal))")
        }
    }

    /// Runs and waits until cancelled.
    private static func loop(_ sending: OutboxSending, waiting: any OutboxWorkWaiting) async throws {
        var pruned: ContinuousClock.Instant?
        while !Task.isCancelled {
            // A database that can't be used now (its error printed) is tried again later.
            let results = (try? await sending.send()) ?? []
            let now = OutboxTime.nowMicroseconds()
            for line in OutboxSending.lines(results, now: now) { StandardStreams.printError(line) }
            if pruned.map({ $0.duration(to: .now) >= pruneEvery }) ?? true {
                await sending.prune(now: now)
                pruned = .now
            }
            if Task.isCancelled { return }
            // Something ran: look again at once (more may have been queued meanwhile).
            if !results.isEmpty { continue }
            let waited = ContinuousClock.now
            try await waiting.waitForWork(timeout: poll, now: now)
            // Due at once, yet the run just found nothing it could take (another run holds it): don't spin.
            if waited.duration(to: .now) < .milliseconds(10) { try await Task.sleep(for: shortest) }
        }
    }
}
