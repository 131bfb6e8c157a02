/// Splits a text too long for one post into a numbered thread, each part within a network's
/// ``TextRules`` by that network's own count (Bluesky's graphemes and bytes, Mastodon's
/// characters with URLs at their fixed weight).
///
/// ## The algorithm
/// 1. A text that fits is one part, without a number.
/// 2. Otherwise each part is the longest piece from where the last one ended that still fits
///    with ` i/n` after it, ended:
///    - at a sentence boundary (after `.`, `!`, `?`, `…` or a CJK full stop, before white space),
///      if the piece then fills at least half the room;
///    - else at a word boundary (white space);
///    - else at a grapheme-cluster boundary outside URLs, mentions and hashtags (a word longer
///      than a post), and only when none of those fits, at any grapheme-cluster boundary.
/// 3. White space at the cut is dropped. The parts are numbered `1/n` to `n/n`; the split is
///    done again with the real `n` until the count of parts stops changing.
///
/// Joined again, the parts without their numbers are the text, up to white space.
///
/// ```swift
/// let parts = ThreadSplitter(rules: .bluesky).split(longText)
/// // ["First sentence. Second sentence. 1/3", "Third… 2/3", "… 3/3"]
/// ```
public struct ThreadSplitter: Sendable {
    /// The rules each part must fit.
    public var rules: TextRules

    /// The most parts a thread is split into.
    public static let maximumParts = 999

    /// Creates a splitter for `rules`.
    public init(rules: TextRules) {
        self.rules = rules
    }

    /// The parts of `text`, numbered when there is more than one; empty for a text of white
    /// space only. A part may not fit only when the numbering alone does not.
    public func split(_ text: String) -> [String] {
        let trimmed = Self.trimmed(Substring(text))
        guard !trimmed.isEmpty else { return [] }
        if rules.measure(String(trimmed)).fits { return [String(trimmed)] }
        let boundaries = Boundaries(text: text)
        var assumed = 2
        var parts: [String] = []
        // The count of parts only grows with the room a wider number takes; a few rounds settle it.
        for _ in 0..<8 {
            parts = split(text, boundaries: boundaries, total: assumed)
            if parts.count == assumed { break }
            assumed = parts.count
        }
        return parts
    }

    private func split(_ text: String, boundaries: Boundaries, total: Int) -> [String] {
        var parts: [String] = []
        var start = boundaries.firstNonSpace(from: text.startIndex)
        while start < text.endIndex, parts.count < Self.maximumParts {
            let suffix = " \(parts.count + 1)/\(total)"
            func candidate(_ end: String.Index) -> String { String(Self.trimmed(text[start..<end])) + suffix }
            func fits(_ end: String.Index) -> Bool { rules.measure(candidate(end)).fits }
            let isLast = parts.count + 1 == Self.maximumParts
            let end =
                isLast
                ? text.endIndex : bestEnd(after: start, boundaries: boundaries, fits: fits) ?? text.index(after: start)
            parts.append(candidate(end))
            start = boundaries.firstNonSpace(from: end)
        }
        return parts
    }

    /// The cut for one part: the last fitting sentence end if it fills half the room, else the last
    /// fitting word end, else the last fitting cut outside entities, else any fitting grapheme.
    private func bestEnd(
        after start: String.Index,
        boundaries: Boundaries,
        fits: (String.Index) -> Bool
    ) -> String.Index? {
        let word = Self.lastFitting(boundaries.words, after: start, fits: fits)
        if let sentence = Self.lastFitting(boundaries.sentences, after: start, fits: fits) {
            let sentenceLength = boundaries.text[start..<sentence].count
            let wordLength = word.map { boundaries.text[start..<$0].count } ?? 0
            if sentenceLength * 2 >= wordLength { return sentence }
        }
        if let word { return word }
        if let cut = Self.lastFitting(boundaries.cuts, after: start, fits: fits) { return cut }
        return Self.lastFitting(boundaries.graphemes, after: start, fits: fits)
    }

    /// The last index in `ends` after `start` that fits: galloping out from `start` (so no piece
    /// measured is more than twice the part), then a binary search (counts grow with the piece),
    /// then a few further ends in case the count stepped back.
    private static func lastFitting(
        _ ends: [String.Index],
        after start: String.Index,
        fits: (String.Index) -> Bool
    ) -> String.Index? {
        let low = upperBound(of: start, in: ends)
        var found: Int?
        var firstTooLong = ends.count
        var offset = 0
        while low + offset < ends.count {
            if fits(ends[low + offset]) {
                found = low + offset
                offset = offset == 0 ? 1 : offset * 2
            } else {
                firstTooLong = low + offset
                break
            }
        }
        guard var best = found else { return nil }
        var lower = best + 1
        var upper = firstTooLong - 1
        while lower <= upper {
            let middle = (lower + upper) / 2
            if fits(ends[middle]) {
                best = middle
                lower = middle + 1
            } else {
                upper = middle - 1
            }
        }
        for further in stride(from: min(best + 3, ends.count - 1), to: best, by: -1) where fits(ends[further]) {
            return ends[further]
        }
        return ends[best]
    }

    /// The first position in `ends` greater than `start`.
    private static func upperBound(of start: String.Index, in ends: [String.Index]) -> Int {
        var low = 0
        var high = ends.count
        while low < high {
            let middle = (low + high) / 2
            if ends[middle] <= start { low = middle + 1 } else { high = middle }
        }
        return low
    }

    static func trimmed(_ text: Substring) -> Substring {
        var text = text
        while let first = text.first, first.isWhitespace { text = text.dropFirst() }
        while let last = text.last, last.isWhitespace { text = text.dropLast() }
        return text
    }

    /// Where a part may end, ascending: sentence ends, word ends, cuts outside entities, graphemes.
    private struct Boundaries {
        let text: String
        var sentences: [String.Index] = []
        var words: [String.Index] = []
        var cuts: [String.Index] = []
        var graphemes: [String.Index] = []

        init(text: String) {
            self.text = text
            cuts = CutPoints.allowed(in: text).filter { $0 > text.startIndex }
            var previous: Character?
            var index = text.startIndex
            while index < text.endIndex {
                let character = text[index]
                if index > text.startIndex { graphemes.append(index) }
                if character.isWhitespace, let previous, !previous.isWhitespace {
                    words.append(index)
                    if Self.endsSentence(previous) { sentences.append(index) }
                } else if let previous, Self.isCJKFullStop(previous), !character.isWhitespace {
                    sentences.append(index)
                }
                previous = character
                index = text.index(after: index)
            }
            // The end of the text ends a sentence, a word and a piece alike.
            for list in [\Boundaries.sentences, \.words, \.cuts, \.graphemes] {
                self[keyPath: list].append(text.endIndex)
            }
        }

        /// The first non-white-space position at or after `index`.
        func firstNonSpace(from index: String.Index) -> String.Index {
            var index = index
            while index < text.endIndex, text[index].isWhitespace { index = text.index(after: index) }
            return index
        }

        static func endsSentence(_ character: Character) -> Bool {
            ".!?…".contains(character) || isCJKFullStop(character)
        }

        static func isCJKFullStop(_ character: Character) -> Bool { "。！？".contains(character) }
    }
}
