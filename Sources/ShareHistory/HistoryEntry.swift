/// One recorded share, as history lists it.
package struct HistoryEntry: Sendable, Hashable, Codable {
    /// One attempt of the share.
    package struct Attempt: Sendable, Hashable, Codable {
        /// The destination tried.
        package var destination: String
        /// 1 for the first try, 2 for the first retry, and so on.
        package var attempt: Int64
        /// The attempt's result (`delivered`, `handed-off`, `transient-failure`, `unknown`, ...).
        package var result: String
        /// The error's detail code (`rate-limited`, `sign-in-again`, ...), when there was one.
        package var errorCode: String?
        /// Why, in words.
        package var reason: String
        /// Wall time of the try, in milliseconds.
        package var durationMilliseconds: Double
        /// Whether the share went on to another destination after this one.
        package var fellBack: Bool
        /// The receipt (summary, locations, ids, next step) as JSON, for the attempt that
        /// delivered or handed off.
        package var receipt: String?
    }

    /// The share's id (``ShareID``'s text).
    package var id: String
    /// When the share was made: microseconds since 1970-01-01 00:00 UTC.
    package var microseconds: Int64
    /// The card drawn, if one was.
    package var card: HistoryCard?
    /// The chain tried, in order.
    package var chain: [String]
    /// The share's outcome (`delivered`, `delivered-by-fallback`, `not-delivered`, ...).
    package var outcome: String
    /// Who delivered or handed off.
    package var deliveredBy: String?
    /// The command's exit code, when it was recorded.
    package var exitCode: Int64?
    /// The kept text, when content was kept.
    package var text: String?
    /// How many images were kept.
    package var keptImages: Int64
    /// Every attempt, in order.
    package var attempts: [Attempt]
}
