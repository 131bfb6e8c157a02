import ShareCore

/// Produces a laid-out message's bytes in order, a buffer at a time: the text as it is, each
/// attachment read in chunks of 57 KiB and encoded as base64 lines on the way. Memory stays at a
/// chunk or two whatever the attachments' size.
///
/// The attachments together may hold at most `limit` bytes, counted while they are read, so an
/// endless input (`/dev/zero`) stops there with an error naming the file, the limit and how to
/// raise it. Used by one thread at a time (libcurl's read callback, or the draft writer).
final class MailStream {
    private let layout: MailLayout
    private let limit: Int
    private var segment = 0
    private var pending: [UInt8] = []
    private var offset = 0
    private var source: AttachmentStream?
    private var attachmentBytes = 0
    /// The error that stopped the stream, kept for a caller that saw only an aborted transfer.
    private(set) var failure: ShareError?

    /// How many attachment bytes are read at a time: a multiple of the 57 of one base64 line.
    static let chunkSize = 57 * 1024

    init(_ layout: MailLayout, limit: Int) {
        self.layout = layout
        self.limit = limit
    }

    /// Fills `buffer` with the next bytes of the message; 0 at its end.
    func read(into buffer: inout [UInt8]) throws(ShareError) -> Int {
        var result: Result<Int, ShareError> = .success(0)
        buffer.withUnsafeMutableBytes { raw in
            do throws(ShareError) {
                result = .success(try read(into: raw))
            } catch {
                result = .failure(error)
            }
        }
        return try result.get()
    }

    /// Fills `buffer` with the next bytes of the message; 0 at its end.
    ///
    /// - Throws: ``ShareCore/ShareError``: `contentRejected` when the attachments pass the limit,
    ///   `badInput` naming a file that can't be opened or read.
    func read(into buffer: UnsafeMutableRawBufferPointer) throws(ShareError) -> Int {
        if let failure { throw failure }
        do throws(ShareError) {
            var written = 0
            while written < buffer.count {
                if offset == pending.count {
                    guard try refill() else { break }
                    continue
                }
                let count = min(buffer.count - written, pending.count - offset)
                pending.withUnsafeBytes { bytes in
                    buffer.baseAddress!.advanced(by: written).copyMemory(
                        from: bytes.baseAddress!.advanced(by: offset),
                        byteCount: count
                    )
                }
                written += count
                offset += count
            }
            return written
        } catch {
            failure = error
            source = nil
            throw error
        }
    }

    /// Loads the next text segment or chunk of base64 lines into `pending`; false at the end.
    private func refill() throws(ShareError) -> Bool {
        pending.removeAll(keepingCapacity: true)
        offset = 0
        while pending.isEmpty {
            guard segment < layout.segments.count else { return false }
            switch layout.segments[segment] {
            case .text(let bytes):
                pending = bytes
                segment += 1
            case .attachment(let index):
                let attachment = layout.attachments[index]
                if source == nil {
                    // A reader stops one byte past what the limit leaves, so the count below names the limit.
                    source = try AttachmentStream(
                        attachment,
                        expectedSize: layout.byteCounts[index],
                        limit: min(limit - attachmentBytes, .max - 1) + 1
                    )
                }
                let chunk = try source!.next(Self.chunkSize)
                attachmentBytes += chunk.count
                if attachmentBytes > limit { throw overLimit(attachment) }
                pending = chunk.withUnsafeBytes { Base64Lines.lines($0) }
                if chunk.count < Self.chunkSize {
                    try source!.finish()
                    source = nil
                    segment += 1
                }
            }
        }
        return true
    }

    private func overLimit(_ attachment: MailAttachment) -> ShareError {
        EmailAttachmentLimit.exceeded(limit: limit, file: attachment.name, whileReading: true)
    }
}

/// The size rule for a message's attachments, and its error.
enum EmailAttachmentLimit {
    /// The error for attachments over `limit`, naming the file, the limit and how to raise it.
    static func exceeded(limit: Int, file: String, whileReading: Bool) -> ShareError {
        let mib = Double(limit) / 1_048_576
        let shown = mib == mib.rounded() ? "\(Int(mib)) MiB" : "\(mib) MiB"
        let how = whileReading ? "passed it while being read" : "is larger than that"
        return ShareError(
            .contentRejected,
            destination: .email,
            message:
                "the attachments may hold at most \(shown) (\(limit) bytes) together for email, and \(file) \(how); mail servers refuse larger messages. Share a smaller file, or raise the limit (EmailDestination.Configuration.attachmentLimit)",
            detail: .init(
                .overLimit,
                setting: "attachmentLimit",
                value: "\(limit)",
                found: [file],
                mentions: [
                    SettingMention(
                        "(EmailDestination.Configuration.attachmentLimit)",
                        advice:
                            "(EmailDestination.Configuration.attachmentLimit; the CLI's \(flag: EmailDestination.Settings.maxAttachmentMiB))"
                    )
                ]
            )
        )
    }
}
