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
    public init(service: any WebIntentService, environment: ShareEnvironment) {
        self.init(service: service, environment: environment, runner: ProcessRunner())
    }

    /// Creates a destination whose `xdg-open` runs through `runner` (a test's fake).
    package init(service: any WebIntentService, environment: ShareEnvironment, runner: any CommandRunning) {
        self.init(service: service, delivery: WebIntentDelivery(environment: environment, runner: runner))
    }

    /// Creates a destination that delivers with `delivery`, which several destinations may share.
    init(service: any WebIntentService, delivery: WebIntentDelivery) {
        self.service = service
        self.delivery = delivery
    }

    /// The service's descriptor, with the text limit taken from the service's rules; its only
    /// outcome is `handed-off`, since a person still has to post.
    public var descriptor: DestinationDescriptor { Self.descriptor(for: service) }

    /// The descriptor of the destination for `service`, without building it.
    public static func descriptor(for service: any WebIntentService) -> DestinationDescriptor {
        var descriptor = service.descriptor
        descriptor.outcomes = [.handedOff]
        if let rules = service.rules {
            descriptor.textLimit = .init(maximum: rules.limit, unit: rules.unit)
        }
        return descriptor
    }

    /// Unavailable when the service is misconfigured (no Mastodon instance); otherwise available,
    /// noting whether the URL will be opened with `xdg-open` or printed.
    public func availability() async -> Availability {
        if let problem = service.configurationProblem {
            return .unavailable(problem, detail: service.configurationDetail)
        }
        return .available(delivery.note)
    }

    /// Fits the text to the service's rules and builds the intent URL (field `url`); the
    /// summary reads like `x: 280/280 (trimmed 41 characters, dropped #fitness)`.
    ///
    /// - Throws: ``ShareError`` `unavailable` when the service is misconfigured (no Mastodon
    ///   instance); `contentRejected` when nothing in the share can be carried, or when even the
    ///   link alone is over the limit.
    public func prepare(_ request: ShareRequest) throws(ShareError) -> PreparedShare {
        if let problem = service.configurationProblem {
            throw ShareError(.unavailable, destination: id, message: problem, detail: service.configurationDetail)
        }
        var content = request.content
        // Hashtags that are empty once `#` is removed carry nothing; drop them so they can't
        // make an otherwise empty share look carriable.
        content.hashtags = PostParts(body: "", hashtags: content.hashtags).hashtags
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
        notes += service.notes(for: content)
        if !caps.contains(.hashtags) && !content.hashtags.isEmpty {
            notes.append("hashtags not carried")
        }

        let fitted: FittedPost
        if let rules = service.rules {
            fitted = TextFitter(rules: rules).fit(parts)
            guard fitted.fits else {
                throw ShareError(
                    .contentRejected,
                    destination: id,
                    message:
                        "the post can't fit \(descriptor.displayName)'s limit: \(fitted.summary); "
                        + "shorten the link or text, or choose another destination"
                )
            }
        } else {
            fitted = .linkOnly(network: id.rawValue, link: content.link ?? "")
        }
        let plan = WebIntentPlan(url: service.intentURL(for: fitted, content: content))
        return PreparedShare(
            destination: id,
            summary: fitted.summary,
            text: fitted.text,
            plan: plan,
            notes: fitted.notes + notes
        )
    }

    /// Opens the intent URL with `xdg-open` in a desktop session, or returns it in the receipt
    /// for the person to open.
    ///
    /// - Throws: ``ShareError`` `transient` when `xdg-open` times out or its action fails;
    ///   `unavailable` when `xdg-open` is not there to run; `permanent` when it can't be run for
    ///   another reason or rejects the URL; `cancelled` when the task is cancelled.
    public func deliver(_ prepared: PreparedShare) async throws(ShareError) -> DeliveryReceipt {
        let plan = try prepared.plan(as: WebIntentPlan.self, for: id)
        return try await delivery.deliver(plan.url, destination: id)
    }
}
