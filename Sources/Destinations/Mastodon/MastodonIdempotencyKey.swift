/// The `Idempotency-Key` header of `POST /api/v1/statuses`: chosen once per share and sent
/// unchanged on every retry of it, so that a retry after a lost answer can't post twice (the
/// server keeps a key for an hour). It goes in the header, never in the body.
package struct MastodonIdempotencyKey: Sendable, Hashable, CustomStringConvertible {
    /// The longest key: 255 bytes.
    package static let maximumBytes = 255

    /// The key as sent.
    package let value: String

    /// A key of 1 to 255 visible ASCII characters (no space, no line break: it is a header value).
    package init(_ value: String) throws(MastodonRequestError) {
        let bytes = Array(value.utf8)
        guard !bytes.isEmpty, bytes.count <= Self.maximumBytes, bytes.allSatisfy({ $0 > 0x20 && $0 < 0x7F }) else {
            throw MastodonRequestError(
                field: "Idempotency-Key",
                "must be 1 to \(Self.maximumBytes) visible ASCII characters"
            )
        }
        self.value = value
    }

    package var description: String { value }
}
