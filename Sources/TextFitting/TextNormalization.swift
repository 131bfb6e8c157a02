import Foundation

/// Unicode normalisation for counting.
enum TextNormalization {
    /// The text in Normalization Form C, as twitter-text counts it.
    ///
    /// Text whose scalars are all below U+0300 is already NFC and is returned as it is.
    static func nfc(_ text: String) -> String {
        if text.utf8.allSatisfy({ $0 < 0xCC }) { return text }  // every scalar < U+0300
        return text.precomposedStringWithCanonicalMapping
    }
}
