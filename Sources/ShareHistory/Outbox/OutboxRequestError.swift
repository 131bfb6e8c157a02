import ShareCore

/// Why a stored outbox request can't be read (or stored): a stable code, the field concerned,
/// and what is wrong with it.
package struct OutboxRequestError: Error, Sendable, Hashable, CustomStringConvertible {
    /// What kind of problem this is (its codes are below), such as `over-limit`.
    package typealias Code = StableErrorCode<OutboxRequestError>

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

extension StableErrorCode where Owner == OutboxRequestError {
    /// The bytes are not the JSON object of a stored request, or a field has the wrong type.
    package static var malformed: Self { Self("malformed") }
    /// The request was stored by a newer sharevia (its `version` is higher than this one reads).
    package static var unsupportedVersion: Self { Self("unsupported-version") }
    /// A field is over its cap in ``OutboxLimits``.
    package static var overLimit: Self { Self("over-limit") }
    /// A field's value is not one the field takes (a share id that is not one).
    package static var invalidValue: Self { Self("invalid-value") }
    /// A flag's value holds credentials (a password inside a URL), which the outbox never keeps.
    package static var credentials: Self { Self("credentials") }
}
