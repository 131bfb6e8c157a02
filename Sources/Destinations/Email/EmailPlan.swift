import ShareCore

/// What an email share will send or draft, decided by `prepare`: the message with its addresses
/// parsed and checked, and what a dry run shows of its structure, size and route.
struct EmailPlan: SharePlan {
    /// The message, its body the prepared share's text.
    var message: MailMessage
    /// The message's date and Message-ID, from the share's id: the same in every attempt, and in
    /// the `.eml` the file export keeps when the message was not sent.
    var stamp: MessageStamp
    /// `multipart/mixed (text/plain, image/png card.png)`.
    var structure: String
    /// `48213 bytes`, or `over 312 bytes (...)` when an attachment's size is not known.
    var size: String
    /// The most bytes the attachments may take together.
    var attachmentLimit: Int
    /// The SMTP server and its TLS (`smtp://host:587 (TLS required)`); nil for a draft, which a dry
    /// run shows with its `mailto:` URI.
    var server: String?

    /// `<SECONDS.TOKEN@domain>`, the domain the sender's.
    var messageID: String { stamp.messageID(domain: message.from?.domain ?? "sharevia.invalid") }

    /// The message's draft name, `mailto:` URI and layout.
    var composition: EmailComposition { EmailComposition(message: message) }

    /// `from`, one `to` and `cc` per address, `subject`, `format`, `structure`, `size`,
    /// `attachment-limit`, then `smtp` or `mailto`.
    var fields: [PreparedShare.Field] {
        var fields: [PreparedShare.Field] = []
        if let from = message.from { fields.append(.init("from", from.description)) }
        fields += message.to.map { .init("to", $0.description) }
        fields += message.cc.map { .init("cc", $0.description) }
        fields.append(.init("subject", message.subject))
        fields.append(.init("format", message.html ? "html" : "text"))
        fields.append(.init("structure", structure))
        fields.append(.init("size", size))
        fields.append(.init("attachment-limit", "\(attachmentLimit) bytes"))
        if let server {
            fields.append(.init("smtp", server))
        } else {
            fields.append(.init("mailto", composition.mailto))
        }
        return fields
    }
}
