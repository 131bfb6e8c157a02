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
package struct OutboxRunner<Queue: OutboxQueue>: Sendable {
    /// Builds the destination an item was queued for, from its stored request.
    package typealias DestinationMaker =
        @Sendable (OutboxRequest, DestinationID) async throws(ShareError) ->
        any ShareDestination

    package var queue: Queue
    /// Who this run is in leases: unique per run; ``OutboxRunOwner/owner(process:)`` makes one that a later run
    /// can tell has ended.
    package var owner: String
    /// How long a claim is this run's before another run may take the item over as `unknown`. Where the queue
    /// renews leases (``OutboxQueue/leaseRenewal``), a lease is renewed every third of this while its try runs.
    package var leaseSeconds: Int64
    /// How long one delivery may take (the router's `--timeout`).
    package var timeout: Duration
    /// Where deliveries run and which clock times them out.
    package var scheduling: RouterScheduling
    /// How many items are tried at once; 1 tries them one after another.
    package var concurrency: Int
    /// How long the run keeps trying to record and claim while the database can't be reached (a server
    /// restarting) before it gives up.
    package var reconnectFor: Duration = .seconds(120)
    package var destination: DestinationMaker

    package init(
        queue: Queue,
        owner: String,
        leaseSeconds: Int64,
        timeout: Duration = .seconds(30),
        scheduling: RouterScheduling = .standard,
        concurrency: Int = 1,
        destination: @escaping DestinationMaker
    ) {
        self.queue = queue
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
    /// with the claims of the items that take their places (``OutboxQueue/settle``): a run of many
    /// items costs one commit per batch rather than one per item. When the database can't be reached for a
    /// while (``OutboxQueueError/isTransient``), the run keeps what ended and tries again, for ``reconnectFor``.
    ///
    /// An item that fails for good whose request names fallbacks (``OutboxRequest/fallbacks``) is queued for the
    /// next of them by the backend, in the transaction that records the failure, and tried in the same run.
    ///
    /// Stops claiming when the task is cancelled; an item whose request was out when the run was
    /// cancelled is left `unknown`, one whose request had not gone out goes back to where it was.
    /// - Parameters:
    ///   - now: The clock, microseconds since 1970.
    ///   - only: The items to try; nil tries every due item.
    ///   - resend: Send an `unknown` item again although its destination can't tell whether the
    ///     first request arrived (an email): a person's word.
    /// - Returns: What each try did, in the order the items were claimed.
    /// - Throws: ``OutboxQueueError`` when the database can't be used; tries recorded before are in it,
    ///   and the items whose tries were not recorded stay `sending` until their lease runs out.
    package func run(
        now: @escaping @Sendable () -> Int64 = { OutboxStore.now() },
        only: [Int64]? = nil,
        resend: Bool = false
    ) async throws(OutboxQueueError) -> [OutboxRunResult] {
        let runStart = now()
        let session = try await queue.startRun(now: runStart)
        let ended = FinishedTries<EndedTry>()
        let out = LeasesOut()
        var pending = only.map { Array($0.reversed()) }
        var results: [(order: Int, result: OutboxRunResult)] = []
        var failure: OutboxQueueError?
        await withTaskGroup(of: Void.self) { group in
            if let renewal = queue.leaseRenewal {
                group.addTask { await renewLeases(out, every: renewal, now: now) }
            }
            var waiting: [EndedTry] = []
            var running = 0
            var claimed = 0
            var unreachableSince: ContinuousClock.Instant?
            // A share just queued for the next destination of its chain: claim before deciding the run is over.
            var claimAgain = false
            // False after a claim got fewer items than it asked for (nothing more due, or a destination's cap
            // reached), until a try ends: that may free a capped destination's place, so the run claims again then,
            // and ends once nothing is out.
            var claimable = true
            while true {
                let free = claimable && failure == nil && !Task.isCancelled ? max(1, concurrency) - running : 0
                if !waiting.isEmpty || free > 0 {
                    do throws(OutboxQueueError) {
                        let (items, claims) = try await queue.settle(
                            session,
                            finished: waiting.map { ($0.claim, $0.end) },
                            claiming: free,
                            owner: owner,
                            leaseSeconds: leaseSeconds,
                            now: now(),
                            runStart: runStart,
                            only: &pending
                        )
                        unreachableSince = nil
                        var fellBack = false
                        for (finished, item) in zip(waiting, items) {
                            out.remove(finished.claim.item.id)
                            let result = finished.result(recorded: item)
                            results.append((finished.order, result))
                            // The backend queued the share for the next destination of its chain, in the same
                            // transaction.
                            if item != nil, finished.claim.fallback(after: finished.end) != nil { fellBack = true }
                        }
                        waiting = []
                        claimable = claims.count == free
                        // A share queued for the next destination of its chain is due now.
                        if fellBack {
                            claimable = true
                            claimAgain = true
                        }
                        for claim in claims {
                            let order = claimed
                            claimed += 1
                            running += 1
                            out.insert(claim.item.id)
                            group.addTask {
                                OutboxPause.afterSending.pauseIfAsked()
                                let (end, words) = await attempt(claim, now: now, resend: resend)
                                ended.put(EndedTry(order: order, claim: claim, end: end, words: words))
                            }
                        }
                    } catch {
                        let since = unreachableSince ?? .now
                        if error.isTransient && !Task.isCancelled && since.duration(to: .now) < reconnectFor {
                            // A database restarting: keep what ended, and try again shortly.
                            unreachableSince = since
                            try? await Task.sleep(for: .milliseconds(250))
                            let taken = ended.takeAvailable()
                            running -= taken.count
                            waiting += taken
                            continue
                        }
                        // The tries still running end unrecorded: their items stay `sending` until the lease
                        // runs out, then `unknown`, as after a crash.
                        failure = error
                        waiting = []
                    }
                }
                if claimAgain && running == 0 {
                    claimAgain = false
                    continue
                }
                claimAgain = false
                guard running > 0 else { break }
                let taken = await ended.takeAll()
                running -= taken.count
                claimable = true
                if failure == nil { waiting += taken }
            }
            group.cancelAll()
        }
        if let failure { throw failure }
        return results.sorted { $0.order < $1.order }.map(\.result)
    }

    /// Renews the leases of the items out, every third of ``leaseSeconds`` (at most `every`), until cancelled. A
    /// renewal that fails (the database restarting) is tried again at the next turn.
    private func renewLeases(_ out: LeasesOut, every: Duration, now: @Sendable () -> Int64) async {
        let turn = min(every, .seconds(max(1, leaseSeconds / 3)))
        while !Task.isCancelled {
            do {
                try await Task.sleep(for: turn)
            } catch {
                return
            }
            let ids = out.ids
            guard !ids.isEmpty else { continue }
            let until = OutboxBackendSupport.adding(seconds: leaseSeconds, to: now())
            _ = try? await queue.renewLeases(owner: owner, ids: ids, until: until)
        }
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
                result: OutboxTryEnd.state(of: end),
                words: words,
                leaseLost: recorded == nil
            )
        }
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
                    let next = queue.schedule.nextTry(afterTries: item.tries, failure: nil, now: now())
                    return (.unknown(nextTry: next, words: why, code: "cannot-tell"), why)
                }
            } else if !resend {
                let words =
                    "\(item.destination) can't tell whether the request that got no answer arrived, so it is sent again only on a person's word (resend)"
                let next = max(
                    item.expiresMicroseconds,
                    now().addingClamped(OutboxSchedule.microseconds(queue.schedule.maxDelay))
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
            let next = queue.schedule.nextTry(afterTries: item.tries, failure: nil, now: now())
            return (.unknown(nextTry: next, words: words, code: ShareError.Code.outcomeUnknown.name), checked + words)
        case .cancelled:
            let words = "the run was stopped while the request was out; it may have arrived"
            let next = queue.schedule.nextTry(afterTries: item.tries, failure: nil, now: now())
            return (.unknown(nextTry: next, words: words, code: ShareError.Code.cancelled.name), checked + words)
        }
    }

    /// How a try that failed with `error` ends; `sent` when the request may have gone out.
    private func end(_ claim: OutboxClaim, _ error: ShareError, sent: Bool, now: Int64) -> (OutboxTryEnd, String) {
        let item = claim.item
        let (words, code) = OutboxItemRow.lastError(error)
        let next = queue.schedule.nextTry(afterTries: item.tries, failure: error, now: now)
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
}

extension OutboxRunner where Queue == SQLiteOutboxQueue {
    /// A runner over the SQLite outbox `store`.
    package init(
        store: OutboxStore,
        owner: String,
        leaseSeconds: Int64,
        timeout: Duration = .seconds(30),
        scheduling: RouterScheduling = .standard,
        concurrency: Int = 1,
        destination: @escaping DestinationMaker
    ) {
        self.init(
            queue: SQLiteOutboxQueue(store: store),
            owner: owner,
            leaseSeconds: leaseSeconds,
            timeout: timeout,
            scheduling: scheduling,
            concurrency: concurrency,
            destination: destination
        )
    }
}

extension OutboxTryEnd {
    /// The state a try that ended so leaves its item in.
    static func state(of end: OutboxTryEnd) -> OutboxState {
        switch end {
        case .done(let receipt): receipt.outcome == .handedOff ? .handedOff : .delivered
        case .queued: .queued
        case .unknown: .unknown
        case .failed: .failed
        }
    }
}

/// Who a run is in the leases it holds.
package enum OutboxRunOwner {
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
}
