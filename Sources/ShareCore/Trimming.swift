extension StringProtocol {
    /// The text without leading and trailing whitespace (newlines included), as a slice.
    ///
    /// One helper for every module of the package (`package` access: not part of the public API).
    /// Not through `reversed()`: its generic collections cost runtime conformance lookups on every
    /// call, a third of a millisecond at start-up.
    package func trimmingWhitespace() -> SubSequence {
        var trimmed = self[...].drop(while: \.isWhitespace)
        while trimmed.last?.isWhitespace == true { trimmed = trimmed.dropLast() }
        return trimmed
    }
}
