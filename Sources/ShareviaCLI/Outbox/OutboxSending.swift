import ShareCore
import ShareHistory

/// Sends outbox items through an ``OutboxRunner`` over the command's queue, each item's destination built from
/// what was stored with it (``OutboxDestinations``), and words the results for `run` and `retry`.
struct OutboxSending {
    var queue: any OutboxQueue
    var context: OutboxContext
    /// How many items are sent at once (`--concurrency`).
    var concurrency = OutboxConcurrency.standard
    /// `--lease`: how long a PostgreSQL worker's claim lasts unrenewed; nil for the default.
    var lease: Int64?

    /// This process, as the owner of the items it claims (`PID-RANDOM`: a later run releases the
    /// items of a run whose process is gone at once).
    static let owner = OutboxRunOwner.owner()

    /// A PostgreSQL worker's lease unless `--lease` says otherwise: renewed every third of it while a try runs,
    /// so a worker that dies holds its items at most this long.
    static let standardRenewedLease: Int64 = 30

    /// How long a run holds an item it claimed. Where leases are renewed (PostgreSQL), ``lease`` or
    /// ``standardRenewedLease``. Else a delivery's timeout, an outcome check's, and a minute to spare: a run stuck
    /// mid-send holds the item `sending` until then (one killed releases it at once); the next run finds it
    /// `unknown`.
    var leaseSeconds: Int64 {
        if queue.leaseRenewal != nil { return lease ?? Self.standardRenewedLease }
        return 2 * context.timeout.components.seconds + 60
    }

    /// Sends what is due, or only `ids` whatever their next try; `resend` sends an `unknown`
    /// email again on a person's word.
    ///
    /// A SIGINT or SIGTERM (which cancels the command, ``InterruptSignals``) stops the run from
    /// claiming more; an item whose request was out is left `unknown`, one whose request had not
    /// gone out goes back to where it was.
    ///
    /// - Throws: ``CommandFailure`` (internal error) when the database can't be used.
    func send(only ids: [Int64]? = nil, resend: Bool = false) async throws -> [OutboxRunResult] {
        try await send(queue, only: ids, resend: resend)
    }

    private func send<Queue: OutboxQueue>(
        _ queue: Queue,
        only ids: [Int64]?,
        resend: Bool
    ) async throws -> [OutboxRunResult] {
        let destinations = OutboxDestinations(environment: context.environment)
        let runner = OutboxRunner(
            queue: queue,
            owner: Self.owner,
            leaseSeconds: leaseSeconds,
            timeout: context.timeout,
            scheduling: ShareviaMain.routerScheduling,
            concurrency: concurrency,
            destination: { request, id async throws(ShareError) -> any ShareDestination in
                try await destinations.destination(for: request, as: id)
            }
        )
        do throws(OutboxQueueError) {
            return try await runner.run(only: ids, resend: resend)
        } catch {
            throw OutboxCommands.failure("\(queue.location) can't be used: \(error)")
        }
    }

    /// Removes the items delivered longer ago than the config file's `outbox.keep_delivered`; a failure is a
    /// warning (the next run tries again).
    func prune(now: Int64) async {
        let keep = context.settings.keepDelivered.components.seconds
        do throws(OutboxQueueError) {
            _ = try await queue.prune(deliveredBefore: now - keep * 1_000_000)
        } catch {
            StandardStreams.printError("warning: delivered items were not pruned: \(error)")
        }
    }

    /// One line per result: `✓ item 3, mastodon: delivered: https://...`,
    /// `✗ item 4, email: queued again, next try in 2 min: ...`.
    static func lines(_ results: [OutboxRunResult], now: Int64) -> [String] {
        results.map { result in
            let item = result.item
            let mark: String
            var state = result.result.rawValue
            switch result.result {
            case .delivered, .handedOff: mark = "✓"
            case .unknown: mark = "?"
            case .queued:
                mark = "✗"
                state = "queued again, next try \(OutboxTime.relative(item.nextTryMicroseconds, from: now))"
            default: mark = "✗"
            }
            let lost = result.leaseLost ? " (another run had taken the item over; it is as that run left it)" : ""
            return "\(mark) item \(item.id), \(item.destination): \(state): \(result.words)\(lost)"
        }
    }

    /// Runs `body` so that SIGINT or SIGTERM cancels it instead of ending the process, and
    /// returns the signal received, if any.
    static func interruptible(_ body: () async throws -> Void) async rethrows -> Int32? {
        guard let interrupts = ShareviaMain.interrupts else {
            try await body()
            return nil
        }
        try await interrupts.cancellingOnSignal { try await body() }
        return interrupts.received
    }
}
