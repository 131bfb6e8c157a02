import ShareCore

/// A piece of a message as ``MailMessageWriter`` lays it out: finished text, or the place where
/// an attachment's base64 lines go, streamed from its bytes or file when the message is sent.
enum MailSegment: Sendable, Hashable {
    /// Headers, boundaries and text parts, finished.
    case text([UInt8])
    /// The base64 lines of `attachments[index]`.
    case attachment(Int)
}

/// A message laid out for streaming: the text is held, the attachments are read in chunks.
struct MailLayout: Sendable, Hashable {
    var segments: [MailSegment]
    var attachments: [MailAttachment]
    /// Each attachment's size when the message was laid out (nil: not a regular file). The
    /// message's declared size comes from these, so the stream sends exactly these many bytes of
    /// each and fails when a file has since grown or shrunk.
    var byteCounts: [Int?]

    /// Lays out `attachments`, taking each one's size now.
    init(segments: [MailSegment], attachments: [MailAttachment]) {
        self.segments = segments
        self.attachments = attachments
        byteCounts = attachments.map(\.byteCount)
    }

    /// The message's exact size in bytes, from the attachments' sizes at layout time without
    /// reading them; nil when an attachment is not a regular file (a pipe or a device has no size).
    var size: Int? {
        var total = 0
        for segment in segments {
            switch segment {
            case .text(let bytes):
                total += bytes.count
            case .attachment(let index):
                guard let count = byteCounts[index] else { return nil }
                total += Base64Lines.linesLength(forByteCount: count)
            }
        }
        return total
    }

    /// The size of the text alone, for a message whose attachments have no size yet.
    var textSize: Int {
        segments.reduce(0) { total, segment in
            if case .text(let bytes) = segment { return total + bytes.count }
            return total
        }
    }
}

extension MailAttachment {
    /// The size in bytes: the bytes' count, or a regular file's size; nil for anything else.
    var byteCount: Int? {
        switch content {
        case .bytes(let bytes): return bytes.count
        case .file(let path): return AttachmentStream.regularFileSize(path)
        case .attachment(let shared):
            // A pipe or a device on this machine has no size to declare, whatever its reader says.
            guard case .file(let path) = shared.source, AttachmentStream.exists(path) else { return shared.byteCount }
            return AttachmentStream.regularFileSize(path)
        }
    }

    /// The file's path, else the attachment's name, for messages.
    var name: String {
        switch content {
        case .file(let path): return path
        case .attachment(let shared):
            if case .file(let path) = shared.source { return path }
            return shared.fileName
        case .bytes: return fileName
        }
    }
}
