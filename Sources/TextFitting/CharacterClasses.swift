/// The character classes of twitter-text's URL regexes (the JavaScript reference, which the
/// conformance data follows), as predicates on Unicode scalar values.
enum CharacterClasses {
    /// `punct` in twitter-text: ASCII punctuation that ends a domain label (not `"` or `` ` ``).
    static func isPunctuation(_ v: UInt32) -> Bool {
        switch v {
        case 0x21, 0x23, 0x24, 0x25, 0x26, 0x27, 0x28, 0x29, 0x2A, 0x2B, 0x2C, 0x2D, 0x2E, 0x2F,
            0x3A, 0x3B, 0x3C, 0x3D, 0x3E, 0x3F, 0x40, 0x5B, 0x5C, 0x5D, 0x5E, 0x5F, 0x7B, 0x7C, 0x7D, 0x7E:
            return true
        default:
            return false
        }
    }

    /// `spacesGroup`: the Unicode white space twitter-text knows.
    static func isSpace(_ v: UInt32) -> Bool {
        switch v {
        case 0x09...0x0D, 0x20, 0x85, 0xA0, 0x1680, 0x180E, 0x2000...0x200A, 0x2028, 0x2029, 0x202F, 0x205F, 0x3000:
            return true
        default:
            return false
        }
    }

    /// `invalidCharsGroup`: characters that make a Tweet invalid.
    static func isInvalid(_ v: UInt32) -> Bool {
        v == 0xFFFE || v == 0xFEFF || v == 0xFFFF
    }

    /// `directionalMarkersGroup`: bidirectional formatting characters.
    static func isDirectionalMarker(_ v: UInt32) -> Bool {
        switch v {
        case 0x202A...0x202E, 0x061C, 0x200E, 0x200F, 0x2066...0x2069:
            return true
        default:
            return false
        }
    }

    /// `validDomainChars`: anything but punctuation, spaces, invalid characters and directional markers.
    static func isDomainCharacter(_ v: UInt32) -> Bool {
        if v < 0x80 {
            return !(isPunctuation(v) || isSpace(v))
        }
        return !(isSpace(v) || isInvalid(v) || isDirectionalMarker(v))
    }

    /// `validUrlPrecedingChars` without the start of text: what may come right before a URL.
    static func isValidBeforeURL(_ v: UInt32) -> Bool {
        if isDirectionalMarker(v) { return true }
        if isASCIIAlphanumeric(v) { return false }
        switch v {
        case 0x40, 0xFF20, 0x24, 0x23, 0xFF03:  // @ ＠ $ # ＃
            return false
        default:
            return !isInvalid(v)
        }
    }

    /// `[a-zA-Z0-9]`.
    @inline(__always)
    static func isASCIIAlphanumeric(_ v: UInt32) -> Bool {
        (v >= 0x30 && v <= 0x39) || (v >= 0x41 && v <= 0x5A) || (v >= 0x61 && v <= 0x7A)
    }

    /// `latinAccentChars`.
    static func isLatinAccent(_ v: UInt32) -> Bool {
        switch v {
        case 0xC0...0xD6, 0xD8...0xF6, 0xF8...0xFF, 0x100...0x24F, 0x253, 0x254, 0x256, 0x257, 0x259, 0x25B,
            0x263, 0x268, 0x26F, 0x272, 0x289, 0x28B, 0x2BB, 0x300...0x36F, 0x1E00...0x1EFF:
            return true
        default:
            return false
        }
    }

    /// `cyrillicLettersAndMarks`.
    @inline(__always)
    static func isCyrillic(_ v: UInt32) -> Bool { v >= 0x400 && v <= 0x4FF }

    /// `validGeneralUrlPathChars`.
    static func isPathCharacter(_ v: UInt32) -> Bool {
        if isASCIIAlphanumeric(v) { return true }
        switch v {
        case 0x21, 0x2A, 0x27, 0x3B, 0x3A, 0x3D, 0x2B, 0x2C, 0x2E, 0x24, 0x2F, 0x25, 0x23, 0x5B, 0x5D, 0x2D,
            0x2013, 0x5F, 0x7E, 0x40, 0x7C, 0x26:
            return true
        default:
            return isCyrillic(v) || isLatinAccent(v)
        }
    }

    /// `validUrlPathEndingChars` (single characters; balanced parentheses are handled apart).
    static func isPathEndingCharacter(_ v: UInt32) -> Bool {
        if isASCIIAlphanumeric(v) { return true }
        switch v {
        case 0x2B, 0x2D, 0x3D, 0x5F, 0x23, 0x2F:
            return true
        default:
            return isCyrillic(v) || isLatinAccent(v)
        }
    }

    /// `validUrlQueryChars`.
    static func isQueryCharacter(_ v: UInt32) -> Bool {
        if isASCIIAlphanumeric(v) { return true }
        switch v {
        case 0x21, 0x3F, 0x2A, 0x27, 0x40, 0x28, 0x29, 0x3B, 0x3A, 0x26, 0x3D, 0x2B, 0x24, 0x2F, 0x25, 0x23,
            0x5B, 0x5D, 0x2D, 0x5F, 0x2E, 0x2C, 0x7E, 0x7C:
            return true
        default:
            return false
        }
    }

    /// `validUrlQueryEndingChars`.
    static func isQueryEndingCharacter(_ v: UInt32) -> Bool {
        if isASCIIAlphanumeric(v) { return true }
        switch v {
        case 0x2D, 0x5F, 0x26, 0x3D, 0x23, 0x2F:
            return true
        default:
            return false
        }
    }

    /// The label characters of `validAsciiDomain`: `[-a-z0-9]` and Latin accents.
    static func isASCIIDomainLabelCharacter(_ v: UInt32) -> Bool {
        isASCIIAlphanumeric(v) || v == 0x2D || isLatinAccent(v)
    }

    /// ASCII lowercase; other scalars unchanged.
    @inline(__always)
    static func asciiLowercased(_ v: UInt32) -> UInt32 {
        (v >= 0x41 && v <= 0x5A) ? v + 0x20 : v
    }
}

extension CharacterClasses {
    /// `[0-9]`.
    @inline(__always)
    static func isASCIIDigit(_ v: UInt32) -> Bool { v >= 0x30 && v <= 0x39 }
}
