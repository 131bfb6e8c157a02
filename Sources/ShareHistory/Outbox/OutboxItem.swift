import ShareCore

/// One share queued for one destination, as `sharevia outbox` lists it.
package struct OutboxItem: Sendable, Hashable {
    /// The item's number: what `outbox retry ID` and `outbox drop ID` take.
    package var id: Int64
    /// The share it belongs to.
    package var shareID: ShareID
    /// The destination it is queued for.
    package var destination: DestinationID
    package var state: OutboxState
    /// When it was queued, its next try is due, and it expires: microseconds since 1970, UTC.
    package var createdMicroseconds: Int64
    package var nextTryMicroseconds: Int64
    package var expiresMicroseconds: Int64
    /// How many tries the outbox made (the share's own tries not counted).
    package var tries: Int
    /// When the first request of it went out, if one did: an `unknown` check's reference.
    package var firstSentMicroseconds: Int64?
    /// The last error's words, quoted as the destination said them, and its code
    /// (`transient-failure`, `rate-limited`, ...).
    package var lastError: String?
    package var lastErrorCode: String?
    /// The receipt, once delivered or handed off.
    package var receipt: DeliveryReceipt?

    package init(
        id: Int64,
        shareID: ShareID,
        destination: DestinationID,
        state: OutboxState,
        createdMicroseconds: Int64,
        nextTryMicroseconds: Int64,
        expiresMicroseconds: Int64,
        tries: Int = 0,
        firstSentMicroseconds: Int64? = nil,
        lastError: String? = nil,
        lastErrorCode: String? = nil,
        receipt: DeliveryReceipt? = nil
    ) {
        self.id = id
        self.shareID = shareID
        self.destination = destination
        self.state = state
        self.createdMicroseconds = createdMicroseconds
        self.nextTryMicroseconds = nextTryMicroseconds
        self.expiresMicroseconds = expiresMicroseconds
        self.tries = tries
        self.firstSentMicroseconds = firstSentMicroseconds
        self.lastError = lastError
        self.lastErrorCode = lastErrorCode
        self.receipt = receipt
    }
}
