/// A post fitted to a network's rules, and what fitting changed.
public struct FittedPost: Sendable, Hashable {
    /// The rules' name, such as `x`.
    public var network: String
    /// The whole post exactly as it would be posted: body, link and hashtags.
    public var text: String
    /// The body as kept (trimmed bodies end in `…`).
    public var body: String
    /// The link, untouched.
    public var link: String?
    /// The hashtags kept, without `#`.
    public var hashtags: [String]
    /// The hashtags dropped, without `#`, in their original order.
    public var droppedHashtags: [String]
    /// How many characters (grapheme clusters) were cut from the body.
    public var trimmedCharacters: Int
    /// The final count, limit and size.
    public var measurement: TextMeasurement

    /// True for a ``linkOnly(network:link:)`` post, where nothing was counted.
    public var isLinkOnly: Bool

    /// Creates a fitted post; ``TextFitter`` makes these, and ``linkOnly(network:link:)`` makes
    /// one for a destination that carries a link only.
    public init(
        network: String,
        text: String,
        body: String,
        link: String?,
        hashtags: [String],
        droppedHashtags: [String],
        trimmedCharacters: Int,
        measurement: TextMeasurement,
        isLinkOnly: Bool = false
    ) {
        self.network = network
        self.text = text
        self.body = body
        self.link = link
        self.hashtags = hashtags
        self.droppedHashtags = droppedHashtags
        self.trimmedCharacters = trimmedCharacters
        self.measurement = measurement
        self.isLinkOnly = isLinkOnly
    }

    /// A post that is just a link, for a destination with no text rules (LinkedIn, Facebook):
    /// nothing is counted, so its measurement is 0/0 (with the link's UTF-8 size) and it fits.
    /// Its summary reads `linkedin: link only (https://example.com)`.
    public static func linkOnly(network: String, link: String) -> FittedPost {
        FittedPost(
            network: network,
            text: link,
            body: "",
            link: link.isEmpty ? nil : link,
            hashtags: [],
            droppedHashtags: [],
            trimmedCharacters: 0,
            measurement: TextMeasurement(count: 0, limit: 0, utf8Bytes: link.utf8.count),
            isLinkOnly: true
        )
    }

    /// The body and the kept hashtags without the link, for intents that take the link in a
    /// field of its own (Threads, Telegram).
    public var textWithoutLink: String {
        PostParts.compose(body: body, link: nil, hashtags: hashtags)
    }

    /// True when the post fits (it may not, when the link alone is too long).
    public var fits: Bool { measurement.fits }

    /// What fitting changed, one note each: `trimmed 41 characters`, `dropped #fitness`.
    public var notes: [String] {
        var notes: [String] = []
        if trimmedCharacters > 0 {
            notes.append("trimmed \(trimmedCharacters) character\(trimmedCharacters == 1 ? "" : "s")")
        }
        if !droppedHashtags.isEmpty {
            notes.append("dropped " + droppedHashtags.map { "#" + $0 }.joined(separator: " "))
        }
        if !fits {
            if measurement.count > measurement.limit {
                notes.append("does not fit: \(measurement.count - measurement.limit) over the limit")
            }
            if let maximum = measurement.maximumUTF8Bytes, measurement.utf8Bytes > maximum {
                notes.append("does not fit: \(measurement.utf8Bytes) bytes, limit \(maximum)")
            }
        }
        return notes
    }

    /// One line: `x: 280/280 (trimmed 41 characters, dropped #fitness)`, or
    /// `linkedin: link only (https://example.com)` for a link-only post.
    public var summary: String {
        if isLinkOnly { return "\(network): link only (\(link ?? ""))" }
        let notes = self.notes
        let head = "\(network): \(measurement.count)/\(measurement.limit)"
        return notes.isEmpty ? head : "\(head) (\(notes.joined(separator: ", ")))"
    }
}
