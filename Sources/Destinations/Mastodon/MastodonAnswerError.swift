/// Why a Mastodon server's answer can't be read: a stable ``code``, the field at fault as a JSON
/// path, and a message that says what is wrong.
package struct MastodonAnswerError: Error, Sendable, Hashable, CustomStringConvertible {
    /// A stable short code for reports and tests.
    package struct Code: Sendable, Hashable, CustomStringConvertible {
        private enum Value: String {
            case invalidAnswer = "invalid-answer"
            case answerTooLarge = "answer-too-large"
        }
        private let value: Value
        private init(_ value: Value) { self.value = value }
        package var description: String { value.rawValue }

        /// An answer that is not the JSON the API documents (a wrong type, a value out of range).
        package static let invalidAnswer = Code(.invalidAnswer)
        /// An answer larger than the cap for its kind.
        package static let answerTooLarge = Code(.answerTooLarge)
    }

    /// What kind of problem.
    package var code: Code
    /// The field at fault: `configuration.statuses.max_characters`, or `$` for the whole answer.
    package var field: String
    /// What is wrong.
    package var message: String

    /// An error about `field`.
    package init(_ code: Code, field: String, _ message: String) {
        self.code = code
        self.field = field
        self.message = message
    }

    /// `configuration.statuses.max_characters: is a string, not an integer`.
    package var description: String { "\(field): \(message)" }
}
