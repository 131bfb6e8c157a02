/// Counts text by one network's rules: X's weighted length, Mastodon's or Bluesky's graphemes,
/// Threads' characters.
///
/// Conform a type to count by a new network's rules and hand it to ``TextRules``; the
/// ``TextFitter`` then fits text to it like any built-in network.
///
/// ```swift
/// struct CodePointCounter: TextCounting {
///     func count(_ text: String) -> Int { text.unicodeScalars.count }
/// }
/// let rules = TextRules(name: "pager", limit: 160, unit: "code points", counter: CodePointCounter())
/// ```
public protocol TextCounting: Sendable {
    /// The count of `text` under these rules; the fitter keeps it at or below the limit.
    func count(_ text: String) -> Int
}

/// X's count: twitter-text's weighted length (config v3 by default).
public struct TwitterWeightedCounter: TextCounting {
    /// The parser that counts.
    public var parser: TwitterTextParser

    /// Creates a counter for a twitter-text configuration.
    public init(configuration: TwitterTextConfiguration = .v3) {
        parser = TwitterTextParser(configuration: configuration)
    }

    public func count(_ text: String) -> Int { parser.weightedLength(of: text) }
}

/// Grapheme clusters, optionally with URLs at a fixed length and `@user@domain` counted as `@user`.
///
/// Bluesky counts plain graphemes; Mastodon counts each URL with a scheme as 23 and a remote
/// mention by its user part.
public struct GraphemeCounter: TextCounting {
    /// What a URL with a scheme counts as, or nil to count it character by character.
    public var urlLength: Int?
    /// Whether `@user@example.social` counts as `@user`.
    public var shortensRemoteMentions: Bool

    /// Creates a counter.
    ///
    /// - Parameters:
    ///   - urlLength: What each `http(s)://` URL counts as; nil counts URLs in full.
    ///   - shortensRemoteMentions: Whether a mention's `@domain` part is free.
    public init(urlLength: Int? = nil, shortensRemoteMentions: Bool = false) {
        self.urlLength = urlLength
        self.shortensRemoteMentions = shortensRemoteMentions
    }

    public func count(_ text: String) -> Int {
        guard urlLength != nil || shortensRemoteMentions else { return text.count }
        var values = text.unicodeScalars.map(\.value)
        var replacements: [(range: Range<Int>, count: Int)] = []
        if let urlLength {
            let urls = TwitterURLExtractor(extractsURLsWithoutProtocol: false).spans(in: values)
            replacements += urls.map { ($0.start..<$0.end, urlLength) }
        }
        if shortensRemoteMentions {
            for mention in EntityScanner.mentions(in: values) {
                guard let domain = mention.domain else { continue }
                if !replacements.contains(where: { $0.range.overlaps(mention.range) }) {
                    replacements.append((domain, 0))
                }
            }
        }
        guard !replacements.isEmpty else { return text.count }
        replacements.sort { $0.range.lowerBound < $1.range.lowerBound }
        var total = 0
        var kept: [UInt32] = []
        var index = 0
        for replacement in replacements where replacement.range.lowerBound >= index {
            kept += values[index..<replacement.range.lowerBound]
            kept.append(0x1F)  // a control character: graphemes never join across the replaced part
            total += replacement.count - 1
            index = replacement.range.upperBound
        }
        kept += values[index...]
        values = kept
        var view = String.UnicodeScalarView()
        view.append(contentsOf: values.compactMap(Unicode.Scalar.init))
        return total + String(view).count
    }
}

/// Threads' count: characters, where an emoji counts as its UTF-8 byte length (Meta's Threads
/// API documentation).
public struct ThreadsCounter: TextCounting {
    /// Creates a counter.
    public init() {}

    public func count(_ text: String) -> Int {
        var total = 0
        for character in text {
            total += EmojiScanner.isEmoji(character) ? character.utf8.count : 1
        }
        return total
    }
}
