/// Counts text the way X does: twitter-text's `parseTweet` with a ``TwitterTextConfiguration``.
///
/// The text is normalised to NFC; URLs (found by ``TwitterURLExtractor``) count as
/// `transformedURLLength`; with emoji parsing, each emoji sequence counts as one default-weight
/// character; every other code point weighs what its range says.
///
/// ```swift
/// let result = TwitterTextParser(configuration: .v3).parse("Hi http://test.co 👨‍👩‍👧‍👦")
/// // result.weightedLength == 29, result.isValid == true
/// ```
public struct TwitterTextParser: Sendable {
    /// The configuration counted against.
    public var configuration: TwitterTextConfiguration
    private let extractor = TwitterURLExtractor()

    /// Creates a parser; X today is ``TwitterTextConfiguration/v3``.
    public init(configuration: TwitterTextConfiguration = .v3) {
        self.configuration = configuration
    }

    /// Everything `parseTweet` reports about `text`.
    public func parse(_ text: String) -> TwitterTextParseResults {
        let (normalized, changed) = TextNormalization.nfcWithChange(text)
        let values = normalized.unicodeScalars.map(\.value)
        // UTF-16 lengths from the scalars: String.utf16.count walks non-ASCII text slowly.
        let normalizedUTF16 = values.reduce(0) { $0 + ($1 > 0xFFFF ? 2 : 1) }
        let originalUTF16 =
            !changed ? normalizedUTF16 : text.unicodeScalars.reduce(0) { $0 + ($1.value > 0xFFFF ? 2 : 1) }
        let urls = extractor.spans(in: values)
        let tally = values.withUnsafeBufferPointer { weigh($0, urls: urls) }

        let config = configuration
        let weightedLength = tally.weighted / config.scale
        let isValid = tally.valid && weightedLength > 0 && weightedLength <= config.maxWeightedTweetLength
        return TwitterTextParseResults(
            weightedLength: weightedLength,
            isValid: isValid,
            permillage: weightedLength * 1000 / config.maxWeightedTweetLength,
            validRange:
                0...validEnd(
                    tally.validDisplayIndex,
                    of: text,
                    originalUTF16: originalUTF16,
                    normalizedUTF16: changed ? normalizedUTF16 : nil
                ),
            displayRange: 0...max(originalUTF16 - 1, 0)
        )
    }

    /// The last UTF-16 position of `text` that fits, from the last that fits in its NFC form.
    ///
    /// twitter-text adds the overall length difference (original minus normalised), which is
    /// right only when nothing past the valid part changed, and goes below zero when NFC
    /// lengthens the text (U+0958 becomes two scalars). Where NFC changed the text and only part
    /// of it fits, whole normalisation segments are mapped back instead. The range can't be
    /// empty, so when not even the first segment fits the answer is 0.
    private func validEnd(_ normalizedEnd: Int, of text: String, originalUTF16: Int, normalizedUTF16: Int?) -> Int {
        guard let normalizedUTF16 else { return normalizedEnd }  // NFC changed nothing
        if normalizedEnd >= normalizedUTF16 - 1 { return max(originalUTF16 - 1, 0) }
        let covered = TextNormalization.originalUTF16Length(coveringNormalizedUTF16: normalizedEnd + 1, in: text)
        return max(covered - 1, 0)
    }

    /// Just the weighted length.
    public func weightedLength(of text: String) -> Int {
        let values = TextNormalization.nfcWithChange(text).text.unicodeScalars.map(\.value)
        let urls = extractor.spans(in: values)
        return values.withUnsafeBufferPointer { weigh($0, urls: urls) }.weighted / configuration.scale
    }

    private struct Tally {
        var weighted = 0
        var valid = true
        var validDisplayIndex = 0
    }

    /// The walk of `parseTweet`: URL, else emoji, else one code point, in UTF-16 positions.
    private func weigh(_ text: UnsafeBufferPointer<UInt32>, urls: [URLSpan]) -> Tally {
        let config = configuration
        let urlWeight = config.transformedURLLength * config.scale
        let scaledMaximum = config.maxWeightedTweetLength * config.scale
        var tally = Tally()
        var index = 0
        var unit = 0  // UTF-16 position of the next item
        var nextURL = 0
        while index < text.count {
            while nextURL < urls.count, urls[nextURL].start < index { nextURL += 1 }
            var itemEnd = index + 1
            var singleScalar = true
            if nextURL < urls.count, urls[nextURL].start == index {
                tally.weighted += urlWeight
                itemEnd = urls[nextURL].end
                singleScalar = false
                nextURL += 1
            } else if config.emojiParsingEnabled, text[index] >= 0x23,
                case let length = EmojiScanner.length(in: text, at: index), length > 0
            {
                tally.weighted += config.defaultWeight
                itemEnd = index + length
                singleScalar = length == 1
            } else {
                tally.weighted += config.weight(of: text[index])
            }
            for position in index..<itemEnd { unit += text[position] > 0xFFFF ? 2 : 1 }
            if tally.valid, singleScalar, CharacterClasses.isInvalid(text[index]) { tally.valid = false }
            if tally.valid && tally.weighted <= scaledMaximum { tally.validDisplayIndex = unit - 1 }
            index = itemEnd
        }
        return tally
    }
}

/// What twitter-text's `parseTweet` reports.
public struct TwitterTextParseResults: Sendable, Hashable {
    /// The weighted length: 280 or less fits.
    public var weightedLength: Int
    /// True when the text is not empty, fits, and has no invalid characters.
    public var isValid: Bool
    /// The weighted length in thousandths of the maximum.
    public var permillage: Int
    /// The part of the text that fits, in UTF-16 positions of the original text (inclusive).
    public var validRange: ClosedRange<Int>
    /// The whole text, in UTF-16 positions (inclusive).
    public var displayRange: ClosedRange<Int>
}
