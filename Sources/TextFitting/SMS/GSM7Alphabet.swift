/// The GSM 03.38 (3GPP TS 23.038) default alphabet and its extension table, as carriers bill it.
///
/// A character of the default alphabet costs one septet; one of the extension table (`€ [ ] { } \
/// ~ ^ |` and form feed) costs two, an escape (0x1B) and its code, which are never split across
/// parts. Anything else can't be sent as GSM-7 and switches the whole message to UCS-2. The escape
/// itself (U+001B) is not a character a message can carry: a lone escape is read by handsets as
/// the start of an extension pair, so it counts as non-GSM here.
public enum GSM7Alphabet {
    /// The septets `scalar` costs in GSM-7: 1 (default alphabet), 2 (extension table), or 0 when
    /// GSM-7 can't carry it.
    @inline(__always)
    public static func septets(for scalar: Unicode.Scalar) -> Int {
        let value = scalar.value
        return value < 0x100 ? Int(latin1Septets[Int(value)]) : septetsAbove255(value)
    }

    /// ``septets(for:)`` of a scalar above U+00FF: 1 for a Greek capital of the alphabet, 2 for
    /// the euro sign, else 0.
    @inline(__always)
    static func septetsAbove255(_ value: UInt32) -> Int {
        if value == 0x20AC { return 2 }
        guard value &- 0x393 <= 0x16 else { return 0 }
        // Γ Δ Θ Λ Ξ Π Σ Φ Ψ Ω (U+0393, 0394, 0398, 039B, 039E, 03A0, 03A3, 03A6, 03A8, 03A9): bits
        // of U+0393 to U+03A9.
        return Int((0x0069_2923 as UInt32) >> (value - 0x393) & 1)
    }

    /// True when GSM-7 can carry every scalar of `text`.
    public static func canEncode(_ text: some StringProtocol) -> Bool {
        text.unicodeScalars.allSatisfy { septets(for: $0) > 0 }
    }

    /// The extension-table characters, each costing two septets.
    public static let extensionCharacters: [Unicode.Scalar] = ["\u{0C}", "^", "{", "}", "\\", "[", "~", "]", "|", "€"]

    /// Septets per scalar for U+0000 to U+00FF: 0 for not in GSM-7.
    static let latin1Septets: [UInt8] = {
        var table = [UInt8](repeating: 0, count: 256)
        // ASCII: printable characters, LF and CR; the backtick (U+0060) is not in the alphabet.
        for value in 0x20...0x7E where value != 0x60 { table[value] = 1 }
        table[0x0A] = 1
        table[0x0D] = 1
        for scalar in extensionCharacters where scalar.value < 0x100 { table[Int(scalar.value)] = 2 }
        // Latin-1 letters and signs of the default alphabet.
        let latin1: [UInt32] = [
            0xA1, 0xA3, 0xA4, 0xA5, 0xA7, 0xBF, 0xC4, 0xC5, 0xC6, 0xC7, 0xC9, 0xD1, 0xD6, 0xD8, 0xDC, 0xDF,
            0xE0, 0xE4, 0xE5, 0xE6, 0xE8, 0xE9, 0xEC, 0xF1, 0xF2, 0xF6, 0xF8, 0xF9, 0xFC,
        ]
        for value in latin1 { table[Int(value)] = 1 }
        return table
    }()
}
