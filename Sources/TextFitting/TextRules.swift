/// One network's counting rules: how text is counted and the limit it must fit.
///
/// A destination declares its rules; ``TextFitter`` counts and fits by them. The built-in
/// networks are static members; an integrator's destination builds its own from any
/// ``TextCounting``.
///
/// ```swift
/// let fitted = TextFitter(rules: .x).fit(PostParts(body: longText, link: "https://example.com", hashtags: ["fitness"]))
/// print(fitted.summary)  // x: 280/280 (trimmed 41 characters, dropped #fitness)
/// ```
public struct TextRules: Sendable {
    /// The network's short name, used in summaries: `x`, `mastodon`.
    public var name: String
    /// The largest count that fits.
    public var limit: Int
    /// What is counted, for people: "weighted characters (URLs count 23, emoji 2)".
    public var unit: String
    /// A second limit in UTF-8 bytes (Bluesky: 3000), or nil.
    public var maximumUTF8Bytes: Int?
    /// How text is counted.
    public var counter: any TextCounting

    /// Creates rules.
    ///
    /// - Parameters:
    ///   - name: The network's short name.
    ///   - limit: The largest count that fits.
    ///   - unit: What is counted, for people.
    ///   - maximumUTF8Bytes: A limit in UTF-8 bytes as well, if the network has one.
    ///   - counter: How text is counted.
    public init(name: String, limit: Int, unit: String, maximumUTF8Bytes: Int? = nil, counter: any TextCounting) {
        self.name = name
        self.limit = limit
        self.unit = unit
        self.maximumUTF8Bytes = maximumUTF8Bytes
        self.counter = counter
    }

    /// X (Twitter): twitter-text v3 weighted length, 280; URLs count 23, emoji sequences 2.
    public static let x = TextRules(
        name: "x",
        limit: 280,
        unit: "weighted characters (URLs count 23, emoji 2, CJK 2)",
        counter: TwitterWeightedCounter(configuration: .v3)
    )

    /// Mastodon's stock character limit, 500; each server may set its own.
    public static let defaultMastodonLimit = 500

    /// Mastodon: graphemes, ``defaultMastodonLimit`` unless the server sets its own; URLs with a
    /// scheme count 23, `@user@domain` counts as `@user`.
    public static func mastodon(limit: Int = defaultMastodonLimit) -> TextRules {
        TextRules(
            name: "mastodon",
            limit: limit,
            unit: "characters (URLs count 23)",
            counter: GraphemeCounter(urlLength: 23, shortensRemoteMentions: true)
        )
    }

    /// Bluesky: 300 graphemes and at most 3000 UTF-8 bytes.
    public static let bluesky = TextRules(
        name: "bluesky",
        limit: 300,
        unit: "graphemes (and 3000 bytes)",
        maximumUTF8Bytes: 3000,
        counter: GraphemeCounter()
    )

    /// Threads: 500 characters, where an emoji counts as its UTF-8 byte length.
    public static let threads = TextRules(
        name: "threads",
        limit: 500,
        unit: "characters (an emoji counts its UTF-8 bytes)",
        counter: ThreadsCounter()
    )

    /// The built-in rules for a network name (`twitter` is another name for `x`; Mastodon with
    /// ``defaultMastodonLimit``), or nil for a name it doesn't know.
    public static func builtIn(named name: String) -> TextRules? {
        switch name {
        case "x", "twitter": return .x
        case "mastodon": return .mastodon()
        case "bluesky": return .bluesky
        case "threads": return .threads
        default: return nil
        }
    }

    /// Counts `text` and says whether it fits.
    public func measure(_ text: String) -> TextMeasurement {
        TextMeasurement(
            count: counter.count(text),
            limit: limit,
            utf8Bytes: text.utf8.count,
            maximumUTF8Bytes: maximumUTF8Bytes
        )
    }
}

/// A count against a limit.
public struct TextMeasurement: Sendable, Hashable, Codable {
    /// The count under the rules.
    public var count: Int
    /// The largest count that fits.
    public var limit: Int
    /// The text's size in UTF-8 bytes.
    public var utf8Bytes: Int
    /// The byte limit, if the rules have one.
    public var maximumUTF8Bytes: Int?

    /// Creates a measurement.
    public init(count: Int, limit: Int, utf8Bytes: Int, maximumUTF8Bytes: Int? = nil) {
        self.count = count
        self.limit = limit
        self.utf8Bytes = utf8Bytes
        self.maximumUTF8Bytes = maximumUTF8Bytes
    }

    /// True when the count and the byte size are within their limits.
    public var fits: Bool {
        count <= limit && (maximumUTF8Bytes.map { utf8Bytes <= $0 } ?? true)
    }
}
