import ShareCore

/// When an outbox item is tried next after a failure, and when it expires.
///
/// 1. The delay after the `n`th failed try (the share's own failure is try 0) is drawn at random
///    between ``firstDelay`` and `min(maxDelay, firstDelay × 2ⁿ)`: exponential backoff with full
///    jitter above a floor, so the first retry is one minute later (what greylisting asks) and
///    many queued items don't all come back at once.
/// 2. A server's `Retry-After` or rate-limit reset (``ShareError/retryAfter``) is honoured: the
///    next try is never earlier than it, even when it is later than ``maxDelay``.
/// 3. An item older than ``maxAge`` is `expired` instead of tried.
///
/// The random source is injected, so tests get exact delays.
package struct OutboxSchedule: Sendable {
    /// The first retry's delay, and the least delay of any: 1 minute.
    package var firstDelay: Duration
    /// The most a backoff delay grows to: 1 hour.
    package var maxDelay: Duration
    /// How long an item is tried before it expires: 3 days (`outbox.max_age`).
    package var maxAge: Duration
    /// Draws a number of microseconds in a range; `Int64.random(in:)` unless a test injects one.
    package var random: @Sendable (ClosedRange<Int64>) -> Int64

    package init(
        firstDelay: Duration = .seconds(60),
        maxDelay: Duration = .seconds(3_600),
        maxAge: Duration = .seconds(3 * 86_400),
        random: @escaping @Sendable (ClosedRange<Int64>) -> Int64 = { Int64.random(in: $0) }
    ) {
        self.firstDelay = firstDelay
        self.maxDelay = max(maxDelay, firstDelay)
        self.maxAge = maxAge
        self.random = random
    }

    /// The delay before the next try, after `tries` failed tries of the outbox (0: after the
    /// share's own failure), `failure` being the last one's error.
    package func delay(afterTries tries: Int, failure: ShareError?) -> Duration {
        let floor = Self.microseconds(firstDelay)
        let cap = Self.microseconds(maxDelay)
        var ceiling = floor
        for _ in 0..<min(max(tries, 0), 62) {
            ceiling = ceiling > cap / 2 ? cap : ceiling * 2
        }
        ceiling = min(ceiling, cap)
        var delay = ceiling > floor ? random(floor...ceiling) : floor
        delay = min(max(delay, floor), ceiling)
        if let asked = failure?.retryAfter {
            delay = max(delay, Self.microseconds(asked, roundingUp: true))
        }
        return .microseconds(delay)
    }

    /// The time of the next try (microseconds since 1970): `now` plus ``delay(afterTries:failure:)``.
    package func nextTry(afterTries tries: Int, failure: ShareError?, now: Int64) -> Int64 {
        now.addingClamped(Self.microseconds(delay(afterTries: tries, failure: failure)))
    }

    /// When an item made at `created` expires (microseconds since 1970).
    package func expiry(created: Int64) -> Int64 {
        created.addingClamped(Self.microseconds(maxAge))
    }

    /// A duration in whole microseconds (at least 0), rounded down unless asked to round up.
    package static func microseconds(_ duration: Duration, roundingUp: Bool = false) -> Int64 {
        let (seconds, attoseconds) = duration.components
        guard seconds >= 0 else { return 0 }
        let whole = attoseconds / 1_000_000_000_000
        let rest = attoseconds % 1_000_000_000_000
        let micro = seconds.multipliedReportingOverflow(by: 1_000_000)
        guard !micro.overflow else { return .max }
        return micro.partialValue.addingClamped(whole + (roundingUp && rest > 0 ? 1 : 0))
    }
}

extension Int64 {
    /// `self + other`, at most `Int64.max`.
    func addingClamped(_ other: Int64) -> Int64 {
        let (sum, overflow) = addingReportingOverflow(other)
        return overflow ? (other > 0 ? .max : .min) : sum
    }
}
