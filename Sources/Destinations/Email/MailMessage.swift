import ShareCore

/// A message to write: addresses, subject, the plain text, optional HTML, files.
///
/// ``MailMessageWriter`` turns it into RFC 5322 bytes; nothing here is encoded yet.
package struct MailMessage: Sendable, Hashable {
    /// The sender; nil writes no `From:` (a draft the mail client completes).
    package var from: MailAddress?
    /// The `To:` recipients.
    package var to: [MailAddress]
    /// The `Cc:` recipients.
    package var cc: [MailAddress]
    /// The subject, one line.
    package var subject: String
    /// The plain-text body; line breaks may be LF, CRLF or CR.
    package var text: String
    /// Also write an HTML version that shows the images inline (`multipart/alternative`).
    package var html: Bool
    /// The files: images are shown inline in the HTML version, everything else is attached.
    package var attachments: [MailAttachment]

    /// Creates a message.
    package init(
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
package struct MailAttachment: Sendable, Hashable {
    /// Where an attachment's bytes are.
    package enum Content: Sendable, Hashable {
        /// The bytes themselves.
        case bytes([UInt8])
        /// A file, read in chunks while the message is written, never held whole.
        case file(path: String)
        /// A share's attachment, read through its reader while the message is written, so the
        /// bytes it keeps serve the destinations after this one.
        case attachment(ShareAttachment)
    }

    /// The name the recipient sees, such as `card.png` or `カード.png`.
    package var fileName: String
    /// The MIME type, such as `image/png`.
    package var mimeType: String
    /// The bytes, or the file to stream them from.
    package var content: Content

    /// Creates an attachment held in memory.
    package init(fileName: String, mimeType: String, bytes: [UInt8]) {
        self.init(fileName: fileName, mimeType: mimeType, content: .bytes(bytes))
    }

    /// Creates an attachment.
    package init(fileName: String, mimeType: String, content: Content) {
        self.fileName = fileName
        self.mimeType = mimeType
        self.content = content
    }

    /// True for `image/*`, which the HTML version shows inline.
    package var isImage: Bool { mimeType.hasPrefix("image/") }
}
