import ShareCore

/// An item a runner claimed: it is `sending`, leased to ``owner`` until ``leaseUntilMicroseconds``,
/// committed before any request goes out.
package struct OutboxClaim: Sendable {
    /// The item as the claim left it (`sending`, its tries counted).
    package var item: OutboxItem
    /// The state it had before: `unknown` means it is checked before it is sent again.
    package var previousState: OutboxState
    /// The stored request, or why it can't be read.
    package var request: Result<OutboxRequest, OutboxRequestError>
    /// Who holds the lease, and until when (microseconds since 1970).
    package var owner: String
    package var leaseUntilMicroseconds: Int64
}

/// How a claimed try ended, for ``OutboxStore/finish(_:as:now:)``.
package enum OutboxTryEnd: Sendable {
    /// Delivered or handed off (as the receipt says), with its receipt.
    case done(DeliveryReceipt)
    /// Back to `queued`, tried again at `nextTry`; the error's words and code, and when the server
    /// said to come back (microseconds since 1970), if it did.
    case queued(nextTry: Int64, words: String?, code: String?, retryAfter: Int64?)
    /// `unknown`: the request may have gone out; checked again from `nextTry`.
    case unknown(nextTry: Int64, words: String, code: String)
    /// `failed` for good, with the error's words and code.
    case failed(words: String, code: String)
}
