import ProcessRunning
import ShareCore
import TextFitting

/// Mastodon: posts the share through the server's API when signed in, and reports `delivered`
/// with the post's URL; hands it to the server's share page (the web intent) when not, saying
/// how to sign in.
///
/// Signed in means a token from `SHAREVIA_MASTODON_TOKEN` or the config file
/// (`mastodon.token_env`, `mastodon.token_file`), or the account `sharevia login mastodon` saved
/// for the server (``MastodonSignIn``).
///
/// A post uploads the card with its alt text (`POST /api/v2/media`, polled while the server
/// processes it), then posts the status, or a thread of them with `--thread`, each with an
/// `Idempotency-Key` derived from the share's id, so a retry never posts twice
/// (``MastodonPoster``). The text is fitted to the server's own limits, read from
/// `/api/v2/instance` at the first post and cached for a day (``MastodonLimitsCache``).
///
/// Errors: 401/403 `permanent` (sign in again); 422 `permanent`, quoting the server; 413
/// `permanent`, naming the limit; 429 `transient` with the reset time; 5xx and connection
/// failures `transient`; a status sent without an answer `outcome-unknown`.
public struct MastodonDestination: ShareDestination {
    /// The configuration as given.
    public let configuration: Configuration
    let address: MastodonInstanceAddress?
    let addressProblem: MastodonRequestError?
    let signIn: MastodonSignIn
    let cached: MastodonLimitsCache.Entry?
    let cache: MastodonLimitsCache
    let intent: WebIntentDestination
    let memory = MastodonDeliveryMemory()

    /// Creates the destination, reading who is signed in and the server's cached limits.
    ///
    /// - Parameters:
    ///   - configuration: The server, token and post settings.
    ///   - environment: Where `SHAREVIA_MASTODON_*`, `XDG_STATE_HOME`, `XDG_CACHE_HOME`, `HOME`,
    ///     `DISPLAY` and `PATH` are read.
    public init(configuration: Configuration = Configuration(), environment: ShareEnvironment) {
        self.init(configuration: configuration, environment: environment, runner: ProcessRunner())
    }

    /// Creates the destination, its hand-off's `xdg-open` run through `runner` (a test's fake).
    package init(configuration: Configuration, environment: ShareEnvironment, runner: any CommandRunning) {
        self.configuration = configuration
        let given = configuration.instance ?? environment[MastodonIntent.instanceVariable]
        var address: MastodonInstanceAddress?
        var problem: MastodonRequestError?
        if let given, !given.isEmpty {
            do throws(MastodonRequestError) {
                address = try MastodonInstanceAddress(given)
            } catch {
                problem = error
            }
        }
        signIn =
            problem == nil
            ? MastodonSignIn.resolve(token: configuration.token, instance: address, environment: environment)
            : .signedOut(problem: nil)
        if address == nil, problem == nil, let server = signIn.accountServer {
            address = try? MastodonInstanceAddress(server)
        }
        self.address = address
        addressProblem = problem
        let cache = MastodonLimitsCache(environment: environment)
        let cached = address.flatMap { cache.entry(for: HTTPURLOrigin($0)) }
        self.cache = cache
        self.cached = cached
        let limit = cached?.limits.maximumCharacters ?? configuration.limit
        let service = MastodonIntent(instance: address?.intentHost ?? given, limit: limit)
        intent = WebIntentDestination(service: service, environment: environment, runner: runner)
    }

    /// `mastodon`: text, link, hashtags and one image; `delivered` when signed in, `handed-off`
    /// otherwise.
    public static func standardDescriptor(limit: Int) -> DestinationDescriptor {
        DestinationDescriptor(
            id: "mastodon",
            displayName: "Mastodon",
            summary: "posts to your Mastodon server when signed in; otherwise opens its share page",
            capabilities: [.text, .link, .hashtags, .image],
            textLimit: .init(maximum: limit, unit: "characters (URLs count 23)"),
            outcomes: [.delivered, .handedOff]
        )
    }

    /// The descriptor, its text limit ``Configuration/limit``: the server's own, once read, is
    /// what a post is fitted to.
    public var descriptor: DestinationDescriptor { Self.standardDescriptor(limit: configuration.limit) }

    /// How to sign in, for a hand-off and an unavailable destination.
    var signInHint: String {
        let host = address?.description ?? "HOST"
        return
            "to post directly instead, sign in to Mastodon at \(host) or set \(Configuration.tokenVariable)"
    }

    /// Unavailable without a server (or with a malformed one); otherwise available, saying who
    /// posts, or that the share is handed off and how to sign in.
    public func availability() async -> Availability {
        if let addressProblem {
            return .unavailable(
                "Mastodon \(addressProblem.message)",
                detail: .init(.unusableSetting, setting: "instance", value: configuration.instance)
            )
        }
        guard let address else { return await intent.availability() }
        switch signIn {
        case .signedOut(let problem):
            let why = problem.map { " (\($0))" } ?? ""
            let available = await intent.availability()
            guard available.isAvailable else { return available }
            return .available("not signed in\(why): \(available.reason ?? "hands off"); \(signInHint)")
        default:
            return .available("posts to \(address) as \(signIn.who)")
        }
    }

    /// Plans the post (``MastodonPostPlanner``) when signed in, or the web intent's hand-off.
    ///
    /// - Throws: ``ShareError`` `unavailable` without a usable server; `contentRejected` when
    ///   the share can't be posted (nothing to post, over the limits, an image without alt text
    ///   when alt text is required).
    public func prepare(_ request: ShareRequest) throws(ShareError) -> PreparedShare {
        if let addressProblem {
            throw ShareError(
                .unavailable,
                destination: id,
                message: "Mastodon \(addressProblem.message)",
                detail: .init(.unusableSetting, setting: "instance", value: configuration.instance)
            )
        }
        guard let address, signIn.isSignedIn else {
            var prepared = try intent.prepare(request)
            prepared.plan = MastodonPlan.handOff(prepared, signIn: signInHint)
            prepared.notes.append("not signed in to Mastodon, so the post is handed off; \(signInHint)")
            return prepared
        }
        var content = request.content
        content.hashtags = PostParts(body: "", hashtags: content.hashtags).hashtags
        try requireSupported(content)
        let planner = MastodonPostPlanner(
            destination: id,
            instance: address,
            configuration: configuration,
            cached: cached
        )
        return try planner.prepare(request, content: content)
    }

    /// Posts (``MastodonPoster``), or hands off through the web intent.
    public func deliver(_ prepared: PreparedShare) async throws(ShareError) -> DeliveryReceipt {
        switch try prepared.plan(as: MastodonPlan.self, for: id) {
        case .handOff(let handOff, let signIn):
            var receipt = try await intent.deliver(handOff).attributed(to: id)
            receipt.nextStep = (receipt.nextStep.map { $0 + "; " } ?? "") + signIn
            return receipt
        case .post(let plan):
            let poster = MastodonPoster(
                destination: id,
                signIn: signIn,
                timeout: configuration.timeout,
                cache: cache,
                memory: memory
            )
            return try await poster.post(plan)
        }
    }
}

extension DeliveryReceipt {
    fileprivate func attributed(to id: DestinationID) -> DeliveryReceipt {
        var receipt = self
        receipt.destination = id
        return receipt
    }
}
