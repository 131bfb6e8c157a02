/// Eight bytes of a message tested together as one 64-bit word: which are not printable GSM-7
/// ASCII (0x80 and up, controls, DEL, the backtick), and which are extension characters, each as
/// the high bit of its byte. Exact for every byte (no borrow crosses bytes), so the lowest flagged
/// byte is the first one that is not plain.
struct SMSASCIIWord {
    let special: UInt64
    let extensions: UInt64

    /// For each byte: 0 when it is printable ASCII of one septet, 1 when of two (an extension
    /// character), 64 otherwise (a control, the backtick, or part of a multi-byte sequence).
    /// Eight bytes sum to less than 64 exactly when all of them are printable GSM-7 ASCII.
    static let byteClasses: [UInt8] = (0..<256).map { byte in
        guard byte >= 0x20 && byte < 0x7F else { return 64 }
        switch GSM7Alphabet.latin1Septets[byte] {
        case 1: return 0
        case 2: return 1
        default: return 64
        }
    }

    @inline(__always)
    init(_ base: UnsafePointer<UInt8>) {
        let word = UnsafeRawPointer(base).loadUnaligned(as: UInt64.self)
        let highs: UInt64 = 0x8080_8080_8080_8080
        let lows: UInt64 = 0x7F7F_7F7F_7F7F_7F7F
        let seven = word & lows
        let control = ~(seven &+ 0x6060_6060_6060_6060) & highs  // below 0x20
        let delete = (seven &+ 0x0101_0101_0101_0101) & highs  // 0x7F
        let backtick = ~Self.nonZero(seven ^ 0x6060_6060_6060_6060) & highs
        special = (word & highs) | control | delete | backtick
        // [ \ ] ^ and { | } ~ are 0x7B to 0x7E once bit 5 is set (and _ becomes DEL).
        let folded = seven | 0x2020_2020_2020_2020
        extensions = (folded &+ 0x0505_0505_0505_0505) & Self.nonZero(folded ^ lows) & highs
    }

    /// The high bit of each byte of `value` that is not zero (bytes below 0x80).
    @inline(__always)
    static func nonZero(_ value: UInt64) -> UInt64 {
        ((value & 0x7F7F_7F7F_7F7F_7F7F) &+ 0x7F7F_7F7F_7F7F_7F7F) | value
    }

    /// The extension characters among the first `count` bytes, each as the high bit of its byte.
    @inline(__always)
    func extensions(inFirst count: Int) -> UInt64 {
        guard extensions != 0 else { return 0 }  // the usual case
        let mask: UInt64 = count == 8 ? ~0 : (1 << (8 * UInt64(count))) &- 1
        return extensions & mask
    }

    /// The plain bytes before the first special one (8 when none is).
    @inline(__always)
    var plainPrefix: Int { special.trailingZeroBitCount >> 3 }
}
