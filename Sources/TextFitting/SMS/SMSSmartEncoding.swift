/// Replaces look-alike characters by their GSM-7 equivalents, so a message typed with curly
/// quotes, dashes, `…` or non-breaking spaces stays GSM-7 (160 characters a part, not 70).
///
/// Covered: single and double quotation marks and primes (`‘ ’ ‚ ‛ “ ” „ ‟ « » ‹ › ′ ″ ´` and the
/// backtick), hyphens and dashes (`‐ ‑ ‒ – — ― −`), the ellipsis (`...`), the bullet (`-`), every
/// Unicode space (one space) and tab, line and paragraph separators (a line feed), zero-width
/// characters and the soft hyphen (removed), and the fullwidth forms of ASCII. Each replacement is
/// itself GSM-7. Letters are never transliterated.
public enum SMSSmartEncoding {
    /// One kind of replacement made, and how often.
    public struct Replacement: Sendable, Hashable, Codable {
        /// The character replaced.
        public var original: String
        /// What replaced it (empty when it was removed).
        public var replacement: String
        /// How many times.
        public var count: Int

        /// `“ → "` or `U+200B removed`.
        public var description: String {
            let shown =
                original.unicodeScalars.allSatisfy(\.properties.isWhitespace) || replacement.isEmpty
                ? SMSSegmentCounter.nonGSMScalars(of: original) : original
            let times = count > 1 ? " (x\(count))" : ""
            return replacement.isEmpty
                ? "\(shown) removed\(times)" : "\(shown) → \(replacement == " " ? "space" : replacement)\(times)"
        }
    }

    /// The outcome of smart encoding a text.
    public struct Result: Sendable, Hashable {
        /// The text to send: with the replacements when they make it GSM-7, else unchanged.
        public var text: String
        /// The replacements made; empty when ``applied`` is false.
        public var replacements: [Replacement]
        /// True when the replacements were made: the text is GSM-7 with them and was not before.
        public var applied: Bool
    }

    /// What replaces a look-alike, without building a `String`.
    enum LookAlike: Equatable {
        /// One GSM-7 character, given as its ASCII byte.
        case character(UInt8)
        /// Three full stops, for `…`.
        case threeDots
        /// Nothing: the character is removed.
        case removed
    }

    /// What replaces the scalar `value`, or nil when it is not a look-alike: the one table of
    /// look-alikes, read by ``replacement(for:)`` and the line counter.
    @inline(__always)
    static func lookAlike(_ value: UInt32) -> LookAlike? {
        switch value {
        case 0x2018, 0x2019, 0x201A, 0x201B, 0x2032, 0x2035, 0x02B9, 0x02BB, 0x02BC, 0x02C8, 0x00B4, 0x0060, 0xFF40:
            return .character(0x27)  // '
        case 0x201C, 0x201D, 0x201E, 0x201F, 0x2033, 0x2036, 0x00AB, 0x00BB, 0x02BA: return .character(0x22)  // "
        case 0x2039: return .character(0x3C)  // <
        case 0x203A: return .character(0x3E)  // >
        case 0x2010, 0x2011, 0x2012, 0x2013, 0x2014, 0x2015, 0x2212, 0xFE63, 0x2022, 0x2043:
            return .character(0x2D)  // -
        case 0x2026: return .threeDots
        case 0x0009, 0x00A0, 0x2000...0x200A, 0x202F, 0x205F, 0x3000: return .character(0x20)
        case 0x2028, 0x2029: return .character(0x0A)
        case 0x200B, 0x200C, 0x200D, 0x2060, 0xFEFF, 0x00AD: return .removed
        case 0xFF01...0xFF5E: return .character(UInt8(truncatingIfNeeded: value - 0xFEE0))  // fullwidth ASCII
        default: return nil
        }
    }

    /// The GSM-7 text that replaces `scalar`, or nil when it is not a look-alike.
    public static func replacement(for scalar: Unicode.Scalar) -> String? {
        switch lookAlike(scalar.value) {
        case .character(let byte): String(Unicode.Scalar(byte))
        case .threeDots: "..."
        case .removed: ""
        case nil: nil
        }
    }

    /// `text` with every look-alike replaced, whatever the result's encoding, and what was replaced.
    public static func replacingLookAlikes(in text: String) -> (text: String, replacements: [Replacement]) {
        var output = String.UnicodeScalarView()
        var replacements: [Replacement] = []
        for scalar in text.unicodeScalars {
            guard GSM7Alphabet.septets(for: scalar) == 0, let replacement = replacement(for: scalar) else {
                output.append(scalar)
                continue
            }
            output.append(contentsOf: replacement.unicodeScalars)
            let original = String(scalar)
            if let index = replacements.firstIndex(where: { $0.original == original }) {
                replacements[index].count += 1
            } else {
                replacements.append(Replacement(original: original, replacement: replacement, count: 1))
            }
        }
        return (String(output), replacements)
    }

    /// Smart encoding as sharevia applies it: the replacements are made only when they turn a UCS-2
    /// text into GSM-7 of no more segments. Otherwise the text is left as it is, since in UCS-2 a
    /// straight quote costs what a curly one does, and `...` costs three times `…` (70 `…` are one
    /// UCS-2 segment, and 210 septets of GSM-7 would be two).
    public static func encode(_ text: String) -> Result {
        guard !GSM7Alphabet.canEncode(text) else { return Result(text: text, replacements: [], applied: false) }
        // Most UCS-2 texts hold a character with no GSM-7 look-alike (an emoji, CJK): say so
        // without building the replaced text.
        let hopeless = text.unicodeScalars.contains {
            GSM7Alphabet.septets(for: $0) == 0 && lookAlike($0.value) == nil
        }
        guard !hopeless else {
            return Result(text: text, replacements: [], applied: false)
        }
        let (replaced, replacements) = replacingLookAlikes(in: text)
        guard !replacements.isEmpty, GSM7Alphabet.canEncode(replaced),
            applies(SMSSegmentCounter.count(replaced), over: SMSSegmentCounter.count(text))
        else {
            return Result(text: text, replacements: [], applied: false)
        }
        return Result(text: replaced, replacements: replacements, applied: true)
    }

    /// True when smart encoding, giving `smart` for a text counted as `original`, is worth
    /// applying: it never adds a segment.
    @inline(__always)
    static func applies(_ smart: SMSCount, over original: SMSCount) -> Bool {
        smart.segments <= original.segments
    }
}
