import Clipboard
import ProcessRunning
import ShareCore

/// A destination served by a plugin executable (`sharevia-dest-<id>`), in any language.
///
/// `availability()` runs the plugin's `check`; `prepare(_:)` shapes the share to what its
/// `describe` said it takes; `deliver(_:)` writes the attachments into a private folder and runs
/// `deliver`. See ``PluginProcess`` for how a misbehaving plugin is contained.
public struct PluginDestination: ShareDestination {
    public let entry: PluginCatalog.Entry
    private let settings: PluginSettings
    private let environment: ShareEnvironment
    private let runner: any CommandRunning
    private let transcript: PluginTranscript?

    public init(
        entry: PluginCatalog.Entry,
        settings: PluginSettings,
        environment: ShareEnvironment,
        runner: any CommandRunning = ProcessRunner(),
        transcript: PluginTranscript? = nil
    ) {
        self.entry = entry
        self.settings = settings
        self.environment = environment
        self.runner = runner
        self.transcript = transcript
    }

    public var descriptor: DestinationDescriptor { entry.descriptor }

    private var id: DestinationID { entry.plugin.id }

    private var process: PluginProcess {
        PluginProcess(path: entry.plugin.path, id: id, runner: runner, transcript: transcript)
    }

    private var temporaryParent: String { environment["TMPDIR"].flatMap { $0.hasPrefix("/") ? $0 : nil } ?? "/tmp" }

    public func availability() async -> Availability {
        if let refusal = entry.refusal { return .unavailable(refusal) }
        let request = PluginProtocol.CheckRequest(
            protocolVersion: entry.protocolVersion ?? 1,
            settings: settings.settings[id] ?? [:]
        )
        do throws(ShareError) {
            let exchange = try await process.run(
                .check,
                request: request,
                as: PluginProtocol.CheckAnswer.self,
                environment: PluginProcess.environment(from: environment, temporaryFolder: temporaryParent),
                timeout: settings.probeTimeout
            )
            let answer = exchange.answer
            guard exchange.exitStatus == (answer.available ? 0 : 1) else {
                return .unavailable(
                    "plugin \(entry.plugin.path) answered check with available=\(answer.available) but exited with status \(exchange.exitStatus)"
                )
            }
            return answer.available
                ? .available() : .unavailable(answer.reason ?? "plugin \(entry.plugin.path) says it is unavailable")
        } catch {
            return .unavailable(error.message)
        }
    }

    public func prepare(_ request: ShareRequest) throws(ShareError) -> PreparedShare {
        let content = request.content
        let accepts = entry.description?.accepts
        var notes: [String] = []
        var text = content.text
        if !(accepts?.text ?? false), !text.isEmpty {
            notes.append("text not carried: the plugin takes no text")
            text = ""
        }
        if let limit = accepts?.textLimit, text.count > limit {
            text = String(text.prefix(max(0, limit - 1))) + "…"
            notes.append("text trimmed to the plugin's \(limit) characters")
        }
        var link = content.link
        if link != nil, !(accepts?.link ?? false) {
            notes.append("link not carried: the plugin takes no link")
            link = nil
        }
        var hashtags = content.hashtags
        if !hashtags.isEmpty, !(accepts?.hashtags ?? false) {
            notes.append("hashtags dropped: the plugin takes none")
            hashtags = []
        }
        let imageTypes = Set(accepts?.images ?? [])
        var attachments: [ShareAttachment] = []
        for attachment in content.attachments {
            if attachment.isImage, imageTypes.contains(attachment.mimeType) {
                if let maximum = accepts?.imageMaxBytes, let size = attachment.byteCount, size > maximum {
                    notes.append(
                        "image \(attachment.fileName) not carried: \(size) bytes, over the plugin's \(maximum)"
                    )
                    continue
                }
                attachments.append(attachment)
            } else if accepts?.files ?? false {
                attachments.append(attachment)
            } else {
                notes.append("\(attachment.fileName) not carried: the plugin doesn't take \(attachment.mimeType)")
            }
        }
        guard !text.isEmpty || link != nil || !hashtags.isEmpty || !attachments.isEmpty || content.title != nil else {
            throw ShareError(
                .contentRejected,
                destination: id,
                message: "nothing in this share is something plugin \(entry.plugin.path) takes"
            )
        }
        var fields: [PreparedShare.Field] = [.init("kind", content.kind.rawValue)]
        if let title = content.title { fields.append(.init("title", title)) }
        if let link { fields.append(.init("link", link)) }
        for tag in hashtags { fields.append(.init("hashtag", tag)) }
        let parts = [
            text.isEmpty ? nil : "\(text.count) characters",
            link == nil ? nil : "a link",
            hashtags.isEmpty ? nil : (hashtags.count == 1 ? "1 hashtag" : "\(hashtags.count) hashtags"),
            attachments.isEmpty ? nil : (attachments.count == 1 ? "1 attachment" : "\(attachments.count) attachments"),
        ].compactMap { $0 }
        return PreparedShare(
            destination: id,
            summary: "\(id) (plugin): \(parts.joined(separator: ", "))",
            text: text,
            attachments: attachments,
            fields: fields,
            notes: notes
        )
    }

