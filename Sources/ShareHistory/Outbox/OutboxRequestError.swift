/// Why a stored outbox request can't be read (or stored): a stable code, the field concerned,
/// and what is wrong with it.
package struct OutboxRequestError: Error, Sendable, Hashable, CustomStringConvertible {
    /// What kind of problem this is. A struct over a private enum, so codes can be added.
    package struct Code: Sendable, Hashable, CustomStringConvertible {
        private enum Base: String, Sendable {
            case malformed
            case unsupportedVersion = "unsupported-version"
            case overLimit = "over-limit"
            case invalidValue = "invalid-value"
            case credentials
        }
        private let base: Base
        private init(_ base: Base) { self.base = base }

        /// The bytes are not the JSON object of a stored request, or a field has the wrong type.
        package static let malformed = Code(.malformed)
        /// The request was stored by a newer sharevia (its `version` is higher than this one reads).
        package static let unsupportedVersion = Code(.unsupportedVersion)
        /// A field is over its cap in ``OutboxLimits``.
        package static let overLimit = Code(.overLimit)
        /// A field's value is not one the field takes (a share id that is not one).
        package static let invalidValue = Code(.invalidValue)
        /// A flag's value holds credentials (a password inside a URL), which the outbox never keeps.
        package static let credentials = Code(.credentials)

        /// The stable string, such as `over-limit`.
        package var description: String { base.rawValue }
    }

    package var code: Code
    /// The field concerned, such as `text` or `flags.email-server`; nil for the whole request.
    package var field: String?
    /// What is wrong and what to do, in one line.
    package var message: String

    package init(_ code: Code, field: String?, _ message: String) {
        self.code = code
        self.field = field
        self.message = message
    }

    /// `outbox request: FIELD: MESSAGE`.
    package var description: String {
        "outbox request: " + (field.map { "\($0): " } ?? "") + message
    }
}
