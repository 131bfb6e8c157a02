/// Finds URLs in a buffer of Unicode scalars exactly as twitter-text's JavaScript
/// `extractUrlsWithIndices` does, without a regex engine.
///
/// The regex is `(precedingChar)((https?://)?(domain)(:port)?(/path*)?(?query)?)`; its greedy
/// and backtracking choices are reproduced step by step (see each method). Protocol-less matches
/// keep only the ASCII domains inside them, as the reference does.
struct URLScanner {
    private static let maxURLLength = 4096
    private static let maxTcoSlugLength = 40

    let text: UnsafeBufferPointer<UInt32>
    let extractsWithoutProtocol: Bool
    /// For each index, one past the end of the run of domain characters, `-` and `_` starting there.
    private var runEnd: [Int32] = []
    /// For each index, how many `_` come before it.
    private var underscoresBefore: [Int32] = []

    init(text: UnsafeBufferPointer<UInt32>, extractsWithoutProtocol: Bool) {
        self.text = text
        self.extractsWithoutProtocol = extractsWithoutProtocol
    }

    /// Every URL, in order.
    mutating func scan() -> [URLSpan] {
        let count = text.count
        // The reference's shortcut: no '.' (or no ':' when a protocol is required), no URL.
        let marker: UInt32 = extractsWithoutProtocol ? 0x2E : 0x3A
        guard text.contains(marker) else { return [] }
        buildTables()

        var urls: [URLSpan] = []
        var searchFrom = 0
        while searchFrom < count, let match = nextMatch(from: searchFrom) {
            searchFrom = match.end
            accept(match, into: &urls)
        }
        return urls
    }

    // MARK: - The regex

    /// One match of the URL regex.
    private struct Match {
        var before: UInt32?
        var start: Int
        var protocolEnd: Int?
        var domain: Range<Int>
        var path: Range<Int>?
        var end: Int
    }

    private mutating func buildTables() {
        let count = text.count
        runEnd = [Int32](repeating: 0, count: count + 1)
        underscoresBefore = [Int32](repeating: 0, count: count + 1)
        runEnd[count] = Int32(count)
        var index = count - 1
        while index >= 0 {
            let value = text[index]
            let inRun = CharacterClasses.isDomainCharacter(value) || value == 0x2D || value == 0x5F
            runEnd[index] = inRun ? runEnd[index + 1] : Int32(index)
            index -= 1
        }
        for position in 0..<count {
            underscoresBefore[position + 1] = underscoresBefore[position] + (text[position] == 0x5F ? 1 : 0)
        }
    }

    /// The leftmost match at or after `from`: at each start the preceding character is tried
    /// first (URL one further on), then the start of text.
    private func nextMatch(from: Int) -> Match? {
        var start = from
        while start < text.count {
            let value = text[start]
            if CharacterClasses.isValidBeforeURL(value), var match = url(at: start + 1) {
                match.before = value
                return match
            }
            if start == 0, let match = url(at: 0) { return match }
            start += 1
        }
        return nil
    }

    /// `(https?://)?(domain)(:port)?(/path*)?(?query)?` at `start`, protocol tried first.
    private func url(at start: Int) -> Match? {
        guard start < text.count else { return nil }
        if let protocolEnd = protocolEnd(at: start), let domainEnd = domain(at: protocolEnd) {
            return tail(start: start, protocolEnd: protocolEnd, domain: protocolEnd..<domainEnd)
        }
        if let domainEnd = domain(at: start) {
            return tail(start: start, protocolEnd: nil, domain: start..<domainEnd)
        }
        return nil
    }

    private func protocolEnd(at start: Int) -> Int? {
        let http: [UInt32] = [0x68, 0x74, 0x74, 0x70]
        guard start + 7 <= text.count else { return nil }
        for (offset, letter) in http.enumerated() where CharacterClasses.asciiLowercased(text[start + offset]) != letter
        {
            return nil
        }
        var index = start + 4
        if CharacterClasses.asciiLowercased(text[index]) == 0x73 { index += 1 }
        guard index + 3 <= text.count, text[index] == 0x3A, text[index + 1] == 0x2F, text[index + 2] == 0x2F else {
            return nil
        }
        return index + 3
    }

