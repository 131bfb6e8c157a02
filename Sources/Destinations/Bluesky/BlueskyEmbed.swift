/// What a post embeds: images (`app.bsky.embed.images`) or a link card (`app.bsky.embed.external`).
package enum BlueskyEmbed: Sendable, Hashable, Codable {
    /// One to four images, each with its alt text.
    case images([Image])
    /// A link card: the URL, a title, a description and an optional thumbnail.
    case external(External)

    /// The most images a post embeds.
    package static let maximumImages = 4
    /// The largest image blob, in bytes (`app.bsky.embed.images#image.image.maxSize`, 2 MB since
    /// April 2026; some servers may still refuse more than 1 MB).
    package static let maximumImageBytes = 2_000_000
    /// The largest link-card thumbnail, in bytes (`app.bsky.embed.external#external.thumb.maxSize`).
    package static let maximumThumbnailBytes = 1_000_000

    /// An image of `app.bsky.embed.images`.
    package struct Image: Sendable, Hashable, Codable {
        /// The uploaded image.
        package var image: BlueskyBlob
        /// The alt text (the lexicon requires the field; empty means none was written).
        package var alt: String
        /// Width and height, so clients lay the post out before the image loads.
        package var aspectRatio: AspectRatio?

        /// An image with its alt text and aspect ratio.
        ///
        /// - Throws: ``BlueskyRecordError`` (`blob-too-large`) for a blob that is not an image
        ///   or is over ``BlueskyEmbed/maximumImageBytes``.
        package init(image: BlueskyBlob, alt: String, aspectRatio: AspectRatio?) throws(BlueskyRecordError) {
            try image.checkImage(maxSize: BlueskyEmbed.maximumImageBytes, field: "embed.images[].image")
            self.image = image
            self.alt = alt
            self.aspectRatio = aspectRatio
        }
    }

    /// `app.bsky.embed.defs#aspectRatio`: width and height, each at least 1.
    package struct AspectRatio: Sendable, Hashable, Codable {
        /// The width.
        package var width: Int
        /// The height.
        package var height: Int

        /// The ratio of an image's size, or nil when a side is not positive.
        package init?(width: Int, height: Int) {
            guard width >= 1, height >= 1 else { return nil }
            self.width = width
            self.height = height
        }
    }

    /// `app.bsky.embed.external#external`: a link card, built by the client (no server fetches it).
    package struct External: Sendable, Hashable, Codable {
        /// The link.
        package var uri: String
        /// The card's title.
        package var title: String
        /// The card's description.
        package var description: String
        /// The thumbnail, at most ``BlueskyEmbed/maximumThumbnailBytes``.
        package var thumb: BlueskyBlob?

        /// A link card.
        ///
        /// - Throws: ``BlueskyRecordError``: `invalid-value` for a `uri` that is not an
        ///   absolute URI; `blob-too-large` for a thumbnail that is not an image or is too large.
        package init(
            uri: String,
            title: String,
            description: String,
            thumb: BlueskyBlob? = nil
        )
            throws(BlueskyRecordError)
        {
            guard BlueskyURI.isURI(uri) else {
                throw BlueskyRecordError(
                    .invalidValue,
                    field: "embed.external.uri",
                    "\"\(uri.prefix(120))\" is not a URL"
                )
            }
            try thumb?.checkImage(maxSize: BlueskyEmbed.maximumThumbnailBytes, field: "embed.external.thumb")
            self.uri = uri
            self.title = title
            self.description = description
            self.thumb = thumb
        }
    }

    /// The lexicon's `$type` of the embed.
    package var type: String {
        switch self {
        case .images: "app.bsky.embed.images"
        case .external: "app.bsky.embed.external"
        }
    }

    private enum CodingKeys: String, CodingKey {
        case type = "$type"
        case images, external
    }

    package func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(type, forKey: .type)
        switch self {
        case .images(let images): try container.encode(images, forKey: .images)
        case .external(let external): try container.encode(external, forKey: .external)
        }
    }

    package init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        switch try container.decode(String.self, forKey: .type) {
        case "app.bsky.embed.images": self = .images(try container.decode([Image].self, forKey: .images))
        case "app.bsky.embed.external": self = .external(try container.decode(External.self, forKey: .external))
        case let other:
            throw DecodingError.dataCorruptedError(forKey: .type, in: container, debugDescription: "embed \(other)")
        }
    }
}

/// The lexicon's `uri` format, as checked before a URL goes into a record: a scheme, `:`, then
/// no spaces or control characters; for `http`/`https`, a host after `//`.
package enum BlueskyURI {
    /// Whether `text` is an absolute URI the lexicon accepts.
    package static func isURI(_ text: String) -> Bool {
        let bytes = Array(text.utf8)
        guard bytes.count <= 8192, let colon = bytes.firstIndex(of: 0x3A), colon > 0 else { return false }
        let scheme = bytes[..<colon]
        guard let first = scheme.first, ATProtoSyntax.isLetter(first),
            scheme.allSatisfy({ ATProtoSyntax.isAlphanumeric($0) || $0 == 0x2B || $0 == 0x2D || $0 == 0x2E })
        else { return false }
        let rest = bytes[(colon + 1)...]
        guard !rest.isEmpty, rest.allSatisfy({ $0 > 0x20 && $0 != 0x7F }) else { return false }
        let lowered = String(decoding: scheme, as: UTF8.self).lowercased()
        if lowered == "http" || lowered == "https" {
            guard rest.starts(with: Array("//".utf8)), rest.count > 2, rest[rest.startIndex + 2] != 0x2F else {
                return false
            }
        }
        return true
    }
}
