/// A URL's place in a scalar buffer, as the extractor reports it internally.
struct URLSpan: Sendable, Hashable {
    /// The first scalar of the URL.
    var start: Int
    /// One past its last scalar.
    var end: Int
    /// True when it starts with `http://` or `https://`.
    var hasProtocol: Bool
}