    public func deliver(_ prepared: PreparedShare) async throws(ShareError) -> DeliveryReceipt {
        if let refusal = entry.refusal { throw ShareError(.unavailable, destination: id, message: refusal) }
        if Task.isCancelled { throw ShareError(.cancelled, destination: id, message: "cancelled") }
        let folder = PrivateTemporaryDirectory(parent: temporaryParent, prefix: "sharevia-plugin", destination: id)
        defer { folder.remove() }
        var attachments: [PluginProtocol.DeliverRequest.Attachment] = []
        for (index, attachment) in prepared.attachments.enumerated() {
            let bytes = Array(try attachment.data())
            let name = "attachment-\(index + 1)" + Self.fileExtension(for: attachment.mimeType)
            let path = try folder.write(bytes, name: name)
            attachments.append(
                .init(path: path, mediaType: attachment.mimeType, name: attachment.fileName, bytes: bytes.count)
            )
        }
        let request = PluginProtocol.DeliverRequest(
            protocolVersion: entry.protocolVersion ?? 1,
            share: .init(
                title: prepared[field: "title"],
                text: prepared.text ?? "",
                link: prepared[field: "link"],
                hashtags: prepared.fields.filter { $0.name == "hashtag" }.map(\.value),
                kind: prepared[field: "kind"] ?? "generic"
            ),
            attachments: attachments,
            settings: settings.settings[id] ?? [:],
            secrets: (settings.secrets[id] ?? [:]).mapValues { $0.revealed() },
            deadlineMilliseconds: max(1, settings.deliverTimeout.wholeMilliseconds)
        )
        let exchange = try await process.run(
            .deliver,
            request: request,
            as: PluginProtocol.DeliverAnswer.self,
            environment: PluginProcess.environment(from: environment, temporaryFolder: folder.path ?? temporaryParent),
            timeout: settings.deliverTimeout
        )
        return try receipt(from: exchange)
    }

    /// The receipt an answer gives, or the error it means; an exit status that contradicts the
    /// answer is a protocol error.
    func receipt(
        from exchange: PluginProcess.Exchange<PluginProtocol.DeliverAnswer>
    ) throws(ShareError) -> DeliveryReceipt {
        let answer = exchange.answer
        let succeeded = answer.outcome == "delivered" || answer.outcome == "handed-off"
        let known = succeeded || answer.outcome == "rejected" || answer.outcome == "failed"
        guard known else {
            throw process.failure(
                .permanent,
                "answered deliver with unknown outcome '\(answer.outcome)'",
                log: exchange.log
            )
        }
        guard exchange.exitStatus == (succeeded ? 0 : 1) else {
            throw process.failure(
                .permanent,
                "answered '\(answer.outcome)' but exited with status \(exchange.exitStatus); the protocol wants \(succeeded ? 0 : 1)",
                log: exchange.log
            )
        }
        let message = answer.message ?? ""
        switch answer.outcome {
        case "delivered":
            var receipt = DeliveryReceipt(
                destination: id,
                summary: message.isEmpty ? "delivered by plugin \(entry.plugin.path)" : message,
                locations: [answer.url, answer.id].compactMap { $0 }
            )
            receipt.log = exchange.log
            return receipt
        case "handed-off":
            var receipt = DeliveryReceipt.handedOff(
                destination: id,
                summary: message.isEmpty ? "handed off by plugin \(entry.plugin.path)" : message,
                nextStep: answer.nextStep ?? "finish the share where the plugin handed it off",
                locations: [answer.url, answer.id].compactMap { $0 }
            )
            receipt.log = exchange.log
            return receipt
        case "rejected":
            throw process.failure(.contentRejected, "rejected the share: \(message)", log: exchange.log)
        default:
            throw process.failure(
                answer.retryable == true ? .transient : .permanent,
                "failed: \(message.isEmpty ? "no reason given" : message)",
                log: exchange.log
            )
        }
    }

    /// `.png` for `image/png`: the plugin's file name keeps the type visible; the original name
    /// travels in the request.
    static func fileExtension(for mimeType: String) -> String {
        switch mimeType {
        case "image/png": ".png"
        case "image/jpeg": ".jpg"
        case "image/gif": ".gif"
        case "image/webp": ".webp"
        case "text/plain": ".txt"
        case "application/pdf": ".pdf"
        default: ""
        }
    }
}
