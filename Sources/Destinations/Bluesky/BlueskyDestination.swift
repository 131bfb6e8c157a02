import HTTPTransport
import ImagePipeline
import ProcessRunning
import ShareCore
import TextFitting

/// Bluesky: posts through the account's PDS when a session is available (the card with
/// `com.atproto.repo.uploadBlob`, then `com.atproto.repo.createRecord`), and reports `delivered`
/// with the post's URL; without credentials it hands off through the compose page
/// (``BlueskyIntent``), saying how to sign in.
///
/// `prepare` is pure: it fits or splits the text, detects links and tags, chooses every record key
/// from the share's ``ShareCore/ShareID`` (so each retry of one share uses the same keys, and can
/// never post twice), and reads the card's header for its aspect ratio. `deliver` resolves
/// mentions, uploads the card and creates the records.
public struct BlueskyDestination: ShareDestination {
    /// The descriptor, whatever the credentials: one image, text of 300 graphemes.
    public static let standardDescriptor = DestinationDescriptor(
        id: "bluesky",
        displayName: "Bluesky",
        summary: "posts to Bluesky through its API when signed in; "
            + "otherwise opens the compose page with the post fitted to 300 graphemes",
        capabilities: [.text, .link, .hashtags, .image],
        textLimit: .init(maximum: TextRules.bluesky.limit, unit: TextRules.bluesky.unit),
        imageConstraints: .init(
            mimeTypes: ["image/png", "image/jpeg"],
            maximumBytes: BlueskyEmbed.maximumImageBytes
        ),
        outcomes: [.delivered, .handedOff]
    )

    /// How to sign in, in library terms, for a hand-off's note and next step; ``signInMentions``
    /// let the command line word it with its variables and its login command.
    static let signInHint =
        "to post for real, give it a Bluesky session: an app password with its handle, "
        + "or an account kept in the account store"

    /// The settings and the sign-in that ``signInHint`` names, for the command line to word.
    static let signInMentions = [
        SettingMention(
            "an app password with its handle",
            advice: "\(variable: BlueskyCredentials.appPassword) with \(variable: BlueskyCredentials.handle)"
        ),
        SettingMention(
            "an account kept in the account store",
            advice: "an account signed in with sharevia login bluesky"
        ),
    ]

    public var descriptor: DestinationDescriptor { Self.standardDescriptor }

    private let configuration: Configuration
    let source: (any BlueskySessionSource)?
    let client: HTTPClient
    private let handOff: WebIntentDestination
    let now: @Sendable () -> UTCTime

    /// A destination posting through `source`, or handing off when it is nil.
    ///
    /// - Parameters:
    ///   - configuration: The PDS and the posts' languages.
    ///   - source: Where sessions come from; nil hands off.
    ///   - environment: Where the hand-off's `DISPLAY` and `PATH` are read.
    ///   - client: The HTTP client; its deadline stays below the router's delivery timeout.
    ///   - runner: Runs the hand-off's `xdg-open`.
    ///   - now: The clock of rate-limit resets.
    package init(
        configuration: Configuration,
        source: (any BlueskySessionSource)?,
        environment: ShareEnvironment,
        client: HTTPClient = BlueskyDestination.httpClient(within: ShareSettings.defaultTimeout),
        runner: any CommandRunning = ProcessRunner(),
        now: @escaping @Sendable () -> UTCTime = { UTCTime.now() }
    ) {
        self.configuration = configuration
        self.source = source
        self.client = client
        self.handOff = WebIntentDestination(service: BlueskyIntent(), environment: environment, runner: runner)
        self.now = now
    }

    /// Available either way; the note says whether it posts or hands off.
    public func availability() async -> Availability {
        guard source != nil else {
            let delivery = await handOff.availability()
            return .available(
                "not signed in: hands off through the compose page, which "
                    + (delivery.reason ?? "opens or prints the URL") + "; " + Self.signInHint,
                detail: .init(.missingSetting, mentions: Self.signInMentions)
            )
        }
        return .available("posts through \(configuration.server)")
    }

