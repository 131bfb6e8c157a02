/// Decoding one scalar of UTF-8 from raw bytes, for the line counter's passes.
enum UTF8Scalar {
    /// The scalar whose multi-byte sequence starts at `index` (its lead byte is 0x80 or more),
    /// moving past it; nil when the bytes there are not well-formed UTF-8 (a stray continuation
    /// byte, an overlong form, a surrogate, a value above U+10FFFF, or a sequence cut short).
    @inline(__always)
    static func decode(_ bytes: UnsafePointer<UInt8>, _ count: Int, _ index: inout Int) -> UInt32? {
        let lead = UInt32(bytes[index])
        let left = count &- index
        // Continuation bytes XOR 0x80 are below 0x40; one test checks them all and keeps their bits.
        if lead &- 0xC2 < 0x1E {  // C2 to DF: two bytes (C0 and C1 would be overlong)
            guard left >= 2 else { return nil }
            let second = UInt32(bytes[index &+ 1]) ^ 0x80
            guard second < 0x40 else { return nil }
            index &+= 2
            return (lead & 0x1F) << 6 | second
        }
        if lead &- 0xE0 < 0x10 {  // E0 to EF: three bytes
            guard left >= 3 else { return nil }
            let second = UInt32(bytes[index &+ 1]) ^ 0x80
            let third = UInt32(bytes[index &+ 2]) ^ 0x80
            guard second | third < 0x40 else { return nil }
            let value = (lead & 0x0F) << 12 | second << 6 | third
            // Not overlong (below U+0800), not a surrogate (U+D800 to U+DFFF).
            guard value >= 0x800 && value &- 0xD800 >= 0x800 else { return nil }
            index &+= 3
            return value
        }
        if lead &- 0xF0 < 5 {  // F0 to F4: four bytes
            guard left >= 4 else { return nil }
            let second = UInt32(bytes[index &+ 1]) ^ 0x80
            let third = UInt32(bytes[index &+ 2]) ^ 0x80
            let fourth = UInt32(bytes[index &+ 3]) ^ 0x80
            guard second | third | fourth < 0x40 else { return nil }
            let value = (lead & 0x07) << 18 | second << 12 | third << 6 | fourth
            // Not overlong (below U+10000), not above U+10FFFF.
            guard value &- 0x10000 < 0x10_0000 else { return nil }
            index &+= 4
            return value
        }
        return nil  // a continuation byte, C0, C1 or F5 and up
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
