/// The pieces of an SMS: the body, a link kept whole, and hashtags, joined by line feeds.
public struct SMSMessageParts: Sendable, Hashable {
    /// The text (with the title, if any, on its first line).
    public var body: String
    /// A link, never cut.
    public var link: String?
    /// Hashtags without `#`, dropped last first when the message is too long.
    public var hashtags: [String]

    /// Creates the parts.
    public init(body: String, link: String? = nil, hashtags: [String] = []) {
        self.body = body
        self.link = link
        self.hashtags = hashtags
    }

    /// The message: body, link and `#hashtags`, each non-empty one on its own line.
    public var text: String { Self.compose(body: body, link: link, hashtags: hashtags) }

    static func compose(body: String, link: String?, hashtags: [String]) -> String {
        var lines: [String] = []
        if !body.isEmpty { lines.append(body) }
        if let link, !link.isEmpty { lines.append(link) }
        if !hashtags.isEmpty { lines.append(hashtags.map { "#\($0)" }.joined(separator: " ")) }
        return lines.joined(separator: "\n")
    }
}

/// A message fitted to a number of segments.
public struct SMSFittedMessage: Sendable, Hashable {
    /// The message as it will be sent.
    public var text: String
    /// Its count.
    public var count: SMSCount
    /// Whether it fits the limit; false only when the link (and nothing else) is already too long.
    public var fits: Bool
    /// Grapheme clusters cut from the body.
    public var trimmedCharacters: Int
    /// Hashtags dropped, in the order they were dropped.
    public var droppedHashtags: [String]

    /// `trimmed 41 characters`, `dropped #streak`: what fitting changed.
    public var notes: [String] {
        var notes: [String] = []
        if trimmedCharacters > 0 { notes.append("trimmed \(trimmedCharacters) characters") }
        if !droppedHashtags.isEmpty {
            notes.append("dropped " + droppedHashtags.map { "#\($0)" }.joined(separator: " "))
        }
        return notes
    }
}

/// Trims a message to at most a number of SMS segments.
///
/// 1. If the whole message fits, it is sent as it is.
/// 2. Hashtags are dropped, the last one first, until it fits.
/// 3. The body is cut at a grapheme-cluster boundary (trailing spaces removed) and ends with an
///    ellipsis: `...` when the rest of the message is GSM-7 (`…` would switch it to UCS-2), else
///    `…`. The longest body that fits is kept. The link is never cut.
public struct SMSTrimmer: Sendable {
    /// The most segments the message may take.
    public var maxSegments: Int

    /// A trimmer to `maxSegments` parts (at least 1).
    public init(maxSegments: Int) { self.maxSegments = max(1, maxSegments) }

    /// `parts` fitted to ``maxSegments``.
    public func fit(_ parts: SMSMessageParts) -> SMSFittedMessage {
        var hashtags = parts.hashtags
        var dropped: [String] = []
        while true {
            let text = SMSMessageParts.compose(body: parts.body, link: parts.link, hashtags: hashtags)
            let count = SMSSegmentCounter.count(text)
            if count.segments <= maxSegments {
                return SMSFittedMessage(
                    text: text,
                    count: count,
                    fits: true,
                    trimmedCharacters: 0,
                    droppedHashtags: dropped
                )
            }
            guard let last = hashtags.popLast() else { break }
            dropped.append(last)
        }
        let characters = Array(parts.body)
        func candidate(_ kept: Int) -> (text: String, count: SMSCount) {
            guard kept > 0 else {
                let text = SMSMessageParts.compose(body: "", link: parts.link, hashtags: [])
                return (text, SMSSegmentCounter.count(text))
            }
            var prefix = String(characters[..<kept])
            while let last = prefix.last, last.isWhitespace { prefix.removeLast() }
            let rest = SMSMessageParts.compose(body: prefix, link: parts.link, hashtags: [])
            let ellipsis = GSM7Alphabet.canEncode(rest) ? "..." : "…"
            let text = SMSMessageParts.compose(body: prefix + ellipsis, link: parts.link, hashtags: [])
            return (text, SMSSegmentCounter.count(text))
        }
        var best = candidate(0)
        guard best.count.segments <= maxSegments else {
            return SMSFittedMessage(
                text: best.text,
                count: best.count,
                fits: false,
                trimmedCharacters: characters.count,
                droppedHashtags: dropped
            )
        }
        var bestKept = 0
        var low = 1
        var high = characters.count - 1
        while low <= high {
            let middle = (low + high) / 2
            let attempt = candidate(middle)
            if attempt.count.segments <= maxSegments {
                best = attempt
                bestKept = middle
                low = middle + 1
            } else {
                high = middle - 1
            }
        }
        return SMSFittedMessage(
            text: best.text,
            count: best.count,
            fits: true,
            trimmedCharacters: characters.count - bestKept,
            droppedHashtags: dropped
        )
    }
}
