/// Fits a post to a network's ``TextRules``: one engine for every text destination.
///
/// ## The algorithm
/// 1. Compose `body link #tag…`; if it fits, that is the post.
/// 2. Drop hashtags, last first, until it fits.
/// 3. Otherwise cut the body at the last allowed place where `body… link` still fits, and end it
///    with `…`. Allowed places are grapheme-cluster boundaries outside URLs, mentions and
///    hashtags, so a ZWJ emoji sequence, a flag or a combining sequence is never split.
/// 4. The link is never cut. When even the link alone does not fit, the body is dropped and the
///    result says it does not fit.
///
/// The result counts at most the limit and as close to it as a cut allows.
public struct TextFitter: Sendable {
    /// The rules fitted to.
    public var rules: TextRules

    /// The character that ends a trimmed body.
    public static let ellipsis = "…"

    /// Creates a fitter.
    public init(rules: TextRules) {
        self.rules = rules
    }

    /// Counts `text` against the rules.
    public func measure(_ text: String) -> TextMeasurement {
        rules.measure(text)
    }

    /// Fits the parts and reports what changed.
    public func fit(_ parts: PostParts) -> FittedPost {
        var hashtags = parts.hashtags
        var dropped: [String] = []
        var text = PostParts.compose(body: parts.body, link: parts.link, hashtags: hashtags)
        var measurement = rules.measure(text)
        while !measurement.fits, let last = hashtags.popLast() {
            dropped.insert(last, at: 0)
            text = PostParts.compose(body: parts.body, link: parts.link, hashtags: hashtags)
            measurement = rules.measure(text)
        }
        if measurement.fits {
            return FittedPost(
                network: rules.name,
                text: text,
                body: parts.body,
                link: parts.link,
                hashtags: hashtags,
                droppedHashtags: dropped,
                trimmedCharacters: 0,
                measurement: measurement
            )
        }
        return trim(parts, hashtags: hashtags, dropped: dropped)
    }

    /// Step 3: the longest body prefix, cut at an allowed place, that fits with `…`.
    private func trim(_ parts: PostParts, hashtags: [String], dropped: [String]) -> FittedPost {
        let body = parts.body
        let cuts = CutPoints.allowed(in: body)
        func candidate(_ cut: Int) -> (body: String, text: String, measurement: TextMeasurement) {
            let kept = Self.trimmedBody(body, to: cuts[cut])
            let text = PostParts.compose(body: kept, link: parts.link, hashtags: hashtags)
            return (kept, text, rules.measure(text))
        }
        // Binary search for the last fitting cut (counts grow with the prefix), then look a few
        // cuts further in case trailing spaces made the count step back.
        var low = 0
        var high = cuts.count - 1
        var best: Int?
        while low <= high {
            let middle = (low + high) / 2
            if candidate(middle).measurement.fits {
                best = middle
                low = middle + 1
            } else {
                high = middle - 1
            }
        }
        if let found = best {
            for further in stride(from: min(found + 3, cuts.count - 1), to: found, by: -1)
            where candidate(further).measurement.fits {
                best = further
                break
            }
        }
        let chosen = candidate(best ?? 0)
        let keptCharacters = chosen.body.isEmpty ? 0 : chosen.body.count - 1
        return FittedPost(
            network: rules.name,
            text: chosen.text,
            body: chosen.body,
            link: parts.link,
            hashtags: hashtags,
            droppedHashtags: dropped,
            trimmedCharacters: body.count - keptCharacters,
            measurement: chosen.measurement
        )
    }

    /// The body up to `cut`, without trailing white space, followed by `…`; empty when nothing is left.
    static func trimmedBody(_ body: String, to cut: String.Index) -> String {
        var prefix = body[..<cut]
        while let last = prefix.last, last.isWhitespace { prefix = prefix.dropLast() }
        return prefix.isEmpty ? "" : String(prefix) + ellipsis
    }
}
