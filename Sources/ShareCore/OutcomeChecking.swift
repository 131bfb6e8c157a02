/// A destination that can find out, after an `unknown` outcome (the request went out, no answer
/// came back), whether that delivery arrived, so the outbox neither loses the share nor posts it
/// twice.
///
/// The outbox asks before it tries an `unknown` item again. A destination that can't tell (email:
/// SMTP can't tell a duplicate) doesn't conform, and the item waits for a person's word.
public protocol OutcomeChecking: ShareDestination {
    /// Looks up whether `prepared` (prepared again from the same request and ``ShareOptions/id``)
    /// arrived, `firstSent` after the first request of it went out.
    ///
    /// - Parameters:
    ///   - prepared: The share as this destination prepares it for the same request.
    ///   - sinceFirstSent: How long ago the first request of this share went out.
    func checkOutcome(of prepared: PreparedShare, sinceFirstSent: Duration) async -> OutcomeCheck
}

/// What ``OutcomeChecking/checkOutcome(of:sinceFirstSent:)`` found.
public enum OutcomeCheck: Sendable, Hashable {
    /// It arrived: the receipt, as `deliver` would have returned it.
    case arrived(DeliveryReceipt)
    /// It did not arrive: sending it again can't make a duplicate.
    case notArrived
    /// Sending it again is safe although arrival is unknown, and why (a Mastodon server keeps an
    /// `Idempotency-Key` for an hour and answers a repeat with the first post).
    case safeToResend(String)
    /// It can't be told now, and why; the item stays `unknown` for a person to decide.
    case cannotTell(String)
}
