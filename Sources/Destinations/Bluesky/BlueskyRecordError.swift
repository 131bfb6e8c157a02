/// Why a Bluesky record can't be built, or a server's answer can't be read: a stable ``code``,
/// the field at fault, and a message that says what is wrong in the lexicon's terms.
package struct BlueskyRecordError: Error, Sendable, Hashable, CustomStringConvertible {
    /// A stable short code for reports and tests.
    package struct Code: Sendable, Hashable, CustomStringConvertible {
        private enum Value: String {
            case tooLong = "too-long"
            case invalidValue = "invalid-value"
            case tooMany = "too-many"
            case blobTooLarge = "blob-too-large"
            case invalidAnswer = "invalid-answer"
            case answerTooLarge = "answer-too-large"
        }
        private let value: Value
        private init(_ value: Value) { self.value = value }
        package var description: String { value.rawValue }

        /// A text over the lexicon's grapheme or byte limit.
        package static let tooLong = Code(.tooLong)
        /// A value not in the lexicon's format (a DID, a language tag, a URL, a datetime).
        package static let invalidValue = Code(.invalidValue)
        /// More items than the lexicon allows (images, languages).
        package static let tooMany = Code(.tooMany)
        /// A blob over its field's `maxSize`, or not an image where an image is asked for.
        package static let blobTooLarge = Code(.blobTooLarge)
        /// A server's answer that is not the JSON its lexicon describes.
        package static let invalidAnswer = Code(.invalidAnswer)
        /// A server's answer larger than the cap for its kind.
        package static let answerTooLarge = Code(.answerTooLarge)
    }

    /// What kind of problem.
    package var code: Code
    /// The field at fault, as a JSON path into the record or answer: `text`, `langs[1]`, `blob.ref`.
    package var field: String
    /// What is wrong and what the lexicon allows.
    package var message: String

    /// An error about `field`.
    package init(_ code: Code, field: String, _ message: String) {
        self.code = code
        self.field = field
        self.message = message
    }

    /// `text: 412 graphemes, over the lexicon's 300`.
    package var description: String { "\(field): \(message)" }
}