    /// `subdomain* domainName (gTLD|ccTLD|punycode)`: labels are taken greedily, then given back
    /// one at a time until a TLD follows the last one kept.
    private func domain(at start: Int) -> Int? {
        // Most places start no label at all: answer before allocating anything.
        let firstEnd = Int(runEnd[start])
        guard firstEnd > start, firstEnd < text.count, text[firstEnd] == 0x2E else { return nil }
        var labels: [Range<Int>] = []
        var index = start
        while index < text.count {
            let end = Int(runEnd[index])
            guard end > index, end < text.count, text[end] == 0x2E else { break }
            guard isLabelEdge(text[index]), isLabelEdge(text[end - 1]) else { break }
            labels.append(index..<end)
            index = end + 1
        }
        var kept = labels.count - 1
        while kept >= 0 {
            let label = labels[kept]
            let hasUnderscore = underscoresBefore[label.upperBound] != underscoresBefore[label.lowerBound]
            if !hasUnderscore, let end = TLDMatcher.shared.match(text, at: label.upperBound + 1) {
                return end
            }
            kept -= 1
        }
        return nil
    }

    @inline(__always)
    private func isLabelEdge(_ value: UInt32) -> Bool {
        value != 0x2D && value != 0x5F
    }

    /// Port, path and query after the domain; each optional and greedy.
    private func tail(start: Int, protocolEnd: Int?, domain: Range<Int>) -> Match {
        var end = domain.upperBound
        if end + 1 < text.count, text[end] == 0x3A, CharacterClasses.isASCIIDigit(text[end + 1]) {
            end += 1
            while end < text.count, CharacterClasses.isASCIIDigit(text[end]) { end += 1 }
        }
        var path: Range<Int>?
        if end < text.count, text[end] == 0x2F {
            let pathEnd = self.pathEnd(from: end + 1)
            path = end..<pathEnd
            end = pathEnd
        }
        if end < text.count, text[end] == 0x3F {
            var index = end + 1
            var lastEnding: Int?
            while index < text.count, CharacterClasses.isQueryCharacter(text[index]) {
                if CharacterClasses.isQueryEndingCharacter(text[index]) { lastEnding = index + 1 }
                index += 1
            }
            if let lastEnding { end = lastEnding }
        }
        return Match(before: nil, start: start, protocolEnd: protocolEnd, domain: domain, path: path, end: end)
    }

    /// The longest run of path characters and balanced parentheses that ends in a path-ending
    /// character or a parenthesis group.
    private func pathEnd(from start: Int) -> Int {
        var index = start
        var lastGood = start
        while index < text.count {
            let value = text[index]
            if CharacterClasses.isPathCharacter(value) {
                index += 1
                if CharacterClasses.isPathEndingCharacter(value) { lastGood = index }
            } else if value == 0x28, let end = balancedParentheses(at: index) {
                index = end
                lastGood = end
            } else {
                break
            }
        }
        return lastGood
    }

    /// `\((?:P+|P*\(P+\)P*)\)` with P the path characters.
    private func balancedParentheses(at open: Int) -> Int? {
        var index = open + 1
        while index < text.count, CharacterClasses.isPathCharacter(text[index]) { index += 1 }
        guard index < text.count else { return nil }
        if text[index] == 0x29 { return index > open + 1 ? index + 1 : nil }
        guard text[index] == 0x28 else { return nil }
        let innerStart = index + 1
        index = innerStart
        while index < text.count, CharacterClasses.isPathCharacter(text[index]) { index += 1 }
        guard index > innerStart, index < text.count, text[index] == 0x29 else { return nil }
        index += 1
        while index < text.count, CharacterClasses.isPathCharacter(text[index]) { index += 1 }
        guard index < text.count, text[index] == 0x29 else { return nil }
        return index + 1
    }

    // MARK: - After the regex

    /// The reference's checks on a match: host validity and length, the protocol-less rules,
    /// and t.co slugs.
    private func accept(_ match: Match, into urls: inout [URLSpan]) {
        let protocolLength = match.protocolEnd.map { $0 - match.start } ?? 8
        guard isValidHost(match.domain),
            protocolLength + utf16Length(match.start..<match.end) <= Self.maxURLLength
        else { return }

        guard match.protocolEnd != nil else {
            guard extractsWithoutProtocol else { return }
            if let before = match.before, before == 0x2D || before == 0x5F || before == 0x2E || before == 0x2F {
                return
            }
            let domains = asciiDomains(in: match.domain)
            guard var last = domains.last else { return }
            urls.append(
                contentsOf: domains.dropLast().map {
                    URLSpan(start: $0.lowerBound, end: $0.upperBound, hasProtocol: false)
                }
            )
            if match.path != nil { last = last.lowerBound..<match.end }
            urls.append(URLSpan(start: last.lowerBound, end: last.upperBound, hasProtocol: false))
            return
        }

        var end = match.end
        if let tco = tcoEnd(from: match.start, limit: match.end) {
            guard tco.slugEnd - tco.slugStart <= Self.maxTcoSlugLength else { return }
            end = tco.end
        }
        urls.append(URLSpan(start: match.start, end: end, hasProtocol: true))
    }

