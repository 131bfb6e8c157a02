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

    /// The plugin's settings and secrets, its declared secrets resolved. Resolved once per
    /// operation: a secret file rotated in between can't make the value sent and the value
    /// redacted differ.
    private var resolved: PluginSecrets {
        PluginSecrets(
            id: id,
            declared: entry.description?.secrets ?? [],
            configuration: settings,
            environment: environment
        )
    }

    /// The plugin run with a redactor that takes every secret sharevia knows out of what it
    /// prints, `resolved`'s own secrets too.
    private func process(_ resolved: PluginSecrets) -> PluginProcess {
        let redactor = SecretRedactor(
            settings.secrets.values.flatMap(\.values) + settings.knownSecrets + resolved.secrets.values
        )
        return PluginProcess(
            path: entry.plugin.path,
            id: id,
            runner: runner,
            transcript: transcript,
            redactor: redactor
        )
    }

    private var temporaryParent: String { environment["TMPDIR"].flatMap { $0.hasPrefix("/") ? $0 : nil } ?? "/tmp" }

    public func availability() async -> Availability {
        if let refusal = entry.refusal { return .unavailable(refusal) }
        let resolved = resolved
        let missing = resolved.missing.keys.sorted()
        let request = PluginProtocol.CheckRequest(
            protocolVersion: entry.protocolVersion ?? 1,
            settings: resolved.settings,
            missingSecrets: missing.isEmpty ? nil : missing
        )
        let process = process(resolved)
        do throws(ShareError) {
            let exchange = try await process.run(
                .check,
                request: request,
                as: PluginProtocol.CheckAnswer.self,
                environment: PluginProcess.environment(from: environment, temporaryFolder: temporaryParent),
                timeout: settings.probeTimeout
            )
            let answer = exchange.answer
            // A secret that can't be resolved makes the plugin unavailable whatever it answers.
            if let reason = resolved.missingReason {
                let own = answer.available ? nil : answer.reason.map { process.redactor.redact($0) }
                return .unavailable(
                    [reason, own].compactMap { $0 }.joined(separator: "; the plugin says: "),
                    detail: resolved.missingDetail
                )
            }
            guard exchange.exitStatusAgrees(with: answer.available ? 0 : 1) else {
                return .unavailable(
                    "plugin \(entry.plugin.path) answered check with available=\(answer.available) but exited with status \(exchange.exitStatus)"
                )
            }
            return answer.available
                ? .available()
                : .unavailable(
                    process.redactor.redact(answer.reason ?? "plugin \(entry.plugin.path) says it is unavailable")
                )
        } catch {
            return .unavailable(
                [resolved.missingReason, error.message].compactMap { $0 }.joined(separator: "; "),
                detail: resolved.missingDetail
            )
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
        let plan = PluginPlan(
            share: .init(title: content.title, text: text, link: link, hashtags: hashtags, kind: content.kind.rawValue)
        )
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
            plan: plan,
            notes: notes
        )
    }

    public func deliver(_ prepared: PreparedShare) async throws(ShareError) -> DeliveryReceipt {
        let started = ContinuousClock.now
        if let refusal = entry.refusal { throw ShareError(.unavailable, destination: id, message: refusal) }
        if Task.isCancelled { throw ShareError(.cancelled, destination: id, message: "cancelled") }
        let plan = try prepared.plan(as: PluginPlan.self, for: id)
        let resolved = resolved
        if let reason = resolved.missingReason {
            throw ShareError(.unavailable, destination: id, message: reason, detail: resolved.missingDetail)
        }
        // The folder goes on every path: success, failure, and cancellation (a share that timed
        // out and fell back may end the process before this task resumes).
        let scratch = PluginScratchFolder(parent: temporaryParent)
        defer { scratch.remove() }
        let result = await withTaskCancellationHandler { () async -> Result<DeliveryReceipt, ShareError> in
            do throws(ShareError) {
                return .success(
                    try await deliver(prepared, plan: plan, resolved: resolved, in: scratch, started: started)
                )
            } catch {
                return .failure(error)
            }
        } onCancel: {
            scratch.remove()
        }
        return try result.get()
    }

    private func deliver(
        _ prepared: PreparedShare,
        plan: PluginPlan,
        resolved: PluginSecrets,
        in scratch: PluginScratchFolder,
        started: ContinuousClock.Instant
    ) async throws(ShareError) -> DeliveryReceipt {
        guard let scratchPath = scratch.path else {
            throw ShareError(
                .permanent,
                destination: id,
                message:
                    "can't create a private temporary folder in \(temporaryParent). Set TMPDIR to a writable folder."
            )
        }
        let folder = PrivateTemporaryDirectory(parent: scratchPath, prefix: "attachments", destination: id)
        var attachments: [PluginProtocol.DeliverRequest.Attachment] = []
        for (index, attachment) in prepared.attachments.enumerated() {
            let bytes = Array(try attachment.data())
            let name = "attachment-\(index + 1)" + Self.fileExtension(for: attachment.mimeType)
            let path = try folder.write(bytes, name: name)
            attachments.append(
                .init(path: path, mediaType: attachment.mimeType, name: attachment.fileName, bytes: bytes.count)
            )
        }
        // The plugin is told, and held to, the time really left of its limit.
        let remaining = settings.deliverTimeout - (ContinuousClock.now - started)
        let timeout = max(.milliseconds(1), remaining)
        let request = PluginProtocol.DeliverRequest(
            protocolVersion: entry.protocolVersion ?? 1,
            share: plan.share,
            attachments: attachments,
            settings: resolved.settings,
            secrets: resolved.secrets.mapValues { $0.revealed() },
            deadlineMilliseconds: max(1, timeout.wholeMilliseconds)
        )
        let process = process(resolved)
        let exchange = try await process.run(
            .deliver,
            request: request,
            as: PluginProtocol.DeliverAnswer.self,
            environment: PluginProcess.environment(from: environment, temporaryFolder: scratchPath),
            timeout: timeout,
            limit: settings.deliverTimeout
        )
        return try receipt(from: exchange, of: process)
    }

    /// The receipt an answer gives, or the error it means; an exit status that contradicts the
    /// answer is a protocol error.
    func receipt(
        from exchange: PluginProcess.Exchange<PluginProtocol.DeliverAnswer>,
        of process: PluginProcess
    ) throws(ShareError) -> DeliveryReceipt {
        // Nothing the plugin says is shown before every known secret is taken out of it.
        let redactor = process.redactor
        var answer = exchange.answer
        answer.message = redactor.redact(answer.message)
        answer.url = redactor.redact(answer.url)
        answer.id = redactor.redact(answer.id)
        answer.nextStep = redactor.redact(answer.nextStep)
        answer.outcome = redactor.redact(answer.outcome)
        let succeeded = answer.outcome == "delivered" || answer.outcome == "handed-off"
        let known = succeeded || answer.outcome == "rejected" || answer.outcome == "failed"
        guard known else {
            throw process.failure(
                .permanent,
                "answered deliver with unknown outcome '\(answer.outcome)'",
                log: exchange.log
            )
        }
        guard exchange.exitStatusAgrees(with: succeeded ? 0 : 1) else {
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
