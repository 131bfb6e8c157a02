/// One `app.bsky.richtext.facet`: a byte range of the post's text and what it is (a link, a
/// mention or a hashtag).
///
/// The range counts bytes of the UTF-8 text: ``byteStart`` inclusive, ``byteEnd`` exclusive.
package struct BlueskyFacet: Sendable, Hashable, Codable {
    /// What a facet marks.
    package enum Feature: Sendable, Hashable, Codable {
        /// `#link`: a complete URL.
        case link(uri: String)
        /// `#mention`: the account's DID (the text shows its handle).
        case mention(did: String)
        /// `#tag`: the hashtag without its `#` (a cashtag keeps its `$`).
        case tag(String)

        /// The lexicon's `$type` of the feature.
        package var type: String {
            switch self {
            case .link: "app.bsky.richtext.facet#link"
            case .mention: "app.bsky.richtext.facet#mention"
            case .tag: "app.bsky.richtext.facet#tag"
            }
        }

        private enum CodingKeys: String, CodingKey {
            case type = "$type"
            case uri, did, tag
        }

        package func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: CodingKeys.self)
            try container.encode(type, forKey: .type)
            switch self {
            case .link(let uri): try container.encode(uri, forKey: .uri)
            case .mention(let did): try container.encode(did, forKey: .did)
            case .tag(let tag): try container.encode(tag, forKey: .tag)
            }
        }

        package init(from decoder: any Decoder) throws {
            let container = try decoder.container(keyedBy: CodingKeys.self)
            let type = try container.decode(String.self, forKey: .type)
            switch type {
            case "app.bsky.richtext.facet#link": self = .link(uri: try container.decode(String.self, forKey: .uri))
            case "app.bsky.richtext.facet#mention":
                self = .mention(did: try container.decode(String.self, forKey: .did))
            case "app.bsky.richtext.facet#tag": self = .tag(try container.decode(String.self, forKey: .tag))
            default:
                throw DecodingError.dataCorruptedError(
                    forKey: .type,
                    in: container,
                    debugDescription: "unknown facet feature \(type)"
                )
            }
        }
    }

    /// The lexicon's `byteSlice`.
    package struct ByteSlice: Sendable, Hashable, Codable {
        /// The first byte, counted from 0.
        package var byteStart: Int
        /// One past the last byte.
        package var byteEnd: Int

        /// A slice of `byteStart..<byteEnd`.
        package init(byteStart: Int, byteEnd: Int) {
            self.byteStart = byteStart
            self.byteEnd = byteEnd
        }
    }

    /// The range of the text.
    package var index: ByteSlice
    /// What the range is; Bluesky's own client writes one feature per facet.
    package var features: [Feature]

    /// A facet over `bytes` of the UTF-8 text.
    package init(bytes: Range<Int>, feature: Feature) {
        index = ByteSlice(byteStart: bytes.lowerBound, byteEnd: bytes.upperBound)
        features = [feature]
    }

    /// The byte range.
    package var bytes: Range<Int> { index.byteStart..<index.byteEnd }
}
