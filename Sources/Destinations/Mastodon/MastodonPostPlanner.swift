import ShareCore
import TextFitting

/// `prepare` for a signed-in share: fits the text to the server's limits (or splits it into a
/// thread), checks the card and its alt text against them, and derives each status's
/// `Idempotency-Key` from the share's id. Pure: it reads nothing but the request.
struct MastodonPostPlanner: Sendable {
    let destination: DestinationID
    let instance: MastodonInstanceAddress
    let configuration: MastodonDestination.Configuration
    /// The server's limits from the cache, or nil to use ``MastodonDestination/Configuration/limit``.
    let cached: MastodonLimitsCache.Entry?

    /// The limits to fit to.
    var limits: MastodonInstanceLimits {
        cached?.limits ?? MastodonInstanceLimits(maximumCharacters: configuration.limit)
    }

    /// The rules of `limits`: characters, each URL at the server's fixed count.
    static func rules(_ limits: MastodonInstanceLimits) -> TextRules {
        TextRules(
            name: "mastodon",
            limit: limits.maximumCharacters,
            unit: "characters (URLs count \(limits.charactersPerURL))",
            counter: GraphemeCounter(urlLength: limits.charactersPerURL, shortensRemoteMentions: true)
        )
    }

    func prepare(_ request: ShareRequest, content: ShareContent) throws(ShareError) -> PreparedShare {
        let limits = limits
        let rules = Self.rules(limits)
        let parts = PostParts(title: content.title, text: content.text, link: content.link, hashtags: content.hashtags)
        var notes: [String] = []
        var texts: [String]
        let summary: String
        if request.options.threadsLongText {
            texts = ThreadSplitter(rules: rules).split(parts.composed)
            if let over = texts.first(where: { !rules.measure($0).fits }) {
                throw rejected(
                    "a part of the thread can't fit \(limits.maximumCharacters) characters: \(over.prefix(40))…"
                )
            }
            if texts.count > 1 { notes.append("split into a thread of \(texts.count) posts") }
            summary =
                texts.count > 1
                ? "mastodon: a thread of \(texts.count) posts, each within \(limits.maximumCharacters) characters"
                : "mastodon: \(rules.measure(texts.first ?? "").count)/\(limits.maximumCharacters)"
        } else {
            let fitted = TextFitter(rules: rules).fit(parts)
            guard fitted.fits else {
                throw rejected(
                    "the post can't fit Mastodon's limit: \(fitted.summary); shorten the link or text, or post it as a thread"
                )
            }
            texts = [fitted.text]
            notes += fitted.notes
            summary = fitted.summary
        }
        if texts.isEmpty { texts = [""] }
        let media = try media(content, limits: limits, requiresAltText: request.options.requiresAltText, notes: &notes)
        if media == nil, texts.allSatisfy(\.isEmpty) {
            throw rejected("the share has no text and no image, so there is nothing to post")
        }
        var posts: [MastodonPostPlan.Post] = []
        for (index, text) in texts.enumerated() {
            posts.append(.init(text: text, idempotencyKey: Self.key(request.options.id, post: index + 1)))
        }
        let plan = MastodonPostPlan(
            instance: instance,
            media: media,
            posts: posts,
            visibility: configuration.visibility,
            language: configuration.language,
            spoilerText: configuration.spoilerText,
            limits: limits,
            limitsAreCurrent: cached.map { !$0.isStale } ?? false,
            limitsAreServers: cached != nil
        )
        return PreparedShare(
            destination: destination,
            summary: summary,
            text: texts.joined(separator: "\n\n"),
            attachments: media.map { [$0.attachment] } ?? [],
            plan: MastodonPlan.post(plan),
            notes: notes,
            mentions: [ShareAttachment.altTextMention]
        )
    }

    /// The `Idempotency-Key` of post `post` (1-based) of the share `id`:
    /// `sharevia-MICROS-NONCE-POST`, the same on every retry of the share.
    static func key(_ id: ShareID, post: Int) -> MastodonIdempotencyKey {
        // A share id is digits, a hyphen and hex digits: always a valid key.
        (try? MastodonIdempotencyKey("sharevia-\(id)-\(post)")) ?? (try! MastodonIdempotencyKey("sharevia"))
    }

    private func media(
        _ content: ShareContent,
        limits: MastodonInstanceLimits,
        requiresAltText: Bool,
        notes: inout [String]
    ) throws(ShareError) -> MastodonPostPlan.Media? {
        guard let image = content.images.first else { return nil }
        if !limits.accepts(mediaType: image.mimeType) {
            throw rejected(
                "\(instance) does not take \(image.mimeType) (\(image.fileName)); convert the card to PNG or JPEG"
            )
        }
        if let size = limits.imageSizeLimit, let count = image.byteCount, count > size {
            throw ShareError(
                .contentRejected,
                destination: destination,
                message:
                    "\(image.fileName) is \(count) bytes, over \(instance)'s image_size_limit of \(size) bytes; make the card smaller",
                detail: .init(.overLimit, value: String(size), found: [String(count)])
            )
        }
        var altText = image.altText.map { String($0.trimmingWhitespace()) }.flatMap { $0.isEmpty ? nil : $0 }
        if altText == nil {
            if requiresAltText {
                throw ShareError(
                    .contentRejected,
                    destination: destination,
                    message:
                        "\(image.fileName) has no alt text, and this share requires it; \(ShareAttachment.askForAltText)",
                    detail: .init(.missingSetting, setting: "altText", mentions: [ShareAttachment.altTextMention])
                )
            }
            notes.append("image posted without alt text; \(ShareAttachment.askForAltText)")
        }
        // Mastodon counts a description in Unicode code points.
        if let text = altText, text.unicodeScalars.count > limits.altTextLimit {
            // Cut at a whole character, so no combining mark or half an emoji is left at the end.
            var kept = ""
            var scalars = 0
            for character in text {
                let count = character.unicodeScalars.count
                guard scalars + count <= limits.altTextLimit - 1 else { break }
                kept.append(character)
                scalars += count
            }
            altText = String(kept) + "…"
            notes.append(
                "alt text trimmed from \(text.unicodeScalars.count) to \(limits.altTextLimit) characters (the server's description_limit)"
            )
        }
        return .init(attachment: image, altText: altText, focus: .centre)
    }

    private func rejected(_ message: String) -> ShareError {
        ShareError(.contentRejected, destination: destination, message: message)
    }
}