    /// `idna.toAscii`: a domain starting `xn--` must contain an ASCII domain, and every label's
    /// ASCII form must be 1 to 63 characters long.
    private func isValidHost(_ domain: Range<Int>) -> Bool {
        let prefix: [UInt32] = [0x78, 0x6E, 0x2D, 0x2D]
        if domain.count >= 4, zip(text[domain.lowerBound..<domain.lowerBound + 4], prefix).allSatisfy({ $0 == $1 }),
            asciiDomains(in: domain, firstOnly: true).isEmpty
        {
            return false
        }
        var labelStart = domain.lowerBound
        for index in domain.lowerBound...domain.upperBound where index == domain.upperBound || text[index] == 0x2E {
            let label = text[labelStart..<index]
            guard let length = Punycode.asciiLength(of: label), length >= 1, length <= 63 else { return false }
            labelStart = index + 1
        }
        return true
    }

    /// Every match of `validAsciiDomain` (`([-a-z0-9À-ɏ…]+\.)+(gTLD|ccTLD|punycode)`) inside the domain,
    /// with `$` meaning the domain's end.
    private func asciiDomains(in domain: Range<Int>, firstOnly: Bool = false) -> [Range<Int>] {
        var found: [Range<Int>] = []
        let slice = UnsafeBufferPointer(rebasing: text[domain])
        var start = 0
        while start < slice.count {
            if let end = asciiDomain(in: slice, at: start) {
                found.append(domain.lowerBound + start..<domain.lowerBound + end)
                if firstOnly { break }
                start = end
            } else {
                start += 1
            }
        }
        return found
    }

    private func asciiDomain(in slice: UnsafeBufferPointer<UInt32>, at start: Int) -> Int? {
        var dots: [Int] = []
        var index = start
        while true {
            let labelStart = index
            while index < slice.count, CharacterClasses.isASCIIDomainLabelCharacter(slice[index]) { index += 1 }
            guard index > labelStart, index < slice.count, slice[index] == 0x2E else { break }
            dots.append(index)
            index += 1
        }
        for dot in dots.reversed() {
            if let end = TLDMatcher.shared.match(slice, at: dot + 1) { return end }
        }
        return nil
    }

    /// `^https?://t\.co/([a-z0-9]+)(?:\?query*queryEnding)?` on the URL.
    private func tcoEnd(from start: Int, limit: Int) -> (slugStart: Int, slugEnd: Int, end: Int)? {
        guard let afterProtocol = protocolEnd(at: start) else { return nil }
        let host: [UInt32] = [0x74, 0x2E, 0x63, 0x6F, 0x2F]  // "t.co/"
        guard afterProtocol + host.count <= limit else { return nil }
        for (offset, letter) in host.enumerated()
        where CharacterClasses.asciiLowercased(text[afterProtocol + offset]) != letter {
            return nil
        }
        let slugStart = afterProtocol + host.count
        var index = slugStart
        while index < limit, CharacterClasses.isASCIIAlphanumeric(text[index]) { index += 1 }
        guard index > slugStart else { return nil }
        let slugEnd = index
        var end = slugEnd
        if end < limit, text[end] == 0x3F {
            var query = end + 1
            var lastEnding: Int?
            while query < limit, CharacterClasses.isQueryCharacter(text[query]) {
                if CharacterClasses.isQueryEndingCharacter(text[query]) { lastEnding = query + 1 }
                query += 1
            }
            if let lastEnding { end = lastEnding }
        }
        return (slugStart, slugEnd, end)
    }

    private func utf16Length(_ range: Range<Int>) -> Int {
        var length = 0
        for index in range { length += text[index] > 0xFFFF ? 2 : 1 }
        return length
    }
}
