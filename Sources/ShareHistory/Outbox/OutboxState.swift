/// Where an outbox item stands. Stored as its raw value.
package enum OutboxState: String, Sendable, Hashable, CaseIterable {
    /// Waiting for its next try.
    case queued
    /// Claimed by a runner, whose lease says until when; a `sending` item whose lease ran out
    /// (a runner killed mid-send) is `unknown`, never `queued`.
    case sending
    /// The destination confirmed it; the item has its receipt.
    case delivered
    /// The destination handed it to a person or another app; the item has its receipt.
    case handedOff = "handed-off"
    /// The destination refused it for good (a permanent failure); kept with its last error.
    case failed
    /// The request went out and no answer came back: checked before any new try, and an email
    /// is never resent without a person's word (`outbox retry ID --resend`).
    case unknown
    /// Older than the maximum age (3 days by default) without going through; its content is kept
    /// until dropped.
    case expired
}
