/// Recognises emoji sequences (what twemoji, and so twitter-text, counts as one emoji): a
/// pictograph with its presentation selector, skin tone or tags, keycaps, flags, and ZWJ
/// sequences of those.
enum EmojiScanner {
    private static let zeroWidthJoiner: UInt32 = 0x200D
    private static let emojiPresentationSelector: UInt32 = 0xFE0F
    private static let textPresentationSelector: UInt32 = 0xFE0E
    private static let combiningKeycap: UInt32 = 0x20E3

    /// The number of scalars in the emoji sequence that starts at `start`, or 0 when none does.
    static func length(in text: UnsafeBufferPointer<UInt32>, at start: Int) -> Int {
        let first = text[start]
        if isRegionalIndicator(first) {
            if start + 1 < text.count, isRegionalIndicator(text[start + 1]) { return 2 }
            return 1
        }
        guard var end = element(in: text, at: start) else { return 0 }
        while end + 1 < text.count, text[end] == zeroWidthJoiner, let next = element(in: text, at: end + 1) {
            end = next
        }
        return end - start
    }

    /// True when the whole character is one emoji sequence.
    static func isEmoji(_ character: Character) -> Bool {
        let values = character.unicodeScalars.map(\.value)
        return values.withUnsafeBufferPointer { length(in: $0, at: 0) == $0.count }
    }

    /// One emoji element (no ZWJ): its end, or nil.
    private static func element(in text: UnsafeBufferPointer<UInt32>, at start: Int) -> Int? {
        let value = text[start]
        let next = start + 1 < text.count ? text[start + 1] : 0
        if value < 0x80 {
            // Keycaps: [0-9#*] FE0F? 20E3.
            guard CharacterClasses.isASCIIDigit(value) || value == 0x23 || value == 0x2A else { return nil }
            if next == combiningKeycap { return start + 2 }
            if next == emojiPresentationSelector, start + 2 < text.count, text[start + 2] == combiningKeycap {
                return start + 3
            }
            return nil
        }
        // Below U+2000 only © and ® are emoji; kana, CJK ideographs and Hangul syllables never are.
        if value < 0x2000 && value != 0xA9 && value != 0xAE { return nil }
        if (0x3041...0x30FA).contains(value) || (0x3400...0x9FFF).contains(value) || (0xAC00...0xD7A3).contains(value) {
            return nil
        }
        guard let scalar = Unicode.Scalar(value) else { return nil }
        let properties = scalar.properties
        guard properties.isEmoji else { return nil }
        if next == textPresentationSelector { return nil }
        var end = start + 1
        if next == emojiPresentationSelector {
            end += 1
        } else if value == 0xA9 || value == 0xAE {
            // © and ® are text unless asked for as emoji.
            return nil
        }
        if end < text.count, isSkinTone(text[end]), properties.isEmojiModifierBase { end += 1 }
        if end < text.count, text[end] == combiningKeycap { end += 1 }
        while end < text.count, text[end] >= 0xE0020, text[end] <= 0xE007F {
            end += 1
            if text[end - 1] == 0xE007F { break }
        }
        return end
    }

    @inline(__always)
    private static func isRegionalIndicator(_ value: UInt32) -> Bool { value >= 0x1F1E6 && value <= 0x1F1FF }

    @inline(__always)
    private static func isSkinTone(_ value: UInt32) -> Bool { value >= 0x1F3FB && value <= 0x1F3FF }
}
