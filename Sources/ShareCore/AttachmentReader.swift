/// Reads the bytes of a file-backed attachment. ShareCore does no file I/O of its own: whoever
/// makes an attachment supplies its reader (`ShareAttachment.file(_:mimeType:pipeWait:)` in
/// `LocalFiles` reads files on this machine; an app may read from a store of its own).
///
/// A conformer must:
/// - pass at most `limit` bytes to `body`, and stop with ``ShareError`` `contentRejected`
///   naming the attachment, the limit and `rule` as soon as one more arrives (an input that
///   grows while it is read stops there);
/// - ask `isCancelled` between chunks and stop with a `cancelled` error when it says true;
/// - rethrow what `body` throws, and throw `badInput` naming the attachment when it can't read.
///
/// A reader need not cache: the attachment keeps what was read in full, up to
/// ``ShareAttachment/memoryByteLimit``, for as long as it lives, so every destination of one
/// share after the first reads from memory. Make a new attachment for each share.
public protocol AttachmentReader: Sendable {
    /// The size in bytes, found without reading the bytes; nil when it can't be known.
    var byteCount: Int? { get }

    /// Passes the bytes to `body` a chunk at a time, at most `limit` of them.
    ///
    /// - Parameters:
    ///   - limit: The most bytes accepted.
    ///   - rule: Whose limit it is, for the message, such as `the 25 MiB limit of email attachments`.
    ///   - isCancelled: Asked before each chunk; true stops the read with a `cancelled` error.
    ///   - body: Takes each chunk, valid only during the call.
    /// - Throws: ``ShareError``: `contentRejected` over the limit, `badInput` when the bytes
    ///   can't be read, `cancelled`, or what `body` throws.
    func read(
        limit: Int,
        rule: String,
        isCancelled: () -> Bool,
        _ body: (UnsafeRawBufferPointer) throws(ShareError) -> Void
    ) throws(ShareError)
}
