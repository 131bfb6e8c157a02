/// Finds mentions and hashtags, which fitting must never cut.
enum EntityScanner {
    /// A mention: `@user`, or `@user@domain` with the domain part's range.
    struct Mention {
        var range: Range<Int>
        var domain: Range<Int>?
    }

    /// `@user` and `@user@domain` (Mastodon), where the `@` follows the start or a non-word character.
    static func mentions(in text: [UInt32]) -> [Mention] {
        var found: [Mention] = []
        var index = 0
        while index < text.count {
            defer { index += 1 }
            guard isAtSign(text[index]), index == 0 || !isWord(text[index - 1]) && text[index - 1] != 0x2F else {
                continue
            }
            var end = index + 1
            while end < text.count, isUsername(text[end]) { end += 1 }
            // A username does not end in `.` or `-`.
            while end > index + 1, text[end - 1] == 0x2E || text[end - 1] == 0x2D { end -= 1 }
            guard end > index + 1 else { continue }
            var domain: Range<Int>?
            if end + 1 < text.count, isAtSign(text[end]) {
                var domainEnd = end + 1
                while domainEnd < text.count,
                    isWord(text[domainEnd]) || text[domainEnd] == 0x2E || text[domainEnd] == 0x2D
                {
                    domainEnd += 1
                }
                while domainEnd > end + 1, !isWord(text[domainEnd - 1]) { domainEnd -= 1 }
                if domainEnd > end + 1 { domain = end..<domainEnd }
            }
            let mentionEnd = domain?.upperBound ?? end
            found.append(Mention(range: index..<mentionEnd, domain: domain))
            index = mentionEnd - 1
        }
        return found
    }

    /// `#tag`: a hash sign and the letters, marks, digits, `_` and joiners after it.
    static func hashtags(in text: [UInt32]) -> [Range<Int>] {
        var found: [Range<Int>] = []
        var index = 0
        while index < text.count {
            guard text[index] == 0x23 || text[index] == 0xFF03 else {
                index += 1
                continue
            }
            var end = index + 1
            while end < text.count, isHashtagCharacter(text[end]) { end += 1 }
            if end > index + 1 { found.append(index..<end) }
            index = max(end, index + 1)
        }
        return found
    }

    @inline(__always)
    private static func isAtSign(_ value: UInt32) -> Bool { value == 0x40 || value == 0xFF20 }

    private static func isUsername(_ value: UInt32) -> Bool {
        CharacterClasses.isASCIIAlphanumeric(value) || value == 0x5F || value == 0x2E || value == 0x2D
    }

    private static func isWord(_ value: UInt32) -> Bool {
        if value < 0x80 { return CharacterClasses.isASCIIAlphanumeric(value) || value == 0x5F }
        guard let scalar = Unicode.Scalar(value) else { return false }
        return scalar.properties.isAlphabetic || scalar.properties.numericType != nil
    }

    private static func isHashtagCharacter(_ value: UInt32) -> Bool {
        if value < 0x80 { return CharacterClasses.isASCIIAlphanumeric(value) || value == 0x5F }
        if value == 0x200C || value == 0x200D { return true }
        guard let scalar = Unicode.Scalar(value) else { return false }
        switch scalar.properties.generalCategory {
        case .uppercaseLetter, .lowercaseLetter, .titlecaseLetter, .modifierLetter, .otherLetter,
            .nonspacingMark, .spacingMark, .enclosingMark, .decimalNumber:
            return true
        default:
            return false
        }
    }
}
