/// Where a trimmed body may end on a whole word: after white space, before it, or beside a
/// character of a script written without spaces between words (Chinese, Japanese), where any
/// character boundary is a word boundary.
enum WordBoundaries {
    /// Whether cutting `body` at `index` (a grapheme boundary) keeps whole words: the character
    /// before and the one after are not two letters of one word.
    static func isWordBoundary(_ body: String, at index: String.Index) -> Bool {
        guard index > body.startIndex, index < body.endIndex else { return true }
        let before = body[body.index(before: index)]
        let after = body[index]
        if before.isWhitespace || after.isWhitespace { return true }
        return isWrittenWithoutSpaces(before) || isWrittenWithoutSpaces(after)
    }

    /// Han ideographs, kana and CJK punctuation (with their full-width forms).
    static func isWrittenWithoutSpaces(_ character: Character) -> Bool {
        guard let scalar = character.unicodeScalars.first else { return false }
        switch scalar.value {
        case 0x3000...0x303F,  // CJK symbols and punctuation (、。「」)
            0x3040...0x30FF,  // hiragana, katakana
            0x31F0...0x31FF,  // katakana phonetic extensions
            0x3400...0x4DBF,  // CJK extension A
            0x4E00...0x9FFF,  // CJK unified ideographs
            0xF900...0xFAFF,  // CJK compatibility ideographs
            0xFF00...0xFFEF,  // half-width and full-width forms
            0x20000...0x3FFFF:  // CJK extensions B and later
            return true
        default:
            return false
        }
    }
}
