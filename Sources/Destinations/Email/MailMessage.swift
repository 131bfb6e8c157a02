import ShareCore

/// A message to write: addresses, subject, the plain text, optional HTML, files.
///
/// ``MailMessageWriter`` turns it into RFC 5322 bytes; nothing here is encoded yet.
public struct MailMessage: Sendable, Hashable {
    /// The sender; nil writes no `From:` (a draft the mail client completes).
    public var from: MailAddress?
    /// The `To:` recipients.
    public var to: [MailAddress]
    /// The `Cc:` recipients.
    public var cc: [MailAddress]
    /// The subject, one line.
    public var subject: String
    /// The plain-text body; line breaks may be LF, CRLF or CR.
    public var text: String
    /// Also write an HTML version that shows the images inline (`multipart/alternative`).
    public var html: Bool
    /// The files: images are shown inline in the HTML version, everything else is attached.
    public var attachments: [MailAttachment]

    /// Creates a message.
    public init(
        from: MailAddress? = nil,
        to: [MailAddress] = [],
        cc: [MailAddress] = [],
        subject: String,
        text: String,
        html: Bool = false,
        attachments: [MailAttachment] = []
    ) {
        self.from = from
        self.to = to
        self.cc = cc
        self.subject = subject
        self.text = text
        self.html = html
        self.attachments = attachments
    }
}

/// A file in a message: its name, MIME type, and its bytes or the file that holds them.
public struct MailAttachment: Sendable, Hashable {
    /// Where an attachment's bytes are.
    public enum Content: Sendable, Hashable {
        /// The bytes themselves.
        case bytes([UInt8])
        /// A file, read in chunks while the message is written, never held whole.
        case file(path: String)
        /// A share's attachment, read through its reader while the message is written, so the
        /// bytes it keeps serve the destinations after this one.
        case attachment(ShareAttachment)
    }

    /// The name the recipient sees, such as `card.png` or `カード.png`.
    public var fileName: String
    /// The MIME type, such as `image/png`.
    public var mimeType: String
    /// The bytes, or the file to stream them from.
    public var content: Content

    /// Creates an attachment held in memory.
    public init(fileName: String, mimeType: String, bytes: [UInt8]) {
        self.init(fileName: fileName, mimeType: mimeType, content: .bytes(bytes))
    }

    /// Creates an attachment.
    public init(fileName: String, mimeType: String, content: Content) {
        self.fileName = fileName
        self.mimeType = mimeType
        self.content = content
    }

    /// True for `image/*`, which the HTML version shows inline.
    public var isImage: Bool { mimeType.hasPrefix("image/") }
}
