/// Tries a chain of destinations in order until one delivers, and reports every attempt.
///
/// ## The algorithm
/// ``share(_:via:)`` validates the chain against the registry (non-empty, every id known, no
/// destination twice) without building any destination, takes a ``ShareableContent/snapshot`` of
/// the content, then for each destination in order, built only when the share reaches it:
/// 1. If the task is cancelled, records `cancelled` and stops.
/// 2. If the destination is in ``simulatedUnavailable`` (from `SHAREVIA_UNAVAILABLE` or
///    `--unavailable`), records `unavailable` with that reason and moves on.
/// 3. Asks ``ShareDestination/availability()``; when unavailable, records the reason and moves on.
/// 4. Calls ``ShareDestination/prepare(_:)``, with the content's card (if it draws one) drawn at
///    the destination's ``DestinationDescriptor/cardSize`` first among the attachments.
///    `contentRejected` (or any code other than `badInput`/`cancelled`) is recorded and the
///    router moves on; `badInput` and `cancelled` stop the share, because no other destination
///    would do better.
/// 5. Calls ``ShareDestination/deliver(_:)`` under ``RetryPolicy/deliveryTimeout``. On success it
///    records `delivered` or `handed-off`, as the receipt says, and returns. A `transient` error or a timeout is retried after
///    ``RetryPolicy/backoff(beforeRetry:)`` up to ``RetryPolicy/maxAttempts`` tries, then the router
///    moves on; `permanent` and `unavailable` move on at once; `badInput` and `cancelled` stop.
///    A `transient` error with a ``ShareError/retryAfter`` (a 429's rate-limit reset) waits that
///    long instead of the backoff when ``RetryPolicy/retryAfterWait(_:)`` allows it (within
///    ``RetryPolicy/deliveryTimeout``), and otherwise moves on at once. `outcomeUnknown` (the
///    request went out, no answer came back) is recorded as `unknown` and never resent: the
///    router moves on, so the person still has the share.
/// 6. A destination that prepared the share but did not deliver it joins the request's
///    ``ShareRequest/undelivered`` for the destinations after it, so a fallback can keep what it
///    made (the file export writes an email's `.eml`).
///
/// The returned ``ShareReport`` lists every attempt with the prepared share's summary and shaping
/// notes once the destination prepared it; ``ShareReport/outcome`` says whether the first
/// destination, a fallback, or nobody delivered or handed off. A delivery that overruns its timeout is cancelled
/// and left behind, never waited for, so a destination that ignores cancellation can't hang a share.
/// Deliveries and their timers run as tasks on ``scheduling``'s executor. Timeouts, backoff, the
/// cancellation grace and the durations in the report are on its clock, so a test clock
/// (`ManualClock` in ShareCoreTesting) runs them without waiting.
///
/// ```swift
/// let router = ShareRouter(registry: .standard())
/// let report = try await router.share(card, via: .default(for: "instagram"))
/// print(report)   // ✗ instagram: unavailable: ... / ✓ clipboard: delivered: ...
/// ```
public struct ShareRouter: Sendable {
    /// The destinations this router can reach.
    public var registry: DestinationRegistry
    /// Retries, backoff and the per-delivery timeout.
    public var retryPolicy: RetryPolicy
    /// Destinations to treat as unavailable, with the reason to report: id or alias to reason.
    public var simulatedUnavailable: [DestinationID: String]
    /// The executor of the router's delivery and timer tasks, and the clock of timeouts and backoff.
    public var scheduling: RouterScheduling

    /// Creates a router.
    public init(
        registry: DestinationRegistry,
        retryPolicy: RetryPolicy = .standard,
        simulatedUnavailable: [DestinationID: String] = [:],
        scheduling: RouterScheduling = .standard
    ) {
        self.registry = registry
        self.retryPolicy = retryPolicy
        self.simulatedUnavailable = simulatedUnavailable
        self.scheduling = scheduling
    }

