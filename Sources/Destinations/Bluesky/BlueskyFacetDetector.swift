/// Finds what Bluesky's own clients would mark in a post's text: links, `#hashtags`, `$cashtags`
/// and `@handle` mentions, with their UTF-8 byte ranges.
///
/// The rules are those of atproto's `detectFacets` (`packages/api/src/rich-text/detection.ts`
/// and `util.ts`) and of the atproto Python SDK's port, read scalar by scalar instead of by
/// regular expression, so ranges are exact after emoji, ZWJ sequences, CJK, right-to-left text
/// and combining marks:
/// 1. **Mentions:** `@` at the start, after white space or `(`, then `[A-Za-z0-9.-]+` up to a word
///    boundary. Kept when the handle is well formed and ends in a known TLD (or `.test`). A
///    mention still needs its DID (``BlueskyRichText``).
/// 2. **Links:** at the start, after white space or `(`: `http://` or `https://` and everything to
///    the next white space, or a bare domain (`[a-z][a-z0-9]*(\.[a-z0-9]+)+`, ASCII, any case)
///    whose TLD is known, with `https://` put in front. One trailing `.,;:!?` is dropped, then
///    a `)` when the URL has no `(`. Unlike the SDKs, a URL left with no host (`https://.`) is
///    not marked: the lexicon wants a complete URL.
/// 3. **Hashtags:** `#` or `＃` at the start or after white space, then the run up to white space
///    or a zero-width character, when it holds something other than digits and punctuation and
///    does not start with U+FE0F. Trailing punctuation is dropped; a tag over 64 graphemes (or
///    640 bytes, the lexicon's limits) is not marked.
/// 4. **Cashtags:** `$` and a letter with up to 4 letters or digits, followed by white space, the
///    end or `.,;:!?)"'’`; tagged as `$TICKER` in capitals.
///
/// Facets that would overlap an earlier one are dropped (a mention inside a tag, as in
/// `#1(@alice.bsky.social`, which Bluesky's app would not show either); the rest are sorted by
/// position. The TLDs are IANA's, as the SDKs' `tlds` package has them (``BlueskyTLDs``).
package enum BlueskyFacetDetector {
    /// A mention found in the text, not yet resolved to a DID.
    package struct Mention: Sendable, Hashable {
        /// The handle without `@`, as written.
        package var handle: String
        /// The bytes of `@handle`.
        package var bytes: Range<Int>
    }

    /// What was found: facets that need nothing more, and mentions that need a DID.
    package struct Detection: Sendable, Hashable {
        /// Links and tags, by position.
        package var facets: [BlueskyFacet]
        /// Mentions, by position.
        package var mentions: [Mention]
    }

    /// The links, tags and mentions of `text`.
    package static func detect(_ text: String) -> Detection {
        let scan = ScalarText(text)
        var facets = links(scan) + tags(scan) + cashtags(scan)
        facets.sort { $0.index.byteStart < $1.index.byteStart }
        var mentions = self.mentions(scan)
        // Nothing overlaps in practice (each needs white space before it); keep the first if it does.
        var taken: [Range<Int>] = []
        facets = facets.filter { facet in
            guard !taken.contains(where: { $0.overlaps(facet.bytes) }) else { return false }
            taken.append(facet.bytes)
            return true
        }
        mentions = mentions.filter { mention in !taken.contains(where: { $0.overlaps(mention.bytes) }) }
        return Detection(facets: facets, mentions: mentions)
    }

    // MARK: Mentions

    static func mentions(_ text: ScalarText) -> [Mention] {
        let s = text.scalars
        var found: [Mention] = []
        var position = 0
        while position < s.count {
            var at: Int?
            if position == 0, s[0] == 0x40 {
                at = 0
            } else if isSpace(s[position]) || s[position] == 0x28, position + 1 < s.count, s[position + 1] == 0x40 {
                at = position + 1
            }
            guard let at, let end = handleEnd(s, from: at + 1) else {
                position += 1
                continue
            }
            let handle = text.string(at + 1..<end)
            if ATProtoSyntax.isHandle(handle), isKnownDomain(handle) || handle.hasSuffix(".test") {
                found.append(Mention(handle: handle, bytes: text.bytes(at..<end)))
            }
            position = end
        }
        return found
    }

    /// `[a-zA-Z0-9.-]+\b`: the run, backed off to the last word boundary in it.
    private static func handleEnd(_ s: [UInt32], from start: Int) -> Int? {
        var runEnd = start
        while runEnd < s.count, isASCIIAlphanumeric(s[runEnd]) || s[runEnd] == 0x2E || s[runEnd] == 0x2D {
            runEnd += 1
        }
        var end = runEnd
        while end > start {
            let before = isWordCharacter(s[end - 1])
            let after = end < s.count && isWordCharacter(s[end])
            if before != after { return end }
            end -= 1
        }
        return nil
    }

    // MARK: Links

    static func links(_ text: ScalarText) -> [BlueskyFacet] {
        let s = text.scalars
        var found: [BlueskyFacet] = []
        var position = 0
        while position < s.count {
            var match: (start: Int, end: Int, domain: Range<Int>?)?
            if position == 0 || isLineTerminator(s[position - 1]) {
                match = urlMatch(s, at: position).map { (position, $0.end, $0.domain) }
            }
            if match == nil, isSpace(s[position]) || s[position] == 0x28 {
                match = urlMatch(s, at: position + 1).map { (position + 1, $0.end, $0.domain) }
            }
            guard let match else {
                position += 1
                continue
            }
            position = match.end
            var uri = text.string(match.start..<match.end)
            var end = match.end
            if !(uri.hasPrefix("http://") || uri.hasPrefix("https://")) {
                guard let domain = match.domain, isKnownDomain(text.string(domain)) else { continue }
                uri = "https://" + uri
            }
            if let last = uri.unicodeScalars.last, ".,;:!?".unicodeScalars.contains(last) {
                uri.unicodeScalars.removeLast()
                end -= 1
            }
            if uri.hasSuffix(")"), !uri.contains("(") {
                uri.unicodeScalars.removeLast()
                end -= 1
            }
            // Unlike the SDKs, a URL that is only a scheme (`https://.`) is not marked: the lexicon
            // wants a complete URL.
            guard BlueskyURI.isURI(uri) else { continue }
            found.append(BlueskyFacet(bytes: text.bytes(match.start..<end), feature: .link(uri: uri)))
        }
        return found
    }

    /// `https?://\S+` or `[a-z][a-z0-9]*(\.[a-z0-9]+)+\S*`, any case, at `start`.
    private static func urlMatch(_ s: [UInt32], at start: Int) -> (end: Int, domain: Range<Int>?)? {
        guard start < s.count else { return nil }
        func nonSpaceEnd(_ from: Int) -> Int {
            var end = from
            while end < s.count, !isSpace(s[end]) { end += 1 }
            return end
        }
        var index = start
        if matchesASCII(s, at: index, "http") {
            index += 4
            if index < s.count, s[index] | 0x20 == 0x73 { index += 1 }
            if matchesASCII(s, at: index, "://"), index + 3 < s.count, !isSpace(s[index + 3]) {
                return (nonSpaceEnd(index + 3), nil)
            }
        }
        index = start
        guard isASCIILetter(s[index]) else { return nil }
        index += 1
        while index < s.count, isASCIIAlphanumeric(s[index]) { index += 1 }
        var labels = 0
        while index + 1 < s.count, s[index] == 0x2E, isASCIIAlphanumeric(s[index + 1]) {
            index += 2
            while index < s.count, isASCIIAlphanumeric(s[index]) { index += 1 }
            labels += 1
        }
        guard labels > 0 else { return nil }
        return (nonSpaceEnd(index), start..<index)
    }

    // MARK: Hashtags and cashtags

    static func tags(_ text: ScalarText) -> [BlueskyFacet] {
        let s = text.scalars
        var found: [BlueskyFacet] = []
        var position = 0
        while position < s.count {
            var hash: Int?
            if position == 0, isHash(s[0]) {
                hash = 0
            } else if isSpace(s[position]), position + 1 < s.count, isHash(s[position + 1]) {
                hash = position + 1
            }
            guard let hash else {
                position += 1
                continue
            }
            var runEnd = hash + 1
            while runEnd < s.count, !isSpace(s[runEnd]), !isZeroWidth(s[runEnd]) { runEnd += 1 }
            let startsWithVariationSelector = hash + 1 < s.count && s[hash + 1] == 0xFE0F
            let run = hash + 1..<runEnd
            guard !startsWithVariationSelector, run.contains(where: { !isDigit(s[$0]) && !isPunctuation(s[$0]) })
            else {
                position = hash + 1
                continue
            }
            position = runEnd
            var tagEnd = runEnd
            while tagEnd > run.lowerBound, isPunctuation(s[tagEnd - 1]) { tagEnd -= 1 }
            let tag = text.string(run.lowerBound..<tagEnd)
            guard !tag.isEmpty, tag.count <= 64, tag.utf8.count <= 640 else { continue }
            found.append(BlueskyFacet(bytes: text.bytes(hash..<tagEnd), feature: .tag(tag)))
        }
        return found
    }

    static func cashtags(_ text: ScalarText) -> [BlueskyFacet] {
        let s = text.scalars
        var found: [BlueskyFacet] = []
        var position = 0
        while position < s.count {
            var dollar: Int?
            if position == 0, s[0] == 0x24 {
                dollar = 0
            } else if isSpace(s[position]) || s[position] == 0x28, position + 1 < s.count, s[position + 1] == 0x24 {
                dollar = position + 1
            }
            guard let dollar, dollar + 1 < s.count, isASCIILetter(s[dollar + 1]) else {
                position += 1
                continue
            }
            var end = dollar + 2
            while end < s.count, end < dollar + 6, isASCIIAlphanumeric(s[end]) { end += 1 }
            let followedWell =
                end == s.count || isSpace(s[end])
                || ".,;:!?)\"'\u{2019}".unicodeScalars.contains {
                    $0.value == s[end]
                }
            guard followedWell else {
                position += 1
                continue
            }
            let ticker = text.string(dollar + 1..<end).uppercased()
            found.append(BlueskyFacet(bytes: text.bytes(dollar..<end), feature: .tag("$" + ticker)))
            position = end
        }
        return found
    }

    // MARK: Character classes

    /// JavaScript's `\s`: Unicode white space and U+FEFF.
    static func isSpace(_ v: UInt32) -> Bool {
        switch v {
        case 0x09...0x0D, 0x20, 0xA0, 0x1680, 0x2000...0x200A, 0x2028, 0x2029, 0x202F, 0x205F, 0x3000, 0xFEFF:
            return true
        default:
            return false
        }
    }

    /// What JavaScript's multiline `^` follows.
    static func isLineTerminator(_ v: UInt32) -> Bool { v == 0x0A || v == 0x0D || v == 0x2028 || v == 0x2029 }

    /// The zero-width characters that end a hashtag in `TAG_REGEX`.
    static func isZeroWidth(_ v: UInt32) -> Bool {
        v == 0xAD || v == 0x2060 || v == 0x200A || v == 0x200B || v == 0x200C || v == 0x200D || v == 0x20E2
    }

    /// `\p{P}`: any punctuation category.
    static func isPunctuation(_ v: UInt32) -> Bool {
        guard let scalar = Unicode.Scalar(v) else { return false }
        switch scalar.properties.generalCategory {
        case .connectorPunctuation, .dashPunctuation, .openPunctuation, .closePunctuation, .initialPunctuation,
            .finalPunctuation, .otherPunctuation:
            return true
        default:
            return false
        }
    }

    static func isHash(_ v: UInt32) -> Bool { v == 0x23 || v == 0xFF03 }
    static func isDigit(_ v: UInt32) -> Bool { (0x30...0x39).contains(v) }
    static func isASCIILetter(_ v: UInt32) -> Bool { (0x41...0x5A).contains(v) || (0x61...0x7A).contains(v) }
    static func isASCIIAlphanumeric(_ v: UInt32) -> Bool { isDigit(v) || isASCIILetter(v) }
    /// `\w` without the `u` flag: ASCII letters, digits and `_`.
    static func isWordCharacter(_ v: UInt32) -> Bool { isASCIIAlphanumeric(v) || v == 0x5F }

    /// Whether `s` has the ASCII letters of `word` at `index`, in any case.
    private static func matchesASCII(_ s: [UInt32], at index: Int, _ word: String) -> Bool {
        let letters = Array(word.utf8)
        guard index + letters.count <= s.count else { return false }
        for (offset, letter) in letters.enumerated() {
            let value = s[index + offset]
            let lowered = isASCIILetter(value) ? value | 0x20 : value
            if lowered != UInt32(letter) { return false }
        }
        return true
    }

    /// Whether the domain's last label is a known TLD, compared case-sensitively as Bluesky does.
    static func isKnownDomain(_ domain: String) -> Bool {
        guard let dot = domain.lastIndex(of: ".") else { return false }
        return BlueskyTLDs.names.contains(String(domain[domain.index(after: dot)...]))
    }
}

/// A text as Unicode scalar values with the UTF-8 offset of each, so a range of scalars turns
/// into the byte range a facet needs.
struct ScalarText {
    /// The scalar values.
    let scalars: [UInt32]
    /// `offsets[i]` is the UTF-8 offset of scalar `i`; one more entry holds the total size.
    let offsets: [Int]

    init(_ text: String) {
        var scalars: [UInt32] = []
        var offsets: [Int] = [0]
        scalars.reserveCapacity(text.utf8.count)
        offsets.reserveCapacity(text.utf8.count + 1)
        var offset = 0
        for scalar in text.unicodeScalars {
            scalars.append(scalar.value)
            offset += UTF8.width(scalar)
            offsets.append(offset)
        }
        self.scalars = scalars
        self.offsets = offsets
    }

    /// The byte range of a scalar range.
    func bytes(_ range: Range<Int>) -> Range<Int> { offsets[range.lowerBound]..<offsets[range.upperBound] }

    /// The text of a scalar range.
    func string(_ range: Range<Int>) -> String {
        var view = String.UnicodeScalarView()
        view.append(contentsOf: scalars[range].compactMap(Unicode.Scalar.init))
        return String(view)
    }
}
