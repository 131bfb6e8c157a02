import ShareCore

/// What another outbox backend (the PostgreSQL one, `OutboxPostgres`) shares with this one, so both
/// keep errors, receipts and attachments the same way.
package enum OutboxBackendSupport {
    /// An error's words as the outbox keeps them (credentials inside URLs redacted, cut to
    /// ``OutboxLimits/lastErrorBytes``) and its code.
    package static func lastError(_ error: ShareError) -> (words: String, code: String) {
        OutboxItemRow.lastError(error)
    }

    /// Words as the outbox keeps them: credentials inside URLs redacted, cut to ``OutboxLimits/lastErrorBytes``.
    package static func words(_ text: String) -> String {
        OutboxItemRow.words(text)
    }

    /// The receipt as the outbox keeps it (JSON, within ``OutboxLimits/receiptBytes``).
    package static func receiptJSON(_ receipt: DeliveryReceipt) -> String? {
        HistoryRow.receiptJSON(receipt)
    }

    /// A receipt read back from its JSON, or nil when it isn't one.
    package static func receipt(json: String) -> DeliveryReceipt? {
        OutboxItemRow.receipt(json: json)
    }

    /// When the server said to come back, microseconds since 1970: `now` plus its wait, rounded up.
    package static func retryAfter(_ error: ShareError, now: Int64) -> Int64? {
        error.retryAfter.map { now.addingClamped(OutboxSchedule.microseconds($0, roundingUp: true)) }
    }

    /// `now` plus `seconds`, at most `Int64.max`.
    package static func adding(seconds: Int64, to now: Int64) -> Int64 {
        now.addingClamped(seconds.multipliedReportingOverflow(by: 1_000_000).partialValue)
    }

    /// A stored attachment as a destination reads it: its bytes in memory.
    package static func attachment(
        fileName: String,
        mediaType: String,
        altText: String?,
        bytes: [UInt8]
    )
        -> ShareAttachment
    {
        OutboxAttachmentRow(fileName: fileName, mediaType: mediaType, altText: altText, bytes: bytes).attachment
    }

    /// Each attachment's bytes, read once within the outbox's caps (``OutboxLimits/attachmentBytes`` each,
    /// ``OutboxLimits/allAttachmentBytes`` together).
    /// - Throws: ``OutboxRequestError`` `over-limit` for an attachment or all of them over a cap, `invalid-value`
    ///   for one that can't be read.
    package static func attachmentBytes(_ attachments: [ShareAttachment]) throws(OutboxRequestError) -> [[UInt8]] {
        var all: [[UInt8]] = []
        var total = 0
        for (index, attachment) in attachments.enumerated() {
            let data: [UInt8]
            do {
                data = Array(
                    try attachment.data(
                        limit: OutboxLimits.attachmentBytes,
                        rule: "the outbox's limit for one queued attachment"
                    )
                )
            } catch {
                let code: OutboxRequestError.Code = error.code == .contentRejected ? .overLimit : .invalidValue
                throw OutboxRequestError(code, field: "attachments[\(index)]", error.message)
            }
            total += data.count
            guard total <= OutboxLimits.allAttachmentBytes else {
                throw OutboxRequestError(
                    .overLimit,
                    field: "attachments",
                    "the attachments hold more than the \(OutboxLimits.allAttachmentBytes) bytes the outbox keeps for one item"
                )
            }
            all.append(data)
        }
        return all
    }

    /// A claim, as another backend makes it.
    package static func claim(
        item: OutboxItem,
        previousState: OutboxState,
        request: Result<OutboxRequest, OutboxRequestError>,
        owner: String,
        leaseUntilMicroseconds: Int64
    ) -> OutboxClaim {
        OutboxClaim(
            item: item,
            previousState: previousState,
            request: request,
            owner: owner,
            leaseUntilMicroseconds: leaseUntilMicroseconds
        )
    }
}
