import ShareCore

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Delivers what is due in the outbox through the destination each item was queued for, up to
/// ``concurrency`` items at a time.
///
/// For each item:
/// 1. Claims it (``OutboxStore/claim(owner:leaseSeconds:now:runStart:only:)``): `sending`, leased
///    to this run, committed before any request goes out.
/// 2. Builds its destination through ``destination`` (the command builds it from the item's stored
///    flags and reads its secrets again), and prepares the stored request again with the same
///    ``ShareOptions``: the same idempotency key, record key or Message-ID as every earlier try.
/// 3. An item that was `unknown` is checked first, when its destination is ``OutcomeChecking``:
///    `arrived` → `delivered` with that receipt; `notArrived` or `safeToResend` → sent;
///    `cannotTell` → stays `unknown`, checked again later. A destination that can't check
///    (email) stays `unknown` unless `resend` (a person's word) is given.
/// 4. Delivers it within ``timeout`` and records the outcome, if the lease is still this run's:
///    delivered or handed off → with the receipt; `transient` or `unavailable` → `queued` for
///    the next try of ``OutboxSchedule`` (a server's reset honoured); `outcome-unknown`, a
///    timeout or a cancellation while the request was out → `unknown`; `permanent`,
///    `content-rejected`, `bad-input` → `failed`.
///
/// A run tries each item at most once. Two runs (two processes) never send the same item at once:
/// the claim's transaction gives each item to one of them.
package struct OutboxRunner: Sendable {
    /// Builds the destination an item was queued for, from its stored request.
    package typealias DestinationMaker =
        @Sendable (OutboxRequest, DestinationID) async throws(ShareError) ->
        any ShareDestination

    package var store: OutboxStore
    /// Who this run is in leases: unique per run; ``owner(process:)`` makes one that a later run
    /// can tell has ended.
    package var owner: String
    /// How long a claim is this run's before another run may take the item over as `unknown`;
    /// longer than ``timeout`` plus a check.
    package var leaseSeconds: Int64
    /// How long one delivery may take (the router's `--timeout`).
    package var timeout: Duration
    /// Where deliveries run and which clock times them out.
    package var scheduling: RouterScheduling
    /// How many items are tried at once; 1 tries them one after another.
    package var concurrency: Int
    package var destination: DestinationMaker

    package init(
        store: OutboxStore,
        owner: String,
        leaseSeconds: Int64,
        timeout: Duration = .seconds(30),
        scheduling: RouterScheduling = .standard,
        concurrency: Int = 1,
        destination: @escaping DestinationMaker
    ) {
        self.store = store
        self.owner = owner
        self.leaseSeconds = leaseSeconds
        self.timeout = timeout
        self.scheduling = scheduling
        self.concurrency = concurrency
        self.destination = destination
    }

    /// Tries what is due (or only the items numbered `only`, whatever their next try), each once,
    /// up to ``concurrency`` at a time.
    ///
    /// The tries that end while a commit is being written are recorded together in the next one,
    /// with the claims of the items that take their places (``OutboxStore/settle``): a run of many
    /// items costs one sync to disk per batch rather than one per item.
    ///
    /// Stops claiming when the task is cancelled; an item whose request was out when the run was
    /// cancelled is left `unknown`, one whose request had not gone out goes back to where it was.
    /// - Parameters:
    ///   - now: The clock, microseconds since 1970.
    ///   - only: The items to try; nil tries every due item.
    ///   - resend: Send an `unknown` item again although its destination can't tell whether the
    ///     first request arrived (an email): a person's word.
    /// - Returns: What each try did, in the order the items were claimed.
    /// - Throws: ``SQLiteError`` when the database can't be used; tries recorded before are in it,
    ///   and the items whose tries were not recorded stay `sending` until their lease runs out.
    package func run(
        now: @escaping @Sendable () -> Int64 = { OutboxStore.now() },
        only: [Int64]? = nil,
        resend: Bool = false
    ) async throws(SQLiteError) -> [OutboxRunResult] {
        let runStart = now()
        let connection = try HistoryDatabase.openForWriting(store.path, durability: .full)
        _ = try OutboxStore.expire(connection, now: runStart)
        let ended = FinishedTries<EndedTry>()
        var pending = only.map { Array($0.reversed()) }
        var results: [(order: Int, result: OutboxRunResult)] = []
        var failure: SQLiteError?
        await withTaskGroup(of: Void.self) { group in
            var waiting: [EndedTry] = []
            var running = 0
            var claimed = 0
            var moreDue = true
            while true {
                let free = moreDue && failure == nil && !Task.isCancelled ? max(1, concurrency) - running : 0
                if !waiting.isEmpty || free > 0 {
                    do throws(SQLiteError) {
                        let (items, claims) = try store.settle(
                            connection,
                            finished: waiting.map { ($0.claim, $0.end) },
                            claiming: free,
                            owner: owner,
                            leaseSeconds: leaseSeconds,
                            now: now(),
                            runStart: runStart,
                            only: &pending
                        )
                        for (finished, item) in zip(waiting, items) {
                            results.append((finished.order, finished.result(recorded: item)))
                        }
                        waiting = []
                        if claims.count < free { moreDue = false }
                        for claim in claims {
                            let order = claimed
                            claimed += 1
                            running += 1
                            group.addTask {
                                OutboxPause.afterSending.pauseIfAsked()
                                let (end, words) = await attempt(claim, now: now, resend: resend)
                                ended.put(EndedTry(order: order, claim: claim, end: end, words: words))
                            }
                        }
                    } catch {
                        // The tries still running end unrecorded: their items stay `sending`
                        // until the lease runs out, then `unknown`, as after a crash.
                        failure = error
                        waiting = []
                    }
                }
                guard running > 0 else { break }
                let taken = await ended.takeAll()
                running -= taken.count
                if failure == nil { waiting += taken }
            }
        }
        if let failure { throw failure }
        return results.sorted { $0.order < $1.order }.map(\.result)
    }

    /// A try that ended, waiting to be recorded.
    private struct EndedTry: Sendable {
        var order: Int
        var claim: OutboxClaim
        var end: OutboxTryEnd
        var words: String

        /// The run's result once recorded: `recorded` is the item as it is now, nil when
        /// another run had taken it over.
        func result(recorded: OutboxItem?) -> OutboxRunResult {
            OutboxRunResult(
                item: recorded ?? claim.item,
                result: OutboxRunner.state(of: end),
                words: words,
                leaseLost: recorded == nil
            )
        }
    }

    /// A lease owner for a run of process `process` (this one by default): `PID-RANDOM`. A later
    /// run that finds an item leased to an owner of this form whose process is gone (a run killed
    /// with kill -9) doesn't wait for the lease to run out: the item is `unknown` at once.
    package static func owner(process: Int32 = getpid()) -> String {
        "\(process)-" + String(UInt64.random(in: 0...UInt64.max), radix: 16)
    }

    /// True when `owner` is ``owner(process:)``'s form and no process has its id any more.
    static func hasEnded(owner: String) -> Bool {
        let digits = owner.prefix { $0.isASCII && $0.isNumber }
        guard !digits.isEmpty, owner.dropFirst(digits.count).first == "-", let pid = Int32(digits), pid > 1 else {
            return false
        }
        return kill(pid, 0) != 0 && errno == ESRCH
    }

    /// One try of a claimed item: how it ended, and its words.
    private func attempt(
        _ claim: OutboxClaim,
        now: @Sendable () -> Int64,
        resend: Bool
    ) async -> (OutboxTryEnd, String) {
        let item = claim.item
        let request: OutboxRequest
        switch claim.request {
        case .success(let stored): request = stored
        case .failure(let error):
            return (.failed(words: error.description, code: "stored-request"), error.description)
        }
        let target: any ShareDestination
        let prepared: PreparedShare
        do throws(ShareError) {
            target = try await destination(request, item.destination)
            prepared = try target.prepare(ShareRequest(content: request.content, options: request.options))
        } catch {
            return end(claim, error, sent: false, now: now())
        }
        var checked = ""
        if claim.previousState == .unknown {
            if let checking = target as? any OutcomeChecking {
                let firstSent = item.firstSentMicroseconds ?? now()
                let since = Duration.microseconds(max(0, now() - firstSent))
                switch await checking.checkOutcome(of: prepared, sinceFirstSent: since) {
                case .arrived(let receipt):
                    OutboxPause.beforeDelivered.pauseIfAsked()
                    return (.done(receipt), "it had arrived: " + receipt.line)
                case .notArrived:
                    checked = "it had not arrived; "
                case .safeToResend(let why):
                    checked = "sent again (\(why)); "
                case .cannotTell(let why):
                    let next = store.schedule.nextTry(afterTries: item.tries, failure: nil, now: now())
                    return (.unknown(nextTry: next, words: why, code: "cannot-tell"), why)
                }
            } else if !resend {
                let words =
                    "\(item.destination) can't tell whether the request that got no answer arrived, so it is sent again only on a person's word (resend)"
                let next = max(
                    item.expiresMicroseconds,
                    now().addingClamped(OutboxSchedule.microseconds(store.schedule.maxDelay))
                )
                return (.unknown(nextTry: next, words: words, code: "needs-decision"), words)
            }
        }
        guard !Task.isCancelled else {
            return end(
                claim,
                ShareError(.cancelled, message: "the run was stopped before the request went out"),
                sent: false,
                now: now()
            )
        }
        let outcome = await DeliveryRace.run(timeout: timeout, scheduling: scheduling) {
            () async throws(ShareError) -> DeliveryReceipt in
            try await target.deliver(prepared)
        }
        OutboxPause.afterRequest.pauseIfAsked()
        switch outcome {
        case .success(let receipt):
            OutboxPause.beforeDelivered.pauseIfAsked()
            return (.done(receipt), checked + receipt.line)
        case .failure(let error):
            let (end, words) = end(claim, error, sent: true, now: now())
            return (end, checked + words)
        case .timedOut:
            let words = "no answer within \(timeout.formatted); the request may have gone out"
            let next = store.schedule.nextTry(afterTries: item.tries, failure: nil, now: now())
            return (.unknown(nextTry: next, words: words, code: ShareError.Code.outcomeUnknown.name), checked + words)
        case .cancelled:
            let words = "the run was stopped while the request was out; it may have arrived"
            let next = store.schedule.nextTry(afterTries: item.tries, failure: nil, now: now())
            return (.unknown(nextTry: next, words: words, code: ShareError.Code.cancelled.name), checked + words)
        }
    }

    /// How a try that failed with `error` ends; `sent` when the request may have gone out.
    private func end(_ claim: OutboxClaim, _ error: ShareError, sent: Bool, now: Int64) -> (OutboxTryEnd, String) {
        let item = claim.item
        let (words, code) = OutboxItemRow.lastError(error)
        let next = store.schedule.nextTry(afterTries: item.tries, failure: error, now: now)
        if claim.previousState == .unknown && !sent {
            // Nothing went out this time, so what was unknown still is: an email can't become
            // `queued` (and be resent automatically) because its destination couldn't be built.
            return (.unknown(nextTry: next, words: words, code: code), words)
        }
        switch error.code {
        case .transient, .unavailable:
            guard let retryAfter = error.retryAfter else {
                return (.queued(nextTry: next, words: words, code: code, retryAfter: nil), words)
            }
            let reset = now.addingClamped(OutboxSchedule.microseconds(retryAfter, roundingUp: true))
            return (.queued(nextTry: next, words: words, code: code, retryAfter: reset), words)
        case .outcomeUnknown:
            return (.unknown(nextTry: next, words: words, code: code), words)
        case .cancelled where sent:
            return (.unknown(nextTry: next, words: words, code: code), words)
        case .cancelled:
            return (.queued(nextTry: now, words: words, code: code, retryAfter: nil), words)
        default:
            return (.failed(words: words, code: code), words)
        }
    }

    fileprivate static func state(of end: OutboxTryEnd) -> OutboxState {
        switch end {
        case .done(let receipt): receipt.outcome == .handedOff ? .handedOff : .delivered
        case .queued: .queued
        case .unknown: .unknown
        case .failed: .failed
        }
    }
}
