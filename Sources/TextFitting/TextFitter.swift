/// Fits a post to a network's ``TextRules``: one engine for every text destination.
///
/// ## The algorithm
/// 1. Compose `body link #tag…`; if it fits, that is the post.
/// 2. Drop hashtags, last first, until it fits.
/// 3. Otherwise cut the body at the last allowed place where `body… link` still fits, and end it
///    with `…`. Allowed places are grapheme-cluster boundaries outside URLs, mentions and
///    hashtags, so a ZWJ emoji sequence, a flag or a combining sequence is never split. When a
///    word boundary (white space, or a character of a script written without spaces, such as
///    Japanese) is within ``wordReach`` characters before that place, the cut moves back to it,
///    so no word is cut in half; otherwise it stays on the grapheme boundary.
/// 4. The link is never cut. When even the link alone does not fit, the body is dropped and the
///    result says it does not fit.
///
/// The result never counts over the limit (unless the link alone does, and then it says so).
/// The cut is found by a binary search over the allowed places, then up to ``lookAhead`` places
/// further are tried: where the count grows with the prefix, as it nearly always does, that is
/// the longest prefix that fits; where it steps back by more than that, a longer fitting prefix
/// may be missed.
public struct TextFitter: Sendable {
    /// The rules fitted to.
    public var rules: TextRules

    /// The character that ends a trimmed body.
    public static let ellipsis = "…"

    /// How many cuts past the binary search's answer are also tried, for counts that step back
    /// as the prefix grows (a cut after white space, which is trimmed, counts less).
    public static let lookAhead = 3

    /// How many characters a cut moves back, at most, to end the body on a whole word; a word
    /// longer than this (or text without word boundaries) is cut at a grapheme boundary.
    public static let wordReach = 20

    /// Creates a fitter.
    public init(rules: TextRules) {
        self.rules = rules
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
        typealias Candidate = (body: String, text: String, measurement: TextMeasurement)
        let body = parts.body
        let cuts = CutPoints.allowed(in: body)
        func candidate(_ cut: Int) -> Candidate {
            let kept = Self.trimmedBody(body, to: cuts[cut])
            let text = PostParts.compose(body: kept, link: parts.link, hashtags: hashtags)
            return (kept, text, rules.measure(text))
        }
        func post(_ chosen: Candidate) -> FittedPost {
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
        // No cut fits (or the body is empty, so there is nothing to cut): the link alone, measured;
        // it does not fit.
        func linkAlone() -> FittedPost {
            let text = PostParts.compose(body: "", link: parts.link, hashtags: hashtags)
            return post(("", text, rules.measure(text)))
        }
        guard !cuts.isEmpty else { return linkAlone() }

        // Binary search for the last fitting cut (counts mostly grow with the prefix), then try up
        // to `lookAhead` cuts further in case the count stepped back (trailing white space is trimmed).
        var low = 0
        var high = cuts.count - 1
        var best: (cut: Int, candidate: Candidate)?
        while low <= high {
            let middle = (low + high) / 2
            let measured = candidate(middle)
            if measured.measurement.fits {
                best = (middle, measured)
                low = middle + 1
            } else {
                high = middle - 1
            }
        }
        guard var found = best else { return linkAlone() }
        for further in stride(from: min(found.cut + Self.lookAhead, cuts.count - 1), to: found.cut, by: -1) {
            let measured = candidate(further)
            if measured.measurement.fits {
                found = (further, measured)
                break
            }
        }
        if let word = wordCut(before: found.cut, in: cuts, of: body), word != found.cut {
            let measured = candidate(word)
            if measured.measurement.fits && !measured.body.isEmpty { return post(measured) }
        }
        return post(found.candidate)
    }

    /// The last of `cuts` at or before `cuts[last]`, at most ``wordReach`` characters before it,
    /// that ends `body` on a word boundary and keeps some of it; nil when there is none.
    private func wordCut(before last: Int, in cuts: [String.Index], of body: String) -> Int? {
        var distance = 0
        var index = last
        while index > 0 && distance <= Self.wordReach {
            if WordBoundaries.isWordBoundary(body, at: cuts[index]) { return index }
            distance += body.distance(from: cuts[index - 1], to: cuts[index])
            index -= 1
        }
        return nil
    }

    /// The body up to `cut`, without trailing white space, followed by `…`; empty when nothing is left.
    static func trimmedBody(_ body: String, to cut: String.Index) -> String {
        var prefix = body[..<cut]
        while let last = prefix.last, last.isWhitespace { prefix = prefix.dropLast() }
        return prefix.isEmpty ? "" : String(prefix) + ellipsis
    }
}