    /// Shares the content through the chain, falling back as described above.
    ///
    /// - Parameters:
    ///   - content: What to share.
    ///   - chain: The destinations to try, in order.
    ///   - options: The share's identity and how it is made; every destination receives the same.
    /// - Throws: ``ShareError`` (`badInput`) only when the chain itself is invalid; every failure of
    ///   a destination is in the report instead.
    public func share(
        _ content: some ShareableContent,
        via chain: FallbackChain,
        options: ShareOptions = ShareOptions()
    ) async throws(ShareError) -> ShareReport {
        let ids = try chain.validatedIDs(against: registry)
        var request = ShareRequest(content: content.snapshot, options: options)
        var cards = CardImages(source: content.cardImage)
        var report = ShareReport(chain: ids)
        for id in ids {
            // Built only now: a destination the share never reaches is never built.
            let destination = try registry.resolve(id)
            var prepared: PreparedShare?
            let step = await attempt(destination, request: request, cards: &cards, into: &report, prepared: &prepared)
            if step == .stop { break }
            // Prepared but not delivered: later destinations may keep what it made.
            if let prepared { request.undelivered.append(prepared) }
        }
        return report
    }

    /// What each destination in the chain would receive, without delivering anything.
    ///
    /// - Throws: ``ShareError`` (`badInput`) when the chain is invalid.
    public func preview(
        _ content: some ShareableContent,
        via chain: FallbackChain,
        options: ShareOptions = ShareOptions()
    ) async throws(ShareError) -> [Preview] {
        let destinations = try chain.validated(against: registry)
        let request = ShareRequest(content: content.snapshot, options: options)
        var cards = CardImages(source: content.cardImage)
        var previews: [Preview] = []
        for destination in destinations {
            let availability = await effectiveAvailability(of: destination)
            let prepared: Result<PreparedShare, ShareError>
            do throws(ShareError) {
                prepared = .success(try destination.prepare(cards.request(request, for: destination.descriptor)))
            } catch {
                prepared = .failure(error.attributed(to: destination.id))
            }
            previews.append(Preview(destination: destination.id, availability: availability, prepared: prepared))
        }
        return previews
    }

    /// One destination's preview: whether it is available and what it would receive.
    public struct Preview: Sendable {
        public var destination: DestinationID
        public var availability: Availability
        /// The prepared share, or the error `prepare` threw.
        public var prepared: Result<PreparedShare, ShareError>
    }

    /// The destination's availability, with simulated unavailability applied first.
    public func effectiveAvailability(of destination: any ShareDestination) async -> Availability {
        let names = [destination.descriptor.id] + destination.descriptor.aliases
        if let reason = names.lazy.compactMap({ simulatedUnavailable[$0] }).first {
            return .unavailable(reason)
        }
        return await destination.availability()
    }

    // MARK: - One destination

    private enum Step { case next, stop }

