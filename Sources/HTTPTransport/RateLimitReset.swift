/// When a server's rate limit resets, read from its answer's headers.
///
/// The headers, in the order they are read (the first usable one wins):
/// 1. `Retry-After`: seconds from now, or an HTTP date (RFC 9110).
/// 2. `ratelimit-reset`: Bluesky's, seconds since 1970 (a value under 10^9 is read as seconds
///    from now, as the IETF RateLimit draft defines it).
/// 3. `X-RateLimit-Reset`: Mastodon's, an ISO 8601 time (`2026-11-26T09:05:00.000Z`); seconds
///    since 1970 as some other servers send it is read too.
///
/// A value longer than ``UTCTime/maximumTextLength``, negative, not finite or not of these forms
/// is ignored.
package struct RateLimitReset: Sendable, Hashable {
    /// When the limit resets.
    package var time: UTCTime
    /// The header it came from.
    package var header: String

    package init(time: UTCTime, header: String) {
        self.time = time
        self.header = header
    }

    /// The reset the headers announce, relative to `now`, or nil when none does.
    package init?(headers: HTTPHeaders, now: UTCTime) {
        for name in ["Retry-After", "ratelimit-reset", "X-RateLimit-Reset"] {
            guard let value = headers[name]?.trimmingSpaces, !value.isEmpty,
                value.utf8.count <= UTCTime.maximumTextLength
            else { continue }
            if let time = Self.time(of: value, header: name, now: now) {
                self.init(time: time, header: name)
                return
            }
        }
        return nil
    }

    /// The time one header's value names.
    static func time(of value: String, header: String, now: UTCTime) -> UTCTime? {
        if let number = Self.number(value) {
            if header == "Retry-After" || number < 1_000_000_000 {
                return UTCTime(secondsSince1970: now.secondsSince1970 + number)
            }
            return UTCTime(secondsSince1970: number)
        }
        if header == "Retry-After" { return UTCTime(httpDate: value) }
        return UTCTime(iso8601: value)
    }

    /// A non-negative decimal number of at most 15 digits before an optional fraction.
    static func number(_ text: String) -> Double? {
        let parts = text.split(separator: ".", maxSplits: 1, omittingEmptySubsequences: false)
        guard let whole = parts.first, !whole.isEmpty, whole.count <= 15, whole.allSatisfy(\.isASCIIDigit) else {
            return nil
        }
        if parts.count == 2 {
            guard !parts[1].isEmpty, parts[1].count <= 9, parts[1].allSatisfy(\.isASCIIDigit) else { return nil }
        }
        return Double(text)
    }

    /// The wait from `now` until the reset: zero when it has passed.
    package func wait(from now: UTCTime) -> Duration {
        let seconds = max(0, time.secondsSince1970 - now.secondsSince1970)
        return .milliseconds(Int64((seconds * 1000).rounded(.up)))
    }

    /// The whole seconds from `now` until the reset, rounded up.
    package func secondsFrom(_ now: UTCTime) -> Int64 {
        Int64(max(0, time.secondsSince1970 - now.secondsSince1970).rounded(.up))
    }
}

extension Character {
    var isASCIIDigit: Bool { ("0"..."9").contains(self) }
}
