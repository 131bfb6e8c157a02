import ShareCore

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// `--since` of `sharevia history` and `sharevia stats`: a time as microseconds since 1970.
///
/// Takes, in at most ``maximumLength`` characters:
/// - a date, `2026-11-01` (midnight UTC);
/// - a date and time, `2026-11-01T14:30`, `2026-11-01T14:30:05` (UTC), or with its offset,
///   `2026-11-01T14:30Z`, `2026-11-01T16:30+02:00` (a space may stand for the `T`);
/// - a span back from now: a whole number and a unit, `30m`, `12h`, `7d`, `2w`.
enum HistorySince {
    /// The longest value read.
    static let maximumLength = 40
    /// The longest span back: 100 years.
    static let maximumDays: Int64 = 36_525

    /// What `--help` and every error say the value may be.
    static let accepted =
        "a date (2026-11-01, UTC), a date and time (2026-11-01T14:30, UTC, or 2026-11-01T16:30+02:00), or a span back from now (30m, 12h, 7d, 2w)"

    /// The time `text` names, in microseconds since 1970-01-01 00:00 UTC, with `now` for a span.
    /// - Throws: `HistorySince.Problem` saying what is wrong and what to write.
    static func microseconds(_ text: String, now: Int64) throws(Problem) -> Int64 {
        let bytes = Array(text.utf8)
        guard bytes.count <= maximumLength else {
            throw Problem(
                "is \(bytes.count) bytes long, more than the \(maximumLength) a time takes; write \(accepted)"
            )
        }
        if let span = span(bytes) {
            guard let span else { throw Problem("is a span of more than \(maximumDays) days; write a shorter one") }
            return now - span
        }
        guard let time = dateTime(bytes) else { throw Problem("is not a time; write \(accepted)") }
        return time
    }

    /// Now, in microseconds since 1970.
    static func now() -> Int64 {
        var time = timespec()
        clock_gettime(CLOCK_REALTIME, &time)
        return Int64(time.tv_sec) * 1_000_000 + Int64(time.tv_nsec) / 1_000
    }

    /// What is wrong with a value, in words that follow `--since 'VALUE'`.
    struct Problem: Error, Equatable {
        var words: String
        init(_ words: String) { self.words = words }
    }

    /// A span's length in microseconds; nil when `bytes` is no span, `.some(nil)` when it is one
    /// longer than ``maximumDays``.
    private static func span(_ bytes: [UInt8]) -> Int64?? {
        guard bytes.count >= 2, let unit = bytes.last else { return nil }
        let digits = bytes.dropLast()
        guard digits.count <= 9, digits.allSatisfy({ $0 >= 0x30 && $0 <= 0x39 }) else { return nil }
        let count = digits.reduce(Int64(0)) { $0 * 10 + Int64($1 - 0x30) }
        let minute: Int64 = 60_000_000
        let perUnit: Int64
        switch unit {
        case UInt8(ascii: "m"): perUnit = minute
        case UInt8(ascii: "h"): perUnit = 60 * minute
        case UInt8(ascii: "d"): perUnit = 1_440 * minute
        case UInt8(ascii: "w"): perUnit = 7 * 1_440 * minute
        default: return nil
        }
        guard count <= maximumDays * 1_440 * minute / perUnit else { return .some(nil) }
        return .some(count * perUnit)
    }

    /// `YYYY-MM-DD[(T| )HH:MM[:SS][Z|±HH:MM]]` as microseconds, or nil.
    private static func dateTime(_ bytes: [UInt8]) -> Int64? {
        var reader = Reader(bytes: bytes)
        guard let year = reader.number(4), reader.skip("-"), let month = reader.number(2), reader.skip("-"),
            let day = reader.number(2), (1970...9999).contains(year), (1...12).contains(month), day >= 1
        else { return nil }
        let days = CivilCalendar.days(fromCivil: year, month, day)
        guard CivilCalendar.civil(fromDays: days) == (year, month, day) else { return nil }  // 2026-02-30
        var seconds = days * 86_400
        if reader.atEnd { return seconds * 1_000_000 }
        guard reader.skip("T") || reader.skip(" "), let hour = reader.number(2), reader.skip(":"),
            let minute = reader.number(2), hour < 24, minute < 60
        else { return nil }
        seconds += hour * 3_600 + minute * 60
        if reader.skip(":") {
            guard let second = reader.number(2), second < 60 else { return nil }
            seconds += second
        }
        if reader.skip("Z") {
        } else if let sign: Int64 = reader.skip("+") ? 1 : reader.skip("-") ? -1 : nil {
            guard let hours = reader.number(2), reader.skip(":"), let minutes = reader.number(2), hours < 24,
                minutes < 60
            else { return nil }
            seconds -= sign * (hours * 3_600 + minutes * 60)
        }
        return reader.atEnd ? seconds * 1_000_000 : nil
    }

    /// Reads ASCII digits and separators off the front of the bytes.
    private struct Reader {
        var bytes: [UInt8]
        var index = 0

        var atEnd: Bool { index == bytes.count }

        mutating func skip(_ character: Unicode.Scalar) -> Bool {
            guard index < bytes.count, bytes[index] == UInt8(ascii: character) else { return false }
            index += 1
            return true
        }

        /// Exactly `count` digits as a number.
        mutating func number(_ count: Int) -> Int64? {
            guard index + count <= bytes.count else { return nil }
            var value: Int64 = 0
            for byte in bytes[index..<index + count] {
                guard byte >= 0x30 && byte <= 0x39 else { return nil }
                value = value * 10 + Int64(byte - 0x30)
            }
            index += count
            return value
        }
    }
}
