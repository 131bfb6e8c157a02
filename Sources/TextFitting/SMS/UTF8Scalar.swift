/// Decoding one scalar of UTF-8 from raw bytes, for the line counter's passes.
enum UTF8Scalar {
    /// The scalar whose multi-byte sequence starts at `index` (its lead byte is 0x80 or more),
    /// moving past it; nil when the bytes there are not well-formed UTF-8 (a stray continuation
    /// byte, an overlong form, a surrogate, a value above U+10FFFF, or a sequence cut short).
    @inline(__always)
    static func decode(_ bytes: UnsafePointer<UInt8>, _ count: Int, _ index: inout Int) -> UInt32? {
        let lead = UInt32(bytes[index])
        if lead < 0xC2 { return nil }
        if lead < 0xE0 {
            guard index &+ 1 < count else { return nil }
            let second = UInt32(bytes[index &+ 1])
            guard second & 0xC0 == 0x80 else { return nil }
            index &+= 2
            return (lead & 0x1F) << 6 | (second & 0x3F)
        }
        if lead < 0xF0 {
            guard index &+ 2 < count else { return nil }
            let second = UInt32(bytes[index &+ 1])
            let third = UInt32(bytes[index &+ 2])
            guard second & 0xC0 == 0x80, third & 0xC0 == 0x80 else { return nil }
            if lead == 0xE0 && second < 0xA0 { return nil }  // overlong
            if lead == 0xED && second >= 0xA0 { return nil }  // a surrogate
            index &+= 3
            return (lead & 0x0F) << 12 | (second & 0x3F) << 6 | (third & 0x3F)
        }
        guard lead < 0xF5, index &+ 3 < count else { return nil }
        let second = UInt32(bytes[index &+ 1])
        let third = UInt32(bytes[index &+ 2])
        let fourth = UInt32(bytes[index &+ 3])
        guard second & 0xC0 == 0x80, third & 0xC0 == 0x80, fourth & 0xC0 == 0x80 else { return nil }
        if lead == 0xF0 && second < 0x90 { return nil }  // overlong
        if lead == 0xF4 && second >= 0x90 { return nil }  // above U+10FFFF
        index &+= 4
        return (lead & 0x07) << 18 | (second & 0x3F) << 12 | (third & 0x3F) << 6 | (fourth & 0x3F)
    }

    /// The scalar at `index` of bytes already checked to be UTF-8, moving past it.
    @inline(__always)
    static func decodeValid(_ bytes: UnsafePointer<UInt8>, _ index: inout Int) -> UInt32 {
        let lead = UInt32(bytes[index])
        if lead < 0x80 {
            index += 1
            return lead
        }
        if lead < 0xE0 {
            defer { index += 2 }
            return (lead & 0x1F) << 6 | UInt32(bytes[index + 1] & 0x3F)
        }
        if lead < 0xF0 {
            defer { index += 3 }
            return (lead & 0x0F) << 12 | UInt32(bytes[index + 1] & 0x3F) << 6 | UInt32(bytes[index + 2] & 0x3F)
        }
        defer { index += 4 }
        return (lead & 0x07) << 18 | UInt32(bytes[index + 1] & 0x3F) << 12 | UInt32(bytes[index + 2] & 0x3F) << 6
            | UInt32(bytes[index + 3] & 0x3F)
    }
}
