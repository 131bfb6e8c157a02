/// Unicode normalisation for counting.
enum TextNormalization {
    /// The text in Normalization Form C, as twitter-text counts it, and whether normalising may
    /// have changed its scalars.
    ///
    /// A quick check skips the work for text that is already NFC: every scalar a starter
    /// (combining class 0) that is neither excluded from composition nor able to combine with
    /// the one before it. Everything else goes through the standard library's canonical
    /// composition (`_nfcCodeUnits`, the same Unicode data `String` comparison uses), so counting
    /// needs neither Foundation nor ICU.
    static func nfcWithChange(_ text: String) -> (text: String, changed: Bool) {
        if text.utf8.allSatisfy({ $0 < 0xCC }) { return (text, false) }  // every scalar < U+0300
        if text.unicodeScalars.allSatisfy(isStableStarter) { return (text, false) }
        return (String(decoding: text._nfcCodeUnits, as: UTF8.self), true)
    }

    /// The UTF-16 length of the longest prefix of `text`, in whole normalisation segments, whose
    /// NFC form is at most `normalizedUnits` UTF-16 units long.
    ///
    /// NFC may lengthen text (a composition exclusion such as U+0958 becomes two scalars) as well
    /// as shorten it, so a position in the normalised text can't be moved back to the original by
    /// one overall difference. Text splits into segments before every stable starter
    /// (``isStableStarter(_:)``); each segment normalises on its own, and the NFC form of the text
    /// is the segments' NFC forms one after the other. A segment only partly inside the prefix is
    /// left out, so the answer never claims more of the original than the normalised prefix holds.
    static func originalUTF16Length(coveringNormalizedUTF16 normalizedUnits: Int, in text: String) -> Int {
        let scalars = text.unicodeScalars
        var original = 0  // UTF-16 units of whole segments taken so far
        var normalized = 0
        var segmentStart = scalars.startIndex
        var segmentUnits = 0
        var segmentIsOneStarter = true
        // Adds the segment before `end`; false when it doesn't fit in `normalizedUnits`.
        func takeSegment(endingAt end: String.UnicodeScalarView.Index) -> Bool {
            let units =
                segmentIsOneStarter
                ? segmentUnits
                : String(decoding: String(scalars[segmentStart..<end])._nfcCodeUnits, as: UTF8.self).utf16.count
            guard normalized + units <= normalizedUnits else { return false }
            normalized += units
            original += segmentUnits
            return true
        }
        var index = scalars.startIndex
        while index < scalars.endIndex {
            let scalar = scalars[index]
            if index != segmentStart && isStableStarter(scalar) {
                guard takeSegment(endingAt: index) else { return original }
                segmentStart = index
                segmentUnits = 0
                segmentIsOneStarter = true
            } else if index != segmentStart {
                segmentIsOneStarter = false
            } else {
                segmentIsOneStarter = isStableStarter(scalar)
            }
            segmentUnits += UTF16.width(scalar)
            scalars.formIndex(after: &index)
        }
        if segmentStart < scalars.endIndex, !takeSegment(endingAt: scalars.endIndex) { return original }
        return original
    }

    /// True when the scalar can't change under NFC whatever surrounds it.
    @inline(__always)
    static func isStableStarter(_ scalar: Unicode.Scalar) -> Bool {
        let value = scalar.value
        if value < 0x300 { return true }
        // Common scripts and emoji that are all stable starters: kana, CJK ideographs, Hangul
        // syllables, emoji pictographs.
        switch value {
        case 0x3041...0x3096, 0x30A1...0x30FA, 0x3400...0x4DBF, 0x4E00...0x9FFF, 0xAC00...0xD7A3, 0x1F300...0x1FAFF:
            return true
        default:
            break
        }
        // Planes past U+11000 gain composing characters in new Unicode versions; only the
        // emoji and CJK ranges are taken as stable there.
        if value >= 0x11000 && !(value >= 0x1F000 && value <= 0x1FAFF) && !(value >= 0x20000 && value <= 0x3FFFF) {
            return false
        }
        if composesWithPrevious(value) { return false }
        let properties = scalar.properties
        return properties.canonicalCombiningClass.rawValue == 0 && !properties.isFullCompositionExclusion
    }

    /// Starters that compose with the character before them (NFC_Quick_Check=Maybe with
    /// combining class 0): Indic and Sinhala vowel parts, Myanmar, Balinese, Hangul jamo V and T.
    private static func composesWithPrevious(_ value: UInt32) -> Bool {
        switch value {
        case 0x9BE, 0x9D7, 0xB3E, 0xB56...0xB57, 0xBBE, 0xBD7, 0xCC2, 0xCD5...0xCD6, 0xD3E, 0xD57, 0xDCF, 0xDDF,
            0xFB5, 0xFB7, 0x102E, 0x1161...0x1175, 0x11A8...0x11C2, 0x1B35:
            return true
        default:
            return false
        }
    }
}
