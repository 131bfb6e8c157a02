import ShareCore

#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// The message a share becomes: addresses parsed, subject chosen, body text composed, files
/// read. Built from the request in `prepare`, which keeps its message in the ``EmailPlan`` that
/// `deliver` sends.
struct EmailComposition {
    var message: MailMessage
    var notes: [String] = []

    /// From a request: the subject is `configuration.subject`, else the title, else the first line
    /// of the text, else the first file's name; the body is the text, link and hashtags (and the
    /// title when the subject is something else).
    init(content: ShareContent, configuration: EmailDestination.Configuration) throws(ShareError) {
        let from = try configuration.from.map { text throws(ShareError) in
            try Self.address(text, field: "From", setting: ("from", EmailDestination.Settings.from))
        }
        let to = try configuration.to.map { text throws(ShareError) in
            try Self.address(text, field: "To", setting: ("to", EmailDestination.Settings.to))
        }
        let cc = try configuration.cc.map { text throws(ShareError) in
            try Self.address(text, field: "Cc", setting: ("cc", EmailDestination.Settings.cc))
        }
        let title = content.title.flatMap { $0.isEmpty ? nil : $0 }
        let firstLine = content.text.split(whereSeparator: \.isNewline).first.map { String($0.prefix(78)) }
        let subject =
            configuration.subject ?? title ?? firstLine ?? content.attachments.first?.fileName ?? "Shared with sharevia"
        var paragraphs: [String] = []
        if let title, title != subject { paragraphs.append(title) }
        if !content.text.isEmpty { paragraphs.append(content.text) }
        if let link = content.link, !link.isEmpty { paragraphs.append(link) }
        if !content.hashtags.isEmpty { paragraphs.append(content.hashtags.map { "#\($0)" }.joined(separator: " ")) }
        message = MailMessage(
            from: from,
            to: to,
            cc: cc,
            subject: subject,
            text: paragraphs.isEmpty ? "" : paragraphs.joined(separator: "\n\n") + "\n",
            html: configuration.html,
            attachments: Self.files(content.attachments)
        )
        notes += content.attachments.compactMap { AttachmentName.note(for: $0.fileName) }
    }

    /// From a message already composed: what ``EmailPlan`` carries.
    init(message: MailMessage) {
        self.message = message
    }

    /// The address in `text`; a bad one from the configuration names its `setting` (the
    /// `Configuration` property and its declaration) in the detail.
    private static func address(
        _ text: String,
        field: String,
        setting: (property: String, declaration: ShareSetting)? = nil
    ) throws(ShareError) -> MailAddress {
        do throws(MailContentError) {
            return try MailAddress(parsing: text, field: field)
        } catch {
            throw ShareError(
                .contentRejected,
                destination: .email,
                message: error.description,
                detail: setting.map {
                    ShareError.Detail(
                        .unusableSetting,
                        setting: $0.property,
                        mentions: [.field(field, $0.declaration)]
                    )
                },
                underlying: error
            )
        }
    }

    /// The attachments as the message streams them: files through their readers while the
    /// message is written, never here; from memory when a destination before this one read them
    /// already. Either way a share reads each attachment once.
    private static func files(_ attachments: [ShareAttachment]) -> [MailAttachment] {
        attachments.map { attachment in
            let content: MailAttachment.Content
            switch attachment.source {
            case .bytes(let data): content = .bytes([UInt8](data))
            case .file(let path):
                if let held = attachment.bytesInMemory {
                    content = .bytes([UInt8](held))
                } else {
                    // An attachment made without a reader streams from its path, as a `MailMessage` file does.
                    content = attachment.hasReader ? .attachment(attachment) : .file(path: path)
                }
            }
            return MailAttachment(fileName: attachment.fileName, mimeType: attachment.mimeType, content: content)
        }
    }

    /// The message laid out for streaming, every header and name checked.
    func layout(stamp: MessageStamp) throws(ShareError) -> MailLayout {
        do throws(MailContentError) {
            return try MailMessageWriter().layout(message, stamp: stamp)
        } catch {
            throw ShareError(.contentRejected, destination: .email, message: error.description)
        }
    }

    /// Refuses attachments whose sizes, known before reading, already pass `limit`.
    func checkSizes(limit: Int) throws(ShareError) {
        var total = 0
        for file in message.attachments {
            total += file.byteCount ?? 0
            if total > limit {
                throw EmailAttachmentLimit.exceeded(limit: limit, file: file.name, whileReading: false)
            }
        }
    }

    /// `multipart/mixed: text/plain, image/png card.png`.
    var structure: String {
        let images = message.html ? message.attachments.filter(\.isImage) : []
        let files = message.html ? message.attachments.filter { !$0.isImage } : message.attachments
        var main = "text/plain"
        if message.html {
            let related =
                images.isEmpty
                ? "text/html"
                : "multipart/related (text/html, \(images.map { "\($0.mimeType) \(AttachmentName.cleaned($0.fileName)) inline" }.joined(separator: ", ")))"
            main = "multipart/alternative (text/plain, \(related))"
        }
        guard !files.isEmpty else { return main }
        return
            "multipart/mixed (\(main), \(files.map { "\($0.mimeType) \(AttachmentName.cleaned($0.fileName))" }.joined(separator: ", ")))"
    }

    /// The `mailto:` URI: recipients, cc, subject and text.
    var mailto: String {
        var body = message.text
        while body.last?.isNewline == true { body.removeLast() }
        return MailtoURI.make(to: message.to, cc: message.cc, subject: message.subject, body: body)
    }

    /// `card.eml` after the first file, else `message.eml`.
    var draftName: String {
        guard let name = message.attachments.first.map({ AttachmentName.cleaned($0.fileName) }) else {
            return "message.eml"
        }
        let stem = name.split(separator: ".").dropLast().joined(separator: ".")
        let base = (stem.isEmpty ? name : stem).filter { $0 != "/" && !$0.isNewline }
        return (base.isEmpty ? "message" : base) + ".eml"
    }
}
