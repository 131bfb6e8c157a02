import HTTPTransport

#if canImport(Glibc)
import Glibc
#endif

/// Times as the outbox shows them: microseconds since 1970 (UTC), what the store keeps, written
/// as "in 5 min", as local time, and as UTC for `--json`.
enum OutboxTime {
    /// Now, from the real-time clock.
    static func nowMicroseconds() -> Int64 {
        var spec = timespec()
        clock_gettime(CLOCK_REALTIME, &spec)
        return Int64(spec.tv_sec) * 1_000_000 + Int64(spec.tv_nsec) / 1000
    }

    /// How far `time` is from `now`: `now`, `in 40 s`, `in 5 min`, `in 2 h 5 min`, `in 3 days`,
    /// or `5 min ago` for a time past. A wait is rounded up, so "in 5 min" never comes early.
    static func relative(_ time: Int64, from now: Int64) -> String {
        let seconds = (time - now) / 1_000_000
        if seconds == 0 { return "now" }
        let span = words(seconds: abs(seconds), roundingUp: seconds > 0)
        return seconds > 0 ? "in \(span)" : "\(span) ago"
    }

    /// `40 s`, `90 s`, `5 min`, `2 h 5 min`, `3 days`.
    static func words(seconds: Int64, roundingUp: Bool) -> String {
        if seconds < 120 { return "\(seconds) s" }
        let minutes = roundingUp ? (seconds + 59) / 60 : seconds / 60
        if minutes < 60 { return "\(minutes) min" }
        if minutes < 48 * 60 {
            let rest = minutes % 60
            return "\(minutes / 60) h" + (rest == 0 ? "" : " \(rest) min")
        }
        let days = minutes / (24 * 60)
        return "\(days) days"
    }

    /// `time` in the local time zone: `2026-11-26 15:45`.
    static func local(_ time: Int64) -> String {
        var seconds = time_t(time / 1_000_000)
        var parts = tm()
        guard localtime_r(&seconds, &parts) != nil else { return utc(time) }
        func two(_ value: Int32) -> String { value < 10 ? "0\(value)" : "\(value)" }
        return "\(parts.tm_year + 1900)-\(two(parts.tm_mon + 1))-\(two(parts.tm_mday)) "
            + "\(two(parts.tm_hour)):\(two(parts.tm_min))"
    }

    /// `time` in UTC, to the second, as `--json` writes it: `2026-11-26T14:45:00Z`.
    static func utc(_ time: Int64) -> String {
        UTCTime(secondsSince1970: Double(time) / 1_000_000).description
    }
}
