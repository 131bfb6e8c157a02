import ShareCore

/// Email: a MIME message written by sharevia itself, sent through an SMTP server with libcurl,
/// or left as a `.eml` draft with a `mailto:` URI.
///
/// - With an SMTP URL (`--smtp`, `SHAREVIA_SMTP_URL`), a sender and a recipient, the message is
///   submitted through libcurl: STARTTLS required except on loopback, certificates verified,
///   AUTH with `SHAREVIA_SMTP_USER`/`SHAREVIA_SMTP_PASSWORD`. The server's 250 makes it
///   `delivered`, with the Message-ID; a refused connection, a timeout or a 4xx reply is
///   `transient`; a refused login or a 5xx reply `permanent`. Errors and receipts quote the
///   server's reply (every line; the login is never recorded). A recipient the server refuses
///   does not stop the message for the others: it goes to every accepted recipient, and the
///   receipt names each refused one with the server's reply. Only when every recipient is
///   refused does the delivery fail. A 552 names the server's size limit (its EHLO `SIZE`); a
///   530, 554 or 5.7.x refusal says a login or relay permission may be needed.
/// - Without one, the same message is written atomically as `NAME.eml` into the share folder and
///   a `mailto:` URI with the subject and text is printed: `handed-off`. A `mailto:` URI can't
///   carry an attachment; the `.eml` does.
///
/// The message itself comes from ``MailMessageWriter``; its attachments are streamed in 57 KiB
/// chunks (``MailStream``) into the `.eml` or libcurl's upload, never held whole, and may hold
/// at most ``Configuration/attachmentLimit`` together (25 MiB by default), checked from the
/// files' sizes in `prepare` and while they are read. When the share falls back to the file
/// export, it writes the `.eml` this destination prepared beside the share's files: the message
/// it would have sent. A share's message takes its `Date` and `Message-ID` from the share's id
/// (``MessageStamp/init(share:)``), so every attempt and every resend of it is the same message,
/// byte for byte, and two shares never share a Message-ID. libcurl is
/// loaded only when a message is sent. The password is a ``ShareCore/Secret``: it reaches
/// libcurl and nothing else.
public struct EmailDestination: ShareDestination {
    /// Email's descriptor, the same for every instance.
    public static let standardDescriptor = DestinationDescriptor(
        id: .email,
        aliases: ["mail"],
        displayName: "Email",
        summary:
            "Sends a MIME message with the card through an SMTP server (libcurl, STARTTLS), or writes a .eml draft and prints a mailto: URI.",
        capabilities: .all,
        outcomes: [.delivered, .handedOff]
    )

    public var descriptor: DestinationDescriptor { Self.standardDescriptor }

    /// The configuration, with the environment's values filled in (the password as a ``ShareCore/Secret``).
    public let configuration: Configuration
    /// Where a draft goes: the configured folder, else the share folder of the environment.
    private let folder: String?
    /// The date and Message-ID token of a share's message, from the share's id.
    public let stamp: @Sendable (ShareID) -> MessageStamp

    /// Creates the destination; settings left nil are read from `environment`.
    ///
    /// - Parameter stamp: Gives a share's message its date and Message-ID, called in `prepare`
    ///   with the share's id (``ShareCore/ShareOptions/id``): by default ``MessageStamp/init(share:)``,
    ///   so every attempt and every resend of one share is the same message. Tests pass a fixed one.
    public init(
        configuration: Configuration = Configuration(),
        environment: ShareEnvironment,
        stamp: @escaping @Sendable (ShareID) -> MessageStamp = { MessageStamp(share: $0) }
    ) {
        // Only what is needed is kept: the environment holds the password in plain text.
        self.configuration = configuration.resolved(in: environment)
        self.folder = configuration.outputDirectory ?? FileExportDestination.defaultDirectory(environment: environment)
        self.stamp = stamp
    }