    /// The plan of the posts (signed in) or of the compose page (not signed in).
    ///
    /// - Throws: ``ShareError`` `contentRejected`: nothing Bluesky takes; more than one image or
    ///   one that is not PNG or JPEG; no alt text when the share requires it
    ///   (``ShareCore/ShareOptions/requiresAltText``); a text
    ///   that can't fit even trimmed.
    public func prepare(_ request: ShareRequest) throws(ShareError) -> PreparedShare {
        guard source != nil else {
            var prepared = try handOff.prepare(request)
            prepared.notes.append("not signed in to Bluesky, so the post is handed off; " + Self.signInHint)
            prepared.mentions += Self.signInMentions
            return prepared
        }
        let content = request.content
        try requireSupported(content)
        var notes: [String] = []
        let image = try plannedImage(content, options: request.options, notes: &notes)
        let parts = BlueskyIntent().parts(for: content)
        let texts: [String]
        let summary: String
        if request.options.threadsLongText, !TextRules.bluesky.measure(parts.composed).fits {
            texts = ThreadSplitter(rules: .bluesky).split(parts.composed)
            summary = "bluesky: a thread of \(texts.count) posts"
            notes.append("the text is split into a thread of \(texts.count) posts, numbered 1/\(texts.count) on")
        } else {
            let fitted = TextFitter(rules: .bluesky).fit(parts)
            guard fitted.fits else {
                throw ShareError(
                    .contentRejected,
                    destination: id,
                    message: "the post can't fit Bluesky's limit: \(fitted.summary); shorten the link or text, "
                        + "or thread it"
                )
            }
            texts = [fitted.text]
            summary = fitted.summary
            notes = fitted.notes + notes
        }
        let external =
            image == nil
            ? content.link.flatMap { link in
                try? BlueskyEmbed.External(
                    uri: link,
                    title: String((content.title ?? link).prefix(300)),
                    description: String(content.text.prefix(1000))
                )
            } : nil
        let id = request.options.id
        let plan = BlueskyPostPlan(
            server: configuration.server,
            texts: texts.isEmpty ? [""] : texts,
            recordKeys: BlueskyTID.sequence(
                count: max(texts.count, 1),
                clock: FixedWallClock(microseconds: id.microseconds),
                clockID: UInt16(truncatingIfNeeded: id.nonce) & BlueskyTID.maximumClockID
            ),
            createdAt: BlueskyDatetime.string(microseconds: id.microseconds),
            langs: configuration.langs,
            image: image,
            external: external
        )
        return PreparedShare(
            destination: self.id,
            summary: summary,
            text: texts.joined(separator: "\n\n"),
            attachments: content.images,
            plan: plan,
            notes: notes,
            mentions: [ShareAttachment.altTextMention]
        )
    }

    /// Posts (signed in) or hands off (not signed in).
    ///
    /// - Throws: ``ShareError``: `permanent` with `sign-in-again` (401/403, refused credentials),
    ///   quoting the server (a lexicon error), or naming the limit (413, `BlobTooLarge`);
    ///   `transient` (429 with its reset, 5xx, refused connections); `outcome-unknown` when a
    ///   request was sent and no answer came (the record key makes a retry safe);
    ///   `contentRejected` for a card that stays over the limit even re-encoded.
    public func deliver(_ prepared: PreparedShare) async throws(ShareError) -> DeliveryReceipt {
        if prepared.plan is WebIntentPlan {
            var receipt = try await handOff.deliver(prepared)
            receipt.nextStep = (receipt.nextStep.map { $0 + "; " } ?? "") + Self.signInHint
            receipt.mentions += Self.signInMentions
            return receipt
        }
        let plan = try prepared.plan(as: BlueskyPostPlan.self, for: id)
        guard let source else {
            throw ShareError(
                .unavailable,
                destination: id,
                message: "not signed in to Bluesky; " + Self.signInHint,
                detail: .init(.missingSetting, mentions: Self.signInMentions)
            )
        }
        let xrpc = BlueskyXRPC(client: client, destination: id, now: now)
        var poster = try await BlueskyPoster.start(plan, source: source, xrpc: xrpc)
        return try await poster.post()
    }

    /// The card's plan: alt text, aspect ratio from its header, size.
    private func plannedImage(
        _ content: ShareContent,
        options: ShareOptions,
        notes: inout [String]
    ) throws(ShareError) -> BlueskyPostPlan.Image? {
        guard let attachment = content.images.first else { return nil }
        let alt = attachment.altText ?? ""
        if alt.isEmpty {
            if options.requiresAltText {
                throw ShareError(
                    .contentRejected,
                    destination: id,
                    message: "\(attachment.fileName) has no alt text, and the share requires it; "
                        + ShareAttachment.askForAltText,
                    detail: .init(.missingSetting, setting: "altText", mentions: [ShareAttachment.altTextMention])
                )
            }
            notes.append("\(attachment.fileName) has no alt text; \(ShareAttachment.askForAltText)")
        }
        let info: ImageInfo
        do {
            switch attachment.source {
            case .file(let path): info = try ImageInspector(verifyChecksums: false).inspect(path: path)
            case .bytes(let data): info = try ImageInspector(verifyChecksums: false).inspect(data: [UInt8](data))
            }
        } catch {
            throw ShareError(
                .contentRejected,
                destination: id,
                message: "\(attachment.fileName) can't be read as a PNG or JPEG: \(error)",
                underlying: error
            )
        }
        let image = BlueskyPostPlan.Image(
            attachment: attachment,
            alt: alt,
            aspectRatio: .init(width: info.width, height: info.height),
            size: info.fileSize
        )
        if image.reencodes {
            notes.append(
                "\(attachment.fileName) is \(info.fileSize) bytes, over Bluesky's \(BlueskyEmbed.maximumImageBytes)-byte "
                    + "image limit: it is re-encoded as JPEG when posted"
            )
        }
        return image
    }
}
