/// Why a Mastodon request can't be built: the field at fault and what is wrong. It never holds
/// the token.
package struct MastodonRequestError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The field at fault: `focus`, `Idempotency-Key`, `instance`.
    package var field: String
    /// What is wrong.
    package var message: String

    /// An error about `field`.
    package init(field: String, _ message: String) {
        self.field = field
        self.message = message
    }

    /// `focus: x is 1.5, outside -1.0...1.0`.
    package var description: String { "\(field): \(message)" }
}
