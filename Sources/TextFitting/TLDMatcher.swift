/// Matches a top-level domain the way twitter-text's `validGTLD|validCCTLD|validPunycode`
/// alternation does: generic TLDs first, then country codes, then `xn--` Punycode, each TLD
/// followed by something other than `[0-9a-zA-Z@+-]` or the end of the text.
struct TLDMatcher: Sendable {
    /// TLDs by their first scalar, each list in alternation order.
    private let byFirstScalar: [UInt32: [[UInt32]]]

    /// The shared matcher over ``TLDTable``.
    static let shared = TLDMatcher(generic: TLDTable.generic, country: TLDTable.country)

    init(generic: [String], country: [String]) {
        var table: [UInt32: [[UInt32]]] = [:]
        for name in generic + country {
            let scalars = name.lowercased().unicodeScalars.map(\.value)
            guard let first = scalars.first else { continue }
            table[first, default: []].append(scalars)
        }
        byFirstScalar = table
    }

    /// The end of the TLD that starts at `start`, or nil when none does.
    func match(_ text: UnsafeBufferPointer<UInt32>, at start: Int) -> Int? {
        let count = text.count
        guard start < count else { return nil }
        if let candidates = byFirstScalar[Self.lowercased(text[start])] {
            for candidate in candidates where start + candidate.count <= count {
                var matches = true
                for (offset, scalar) in candidate.enumerated() where Self.lowercased(text[start + offset]) != scalar {
                    matches = false
                    break
                }
                let end = start + candidate.count
                if matches && Self.endsTLD(text, at: end) { return end }
            }
        }
        return punycodeEnd(text, at: start)
    }

    /// `xn--[-0-9a-z]+`, greedy, with no lookahead.
    private func punycodeEnd(_ text: UnsafeBufferPointer<UInt32>, at start: Int) -> Int? {
        let prefix: [UInt32] = [0x78, 0x6E, 0x2D, 0x2D]
        guard start + 5 <= text.count else { return nil }
        for (offset, scalar) in prefix.enumerated()
        where CharacterClasses.asciiLowercased(text[start + offset]) != scalar {
            return nil
        }
        var end = start + 4
        while end < text.count, CharacterClasses.isASCIIAlphanumeric(text[end]) || text[end] == 0x2D { end += 1 }
        return end > start + 4 ? end : nil
    }

    /// The lookahead `(?=[^0-9a-zA-Z@+-]|$)`.
    @inline(__always)
    private static func endsTLD(_ text: UnsafeBufferPointer<UInt32>, at index: Int) -> Bool {
        guard index < text.count else { return true }
        let next = text[index]
        return !(CharacterClasses.isASCIIAlphanumeric(next) || next == 0x40 || next == 0x2B || next == 0x2D)
    }

    @inline(__always)
    private static func lowercased(_ value: UInt32) -> UInt32 {
        if value < 0x80 { return CharacterClasses.asciiLowercased(value) }
        guard let scalar = Unicode.Scalar(value) else { return value }
        let lower = scalar.properties.lowercaseMapping.unicodeScalars
        return lower.count == 1 ? lower.first!.value : value
    }
}
