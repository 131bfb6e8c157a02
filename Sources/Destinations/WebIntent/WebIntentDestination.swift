import ProcessRunning
import ShareCore
import TextFitting

/// A destination that shares through a network's web intent: it fits the text to the network's
/// rules, builds the intent URL, and opens it with `xdg-open` (or prints it when there is no
/// desktop session).
///
/// Text-carrying intents carry what they can: an image they can't take is left out with a note
/// ("image not carried (web intents take text only)"). `prepare` refuses content only when
/// nothing in it can be carried (LinkedIn or Facebook without a link).
public struct WebIntentDestination: ShareDestination {
    /// The network's intent.
    public let service: any WebIntentService
    private let delivery: WebIntentDelivery

    /// Creates a destination.
    ///
    /// - Parameters:
    ///   - service: The network's intent.
    ///   - environment: Where `DISPLAY`, `WAYLAND_DISPLAY` and `PATH` are read.
    ///   - runner: What runs `xdg-open`.
    public init(
        service: any WebIntentService,
        environment: ShareEnvironment,
        runner: any CommandRunning = ProcessRunner()
    ) {
        self.service = service
        delivery = WebIntentDelivery(environment: environment, runner: runner)
    }

    /// The service's descriptor.
    public var descriptor: DestinationDescriptor { service.descriptor }

    /// Unavailable when the service is misconfigured (no Mastodon instance); otherwise available,
    /// noting whether the URL will be opened with `xdg-open` or printed.
    public func availability() async -> Availability {
        if let problem = service.configurationProblem { return .unavailable(problem) }
        return .available(delivery.note)
    }

    /// Fits the text to the service's rules and builds the intent URL (field `url`); the
    /// summary reads like `x: 280/280 (trimmed 41 characters, dropped #fitness)`.
    ///
    /// - Throws: ``ShareError`` `contentRejected` when nothing in the share can be carried, or
    ///   when even the link alone is over the limit.
    public func prepare(_ request: ShareRequest) throws(ShareError) -> PreparedShare {
        let content = request.content
        try requireSupported(content)
        let parts = service.parts(for: content)
        var notes: [String] = []
        if !content.images.isEmpty {
            notes.append("image not carried (web intents take text only)")
        }
        let caps = descriptor.capabilities
        if !caps.contains(.text) && !(content.text.isEmpty && (content.title ?? "").isEmpty) {
            notes.append(
                "text not carried (\(descriptor.displayName)'s intent takes \(caps.names.joined(separator: " and ")) only)"
            )
        }
        if !caps.contains(.hashtags) && !content.hashtags.isEmpty {
            notes.append("hashtags not carried")
        }
        let carriesLink = caps.contains(.link) && !(content.link ?? "").isEmpty
        if parts.body.isEmpty && parts.hashtags.isEmpty && !carriesLink {
            throw ShareError(
                .contentRejected,
                destination: id,
                message:
                    "\(descriptor.displayName) takes \(caps.names.joined(separator: ", ")), and this share has none of those"
            )
        }

        let fitted: FittedPost
        let summary: String
        if let rules = service.rules {
            fitted = TextFitter(rules: rules).fit(parts)
            guard fitted.fits else {
                throw ShareError(
                    .contentRejected,
                    destination: id,
                    message: "the post can't fit \(descriptor.displayName)'s limit: \(fitted.summary)"
                )
            }
            summary = fitted.summary
        } else {
            fitted = FittedPost(
                network: id.rawValue,
                text: content.link ?? "",
                body: "",
                link: content.link,
                hashtags: [],
                droppedHashtags: [],
                trimmedCharacters: 0,
                measurement: TextMeasurement(count: 0, limit: 0, utf8Bytes: 0)
            )
            summary = "\(id): link only (\(content.link ?? ""))"
        }
        var url = service.intentURL(for: fitted, content: content)
        if let via = request.options["via"], !via.isEmpty, service is XIntent {
            url += (url.contains("?") ? "&" : "?") + "via=" + PercentEncoding.encode(via)
        }
        return PreparedShare(
            destination: id,
            summary: summary,
            text: fitted.text,
            fields: [PreparedShare.Field("url", url)],
            notes: fitted.notes + notes
        )
    }

    /// Opens the intent URL with `xdg-open` in a desktop session, or returns it in the receipt
    /// for the person to open.
    ///
    /// - Throws: ``ShareError`` `transient` when `xdg-open` times out or its action fails,
    ///   `permanent` when it can't run or rejects the URL, `cancelled` when the task is cancelled.
    public func deliver(_ prepared: PreparedShare) async throws(ShareError) -> DeliveryReceipt {
        guard let url = prepared[field: "url"] else {
            throw ShareError(
                .badInput,
                destination: id,
                message: "the prepared share has no intent URL; prepare it with this destination"
            )
        }
        return try await delivery.deliver(url, destination: id)
    }
}
