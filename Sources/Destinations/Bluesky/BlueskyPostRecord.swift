/// An `app.bsky.feed.post` record, checked against the lexicon when it is made, that encodes to
/// exactly the lexicon's JSON (`$type` first among its keys when sorted).
///
/// ```swift
/// let text = try await BlueskyRichText.make("Night Owl unlocked! https://example.com #focus", resolver: resolver)
/// let record = try BlueskyPostRecord(richText: text, createdAt: BlueskyDatetime.now(clock), langs: ["en"])
/// ```
package struct BlueskyPostRecord: Sendable, Hashable, Codable {
    /// The record's `$type` and collection.
    package static let type = "app.bsky.feed.post"
    /// The most graphemes in `text`.
    package static let maximumGraphemes = 300
    /// The most UTF-8 bytes in `text`.
    package static let maximumBytes = 3000
    /// The most language tags.
    package static let maximumLanguages = 3

    /// The post's text (may be empty when there is an embed).
    package var text: String
    /// When the post was made, in the lexicon's datetime format.
    package var createdAt: String
    /// The text's languages, as BCP 47 tags.
    package var langs: [String]?
    /// Links, mentions and tags in the text.
    package var facets: [BlueskyFacet]?
    /// Images or a link card.
    package var embed: BlueskyEmbed?
    /// For a reply: the thread's first post and the post replied to.
    package var reply: BlueskyReplyRef?

    /// A record, checked against the lexicon.
    ///
    /// - Parameters:
    ///   - text: The text; at most 300 graphemes and 3000 bytes.
    ///   - createdAt: A datetime such as `2026-11-25T08:31:21.123Z` (``BlueskyDatetime``).
    ///   - langs: At most 3 language tags; empty leaves the field out.
    ///   - facets: Byte ranges within the text, not overlapping; empty leaves the field out.
    ///   - embed: Images or a link card.
    ///   - reply: Root and parent, for a reply.
    /// - Throws: ``BlueskyRecordError`` naming the field at fault.
    package init(
        text: String,
        createdAt: String,
        langs: [String] = [],
        facets: [BlueskyFacet] = [],
        embed: BlueskyEmbed? = nil,
        reply: BlueskyReplyRef? = nil
    ) throws(BlueskyRecordError) {
        self.text = text
        self.createdAt = createdAt
        self.langs = langs.isEmpty ? nil : langs
        self.facets = facets.isEmpty ? nil : facets
        self.embed = embed
        self.reply = reply
        try check()
    }

    /// A record of a text with its facets.
    package init(
        richText: BlueskyRichText,
        createdAt: String,
        langs: [String] = [],
        embed: BlueskyEmbed? = nil,
        reply: BlueskyReplyRef? = nil
    ) throws(BlueskyRecordError) {
        try self.init(
            text: richText.text,
            createdAt: createdAt,
            langs: langs,
            facets: richText.facets,
            embed: embed,
            reply: reply
        )
    }

    /// Checks every field against the lexicon (the inits call it; a record changed since can be
    /// checked again).
    package func check() throws(BlueskyRecordError) {
        let graphemes = text.count
        if graphemes > Self.maximumGraphemes {
            throw BlueskyRecordError(
                .tooLong,
                field: "text",
                "\(graphemes) graphemes, over the lexicon's \(Self.maximumGraphemes); fit it or split it into a thread"
            )
        }
        let bytes = text.utf8.count
        if bytes > Self.maximumBytes {
            throw BlueskyRecordError(.tooLong, field: "text", "\(bytes) bytes, over the lexicon's \(Self.maximumBytes)")
        }
        guard ATProtoSyntax.isDatetime(createdAt) else {
            throw BlueskyRecordError(.invalidValue, field: "createdAt", "\"\(createdAt.prefix(64))\" is not a datetime")
        }
        let langs = self.langs ?? []
        if langs.count > Self.maximumLanguages {
            throw BlueskyRecordError(
                .tooMany,
                field: "langs",
                "\(langs.count) languages, over the lexicon's \(Self.maximumLanguages)"
            )
        }
        for (position, tag) in langs.enumerated() where !ATProtoSyntax.isLanguage(tag) {
            throw BlueskyRecordError(
                .invalidValue,
                field: "langs[\(position)]",
                "\"\(tag.prefix(64))\" is not a BCP 47 language tag"
            )
        }
        try checkFacets(bytes: bytes)
        if case .images(let images) = embed {
            guard (1...BlueskyEmbed.maximumImages).contains(images.count) else {
                throw BlueskyRecordError(
                    .tooMany,
                    field: "embed.images",
                    "\(images.count) images; a post embeds 1 to \(BlueskyEmbed.maximumImages)"
                )
            }
        }
    }

    private func checkFacets(bytes: Int) throws(BlueskyRecordError) {
        let utf8 = Array(text.utf8)
        var previousEnd = 0
        for (position, facet) in (facets ?? []).enumerated() {
            let field = "facets[\(position)]"
            let range = facet.index
            guard range.byteStart >= 0, range.byteStart < range.byteEnd, range.byteEnd <= bytes else {
                throw BlueskyRecordError(
                    .invalidValue,
                    field: field + ".index",
                    "\(range.byteStart)..<\(range.byteEnd) is not a range within the text's \(bytes) bytes"
                )
            }
            // A range must start and end on characters, not inside a UTF-8 sequence.
            for edge in [range.byteStart, range.byteEnd] where edge < bytes && utf8[edge] & 0xC0 == 0x80 {
                throw BlueskyRecordError(.invalidValue, field: field + ".index", "\(edge) is inside a character")
            }
            guard range.byteStart >= previousEnd else {
                throw BlueskyRecordError(.invalidValue, field: field + ".index", "overlaps the facet before it")
            }
            previousEnd = range.byteEnd
            guard !facet.features.isEmpty else {
                throw BlueskyRecordError(.invalidValue, field: field + ".features", "is empty")
            }
            for feature in facet.features {
                switch feature {
                case .link(let uri) where !BlueskyURI.isURI(uri):
                    throw BlueskyRecordError(.invalidValue, field: field, "\"\(uri.prefix(120))\" is not a URL")
                case .mention(let did) where !ATProtoSyntax.isDID(did):
                    throw BlueskyRecordError(.invalidValue, field: field, "\"\(did.prefix(120))\" is not a DID")
                case .tag(let tag) where tag.isEmpty || tag.count > 64 || tag.utf8.count > 640:
                    throw BlueskyRecordError(
                        .tooLong,
                        field: field,
                        "a tag has 1 to 64 graphemes and at most 640 bytes; this one has \(tag.count)"
                    )
                default:
                    continue
                }
            }
        }
    }

    private enum CodingKeys: String, CodingKey {
        case type = "$type"
        case text, createdAt, langs, facets, embed, reply
    }

    package func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(Self.type, forKey: .type)
        try container.encode(text, forKey: .text)
        try container.encode(createdAt, forKey: .createdAt)
        try container.encodeIfPresent(langs, forKey: .langs)
        try container.encodeIfPresent(facets, forKey: .facets)
        try container.encodeIfPresent(embed, forKey: .embed)
        try container.encodeIfPresent(reply, forKey: .reply)
    }

    package init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        let type = try container.decode(String.self, forKey: .type)
        guard type == Self.type else {
            throw DecodingError.dataCorruptedError(forKey: .type, in: container, debugDescription: "not a post")
        }
        try self.init(
            text: container.decode(String.self, forKey: .text),
            createdAt: container.decode(String.self, forKey: .createdAt),
            langs: container.decodeIfPresent([String].self, forKey: .langs) ?? [],
            facets: container.decodeIfPresent([BlueskyFacet].self, forKey: .facets) ?? [],
            embed: container.decodeIfPresent(BlueskyEmbed.self, forKey: .embed),
            reply: container.decodeIfPresent(BlueskyReplyRef.self, forKey: .reply)
        )
    }
}

/// `app.bsky.feed.post#replyRef`: the thread's first post and the post replied to.
package struct BlueskyReplyRef: Sendable, Hashable, Codable {
    /// The first post of the thread.
    package var root: BlueskyStrongRef
    /// The post this one answers.
    package var parent: BlueskyStrongRef

    /// A reply to `parent` in the thread started by `root`.
    package init(root: BlueskyStrongRef, parent: BlueskyStrongRef) {
        self.root = root
        self.parent = parent
    }
}