    /// The checked SMTP settings, or nil for a draft.
    private func transport() throws(ShareError) -> SMTPDelivery? {
        guard let text = configuration.smtp else { return nil }
        let url: SMTPURL
        do throws(MailContentError) {
            url = try SMTPURL(parsing: text)
        } catch {
            throw ShareError(
                .unavailable,
                destination: id,
                message: error.description,
                detail: .init(.unusableSetting, setting: "smtp", mentions: [.field("SMTP URL", Settings.smtp)]),
                underlying: error
            )
        }
        let security = configuration.security ?? (url.isLoopback ? .opportunistic : .required)
        if url.scheme == .smtps && security == .none {
            throw ShareError(
                .unavailable,
                destination: id,
                message: "smtps:// is TLS from the first byte; Configuration.security .none contradicts it",
                detail: .init(
                    .conflictingSettings,
                    setting: "security",
                    value: "none",
                    mentions: [
                        SettingMention("Configuration.security .none", advice: "\(flag: Settings.security) none")
                    ]
                )
            )
        }
        let credentials = configuration.user != nil || configuration.password != nil
        if credentials && !url.isLoopback && url.scheme == .smtp && security != .required {
            throw ShareError(
                .unavailable,
                destination: id,
                message:
                    "refusing to send the SMTP login to \(url.host) without TLS: set Configuration.security to .required (the default) or use smtps://",
                detail: .init(
                    .conflictingSettings,
                    setting: "security",
                    value: security.rawValue,
                    found: [url.host],
                    mentions: [
                        SettingMention(
                            "set Configuration.security to .required (the default) or use",
                            advice: "use \(flag: Settings.security) required (the default) or"
                        )
                    ]
                )
            )
        }
        if configuration.password != nil && configuration.user == nil {
            throw ShareError(
                .unavailable,
                destination: id,
                message: "\(Configuration.passwordVariable) is set but no user: set \(Configuration.userVariable)"
            )
        }
        if let caFile = configuration.caFile, !FileAccess.isReadable(caFile) {
            throw ShareError(
                .unavailable,
                destination: id,
                message: "the CA file \(caFile) (Configuration.caFile) can't be read",
                detail: .init(
                    .unusableSetting,
                    setting: "caFile",
                    value: caFile,
                    mentions: [SettingMention("Configuration.caFile", setting: Settings.caFile)]
                )
            )
        }
        return SMTPDelivery(
            url: url,
            security: security,
            caFile: configuration.caFile,
            user: configuration.user,
            password: configuration.password,
            timeout: configuration.timeout,
            connectTimeout: configuration.connectTimeout
        )
    }

    /// With an SMTP server: unavailable without a sender or a recipient, or when the settings
    /// would send a password in clear; otherwise names the server. Without one: the draft folder.
    public func availability() async -> Availability {
        let smtp: SMTPDelivery?
        do {
            smtp = try transport()
        } catch {
            return .unavailable(error)
        }
        guard let smtp else {
            guard let folder else {
                return .unavailable(
                    "neither XDG_DATA_HOME nor HOME is set, and no Configuration.outputDirectory for the .eml draft",
                    detail: .init(.missingSetting, setting: "outputDirectory", mentions: [.noOutputDirectory])
                )
            }
            return .available(
                "no SMTP server (Configuration.smtp or \(Configuration.urlVariable)): writes a .eml draft to \(folder) and prints a mailto: URI",
                detail: .init(
                    .missingSetting,
                    setting: "smtp",
                    value: folder,
                    mentions: [SettingMention("Configuration.smtp", setting: Settings.smtp)]
                )
            )
        }
        guard configuration.from != nil else {
            return .unavailable(
                "no sender: set Configuration.from or \(Configuration.fromVariable)",
                detail: .init(
                    .missingSetting,
                    setting: "from",
                    mentions: [
                        SettingMention(
                            "set Configuration.from or",
                            advice: "pass \(flag: Settings.from) ADDRESS or set"
                        )
                    ]
                )
            )
        }
        guard !configuration.to.isEmpty || !configuration.cc.isEmpty else {
            return .unavailable("no recipient (Configuration.to)", detail: Self.noRecipient)
        }
        let tls =
            smtp.url.scheme == .smtps
            ? "TLS" : smtp.security == .required ? "STARTTLS required" : "STARTTLS \(smtp.security.rawValue)"
        return .available("sends through \(smtp.url) (\(tls)\(smtp.user.map { ", login \($0)" } ?? ""))")
    }

    /// Writes the message once (every header, address and file name checked) and shows its
    /// headers, structure and size, and the `mailto:` URI of a draft.
    ///
    /// Attachments are not read here: their sizes come from the files, and attachments that
    /// already pass ``Configuration/attachmentLimit`` together are refused.
    ///
    /// - Throws: ``ShareCore/ShareError`` `contentRejected` naming the field for a bad address,
    ///   a CR, LF or NUL in a header value or file name, or naming the file and the limit for
    ///   attachments too large; `unavailable` for unusable SMTP settings.
    public func prepare(_ request: ShareRequest) throws(ShareError) -> PreparedShare {
        try requireSupported(request.content)
        let smtp = try transport()
        let composition = try EmailComposition(content: request.content, configuration: configuration)
        let message = composition.message
        try composition.checkSizes(limit: configuration.effectiveAttachmentLimit)
        // The share's stamp, which deliver and a kept draft use too: the size is the size sent.
        let stamp = stamp(request.options.id)
        let layout = try composition.layout(stamp: stamp)
        let size =
            layout.size.map { "\($0) bytes" } ?? "over \(layout.textSize) bytes (an attachment is not a regular file)"
        var notes = composition.notes
        var server: String?
        if let smtp {
            server = "\(smtp.url) (TLS \(smtp.url.scheme == .smtps ? "implicit" : smtp.security.rawValue))"
        } else {
            for file in message.attachments {
                notes.append(
                    "\(file.fileName) not carried in the mailto: URI (it takes text only); the .eml draft carries it"
                )
            }
            if message.to.isEmpty && message.cc.isEmpty {
                notes.append("no recipient (Configuration.to): the draft has none")
            }
        }
        let plan = EmailPlan(
            message: message,
            stamp: stamp,
            structure: composition.structure,
            size: size,
            attachmentLimit: configuration.effectiveAttachmentLimit,
            server: server
        )
        let recipients = (message.to + message.cc).map(\.addrSpec).joined(separator: ", ")
        let files = message.attachments.map(\.fileName).joined(separator: ", ")
        return PreparedShare(
            destination: id,
            summary:
                "email: \(smtp == nil ? "draft" : "to \(recipients)"), subject \"\(message.subject)\"\(files.isEmpty ? "" : ", with \(files)"); message \(size)",
            text: message.text,
            attachments: request.content.attachments,
            plan: plan,
            notes: notes,
            mentions: Self.noteMentions
        )
    }

