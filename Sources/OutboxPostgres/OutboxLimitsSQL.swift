import ShareHistory

/// ``OutboxLimits`` as the schema's `CHECK` constraints write them.
enum OutboxLimitsSQL {
    static let requestBytes = OutboxLimits.requestBytes
    static let attachmentBytes = OutboxLimits.attachmentBytes
}