    private func attempt(
        _ destination: any ShareDestination,
        request: ShareRequest,
        cards: inout CardImages,
        into report: inout ShareReport,
        prepared: inout PreparedShare?
    ) async -> Step {
        let id = destination.descriptor.id
        let clock = Stopwatch(scheduling.clock)
        var started = clock.now
        func record(
            _ result: ShareReport.Result,
            _ reason: String,
            try number: Int = 1,
            log: String? = nil,
            detail: ShareError.Detail? = nil,
            mentions: [SettingMention] = []
        ) {
            var attempt = ShareReport.Attempt(
                destination: id,
                result: result,
                reason: reason,
                attempt: number,
                durationMilliseconds: durationMilliseconds(clock.now - started),
                prepared: prepared?.summary,
                notes: prepared?.notes ?? []
            )
            attempt.log = log
            attempt.detail = detail
            attempt.mentions = mentions + (prepared?.mentions ?? [])
            report.attempts.append(attempt)
        }

        if Task.isCancelled {
            record(.cancelled, "the share was cancelled")
            return .stop
        }
        let availability = await effectiveAvailability(of: destination)
        guard availability.isAvailable else {
            record(.unavailable, availability.reason ?? "unavailable", detail: availability.detail)
            return .next
        }

        do throws(ShareError) {
            // The content's card, drawn at this destination's size, joins the request first.
            prepared = try destination.prepare(cards.request(request, for: destination.descriptor))
        } catch {
            let result = Self.result(for: error.code)
            record(
                result == .transientFailure ? .permanentFailure : result,
                error.message,
                detail: error.detail
            )
            return (error.code == .badInput || error.code == .cancelled) ? .stop : .next
        }

        guard let share = prepared else { return .next }
        // The wait before the next try: the policy's backoff, or what the server asked for.
        var backoff = Duration.zero
        for number in 1...retryPolicy.maxAttempts {
            started = clock.now
            let outcome = await DeliveryRace.run(timeout: retryPolicy.deliveryTimeout, scheduling: scheduling) {
                () async throws(ShareError) -> DeliveryReceipt in
                try await destination.deliver(share)
            }
            switch outcome {
            case .success(let receipt):
                record(
                    receipt.outcome == .handedOff ? .handedOff : .delivered,
                    receipt.line,
                    try: number,
                    log: receipt.log,
                    mentions: receipt.mentions
                )
                report.receipt = receipt
                return .stop
            case .failure(let error):
                let result = Self.result(for: error.code)
                var reason = error.message
                var wait = retryPolicy.backoff(beforeRetry: number)
                if error.code == .transient, let asked = error.retryAfter, number < retryPolicy.maxAttempts {
                    // The server said when to come back: wait for it within the timeout, else move on.
                    guard let within = retryPolicy.retryAfterWait(asked) else {
                        reason +=
                            "; that is later than the \(retryPolicy.deliveryTimeout.formatted) timeout, so the share moves on"
                        record(result, reason, try: number, log: error.log, detail: error.detail)
                        return .next
                    }
                    wait = within
                    reason += "; waiting \(within.formatted) before trying again"
                }
                record(result, reason, try: number, log: error.log, detail: error.detail)
                switch error.code {
                case .transient:
                    guard number < retryPolicy.maxAttempts else { return .next }
                case .badInput, .cancelled:
                    return .stop
                default:
                    // `permanent`, `unavailable`, and `outcome-unknown`: a request that may have
                    // arrived is never sent again by the router.
                    return .next
                }
                backoff = wait
            case .timedOut:
                backoff = retryPolicy.backoff(beforeRetry: number)
                record(
                    .timedOut,
                    "no answer within \(retryPolicy.deliveryTimeout.formatted); cancelled it",
                    try: number
                )
                guard number < retryPolicy.maxAttempts else { return .next }
            case .cancelled:
                record(.cancelled, "the share was cancelled during delivery", try: number)
                return .stop
            }
            // A transient failure or a timeout with tries left: wait, then try again.
            do {
                try await scheduling.clock.sleep(for: backoff)
            } catch {
                started = clock.now
                record(.cancelled, "the share was cancelled while waiting to retry", try: number + 1)
                return .stop
            }
        }
        return .next
    }

    private static func result(for code: ShareError.Code) -> ShareReport.Result {
        switch code {
        case .unavailable: return .unavailable
        case .contentRejected: return .contentRejected
        case .transient: return .transientFailure
        case .badInput: return .badInput
        case .cancelled: return .cancelled
        case .outcomeUnknown: return .unknown
        default: return .permanentFailure
        }
    }
}

/// The duration in milliseconds, to two decimals, for reports.
func durationMilliseconds(_ duration: Duration) -> Double {
    let (seconds, attoseconds) = duration.components
    return ((Double(seconds) * 1000 + Double(attoseconds) / 1e15) * 100).rounded() / 100
}

extension Duration {
    /// `1.5 s` or `250 ms`, for messages.
    package var formatted: String {
        let ms = durationMilliseconds(self)
        return ms >= 1000 ? "\(ms / 1000) s" : "\(Int(ms)) ms"
    }
}