    /// Sends the message through the SMTP server (`delivered` on its 250, with the Message-ID), or
    /// writes the `.eml` draft and hands over the `mailto:` URI (`handed-off`).
    public func deliver(_ prepared: PreparedShare) async throws(ShareError) -> DeliveryReceipt {
        if Task.isCancelled { throw ShareError(.cancelled, destination: id, message: "cancelled before sending") }
        let plan = try prepared.plan(as: EmailPlan.self, for: id)
        let composition = plan.composition
        let layout = try composition.layout(stamp: plan.stamp)
        let limit = configuration.effectiveAttachmentLimit
        let message = composition.message
        let messageID = plan.messageID
        if let smtp = try transport() {
            guard let from = message.from else {
                throw ShareError(
                    .unavailable,
                    destination: id,
                    message: "no sender (Configuration.from)",
                    detail: .init(
                        .missingSetting,
                        setting: "from",
                        mentions: [
                            SettingMention(" (Configuration.from)", advice: ": pass \(flag: Settings.from) ADDRESS")
                        ]
                    )
                )
            }
            let recipients = message.to + message.cc
            guard !recipients.isEmpty else {
                throw ShareError(
                    .unavailable,
                    destination: id,
                    message: "no recipient (Configuration.to)",
                    detail: Self.noRecipient
                )
            }
            let acceptance = try await smtp.send(layout, limit: limit, from: from, recipients: recipients)
            let summary = Self.receiptSummary(
                server: smtp.url.description,
                recipients: recipients,
                acceptance: acceptance,
                messageID: messageID
            )
            return DeliveryReceipt(destination: id, summary: summary, locations: [messageID])
        }
        guard let folder else {
            throw ShareError(
                .unavailable,
                destination: id,
                message: "no folder for the .eml draft (Configuration.outputDirectory)",
                detail: .init(.missingSetting, setting: "outputDirectory", mentions: [.noFolder])
            )
        }
        let path = try await EmailDraft(layout: layout, limit: limit, name: composition.draftName).write(into: folder)
        let attachmentStep =
            message.attachments.isEmpty
            ? ""
            : " (a mailto: URI can't carry an attachment: attach \(message.attachments.map(\.fileName).joined(separator: ", ")) yourself, or use the .eml, which holds it)"
        var receipt = DeliveryReceipt.handedOff(
            destination: id,
            summary:
                "wrote the message to \(path) and a mailto: URI (no SMTP server: Configuration.smtp or \(Configuration.urlVariable))",
            nextStep:
                "open \(path) in your mail client and send it, or open the mailto: URI\(attachmentStep): \(composition.mailto)",
            locations: [path, composition.mailto]
        )
        receipt.mentions = Self.draftReceiptMentions
        return receipt
    }
}

extension EmailDestination {
    /// The receipt's summary for a message the server took: the recipients it accepted and those
    /// it refused, or, when its replies were too long to record, that it is unknown which.
    static func receiptSummary(
        server: String,
        recipients: [MailAddress],
        acceptance: SMTPDelivery.Acceptance,
        messageID: String
    ) -> String {
        guard acceptance.refusalsKnown else {
            var summary =
                "\(server) accepted the message (\(acceptance.reply)), Message-ID \(messageID), but its replies were too long to record which of \(recipients.map(\.addrSpec).joined(separator: ", ")) it refused"
            if !acceptance.refused.isEmpty {
                let list = acceptance.refused.map { "\($0.address) (\"\($0.reply)\")" }.joined(separator: ", ")
                summary += "; it refused at least \(list): the message did not go to them"
            }
            return summary
        }
        let refused = Set(acceptance.refused.map { $0.address.lowercased() })
        let accepted = recipients.map(\.addrSpec).filter { !refused.contains($0.lowercased()) }
        var summary =
            "\(server) accepted the message for \(accepted.joined(separator: ", ")) (\(acceptance.reply)), Message-ID \(messageID)"
        if !acceptance.refused.isEmpty {
            let list = acceptance.refused.map { "\($0.address) (\"\($0.reply)\")" }.joined(separator: ", ")
            summary += "; it refused \(list): the message did not go to them"
        }
        return summary
    }
}

extension DestinationID {
    /// Email, through SMTP or as a draft.
    public static let email: DestinationID = "email"
}
