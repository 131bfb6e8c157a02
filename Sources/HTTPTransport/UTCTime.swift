import ShareCore

#if canImport(Glibc)
import Glibc
#endif

/// A point in time as seconds since 1970-01-01T00:00:00Z, read from and written as the texts
/// servers use: ISO 8601 (Mastodon's `X-RateLimit-Reset`) and the HTTP date (`Retry-After`).
package struct UTCTime: Sendable, Hashable, Comparable, CustomStringConvertible {
    /// Seconds since 1970-01-01T00:00:00Z.
    package var secondsSince1970: Double

    package init(secondsSince1970: Double) { self.secondsSince1970 = secondsSince1970 }

    /// Now, from the system's real-time clock.
    package static func now() -> UTCTime {
        var spec = timespec()
        clock_gettime(CLOCK_REALTIME, &spec)
        return UTCTime(secondsSince1970: Double(spec.tv_sec) + Double(spec.tv_nsec) / 1e9)
    }

    package static func < (lhs: UTCTime, rhs: UTCTime) -> Bool { lhs.secondsSince1970 < rhs.secondsSince1970 }

    /// The longest text the parsers read.
    package static let maximumTextLength = 64

    /// `2026-11-26T09:05:00Z`: whole seconds, rounded up, so a wait until then is never short.
    package var description: String {
        let seconds = Int64(secondsSince1970.rounded(.up))
        let days = seconds >= 0 ? seconds / 86400 : (seconds - 86399) / 86400
        let rest = seconds - days * 86400
        let (year, month, day) = CivilCalendar.civil(fromDays: days)
        func two(_ value: Int64) -> String { value < 10 ? "0\(value)" : "\(value)" }
        let yearText = String(year).leftPadded(to: 4)
        return "\(yearText)-\(two(month))-\(two(day))T\(two(rest / 3600)):\(two(rest / 60 % 60)):\(two(rest % 60))Z"
    }

    /// Parses an ISO 8601 / RFC 3339 date-time: `YYYY-MM-DDTHH:MM:SS`, an optional fraction, then
    /// `Z` or an offset (`+01:00`, `+0100`); nil for anything else.
    package init?(iso8601 text: String) {
        let bytes = Array(text.utf8)
        guard bytes.count >= 20, bytes.count <= Self.maximumTextLength else { return nil }
        var reader = DigitReader(bytes)
        guard let year = reader.number(4), reader.skip("-"), let month = reader.number(2), reader.skip("-"),
            let day = reader.number(2), reader.skip("T") || reader.skip("t") || reader.skip(" "),
            let hour = reader.number(2), reader.skip(":"), let minute = reader.number(2), reader.skip(":"),
            let second = reader.number(2)
        else { return nil }
        var fraction = 0.0
        if reader.skip(".") || reader.skip(",") {
            var scale = 0.1
            var digits = 0
            while let digit = reader.digit() {
                fraction += Double(digit) * scale
                scale /= 10
                digits += 1
            }
            guard digits > 0 else { return nil }
        }
        var offset: Int64 = 0
        if reader.skip("Z") || reader.skip("z") {
        } else if let sign = reader.sign() {
            guard let hours = reader.number(2) else { return nil }
            _ = reader.skip(":")
            guard let minutes = reader.number(2), hours < 24, minutes < 60 else { return nil }
            offset = sign * (hours * 3600 + minutes * 60)
        } else {
            return nil
        }
        guard reader.atEnd, let base = Self.seconds(year, month, day, hour, minute, second) else { return nil }
        secondsSince1970 = Double(base - offset) + fraction
    }

    /// Parses an HTTP date in its preferred form (RFC 9110 IMF-fixdate):
    /// `Sun, 06 Nov 1994 08:49:37 GMT`; nil for anything else.
    package init?(httpDate text: String) {
        let parts = text.split(separator: " ")
        guard text.utf8.count <= Self.maximumTextLength, parts.count == 6, parts[0].count == 4, parts[0].last == ",",
            parts[5] == "GMT", let month = Self.months.firstIndex(of: String(parts[2]))
        else { return nil }
        var dayReader = DigitReader(Array(parts[1].utf8))
        var yearReader = DigitReader(Array(parts[3].utf8))
        var timeReader = DigitReader(Array(parts[4].utf8))
        guard let day = dayReader.number(2), dayReader.atEnd, let year = yearReader.number(4), yearReader.atEnd,
            let hour = timeReader.number(2), timeReader.skip(":"), let minute = timeReader.number(2),
            timeReader.skip(":"), let second = timeReader.number(2), timeReader.atEnd,
            let seconds = Self.seconds(year, Int64(month + 1), day, hour, minute, second)
        else { return nil }
        secondsSince1970 = Double(seconds)
    }

    static let months = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"]

    /// Seconds since 1970 of a civil date and time, nil when a field is out of range.
    static func seconds(
        _ year: Int64,
        _ month: Int64,
        _ day: Int64,
        _ hour: Int64,
        _ minute: Int64,
        _ second: Int64
    )
        -> Int64?
    {
        guard (1...12).contains(month), day >= 1, day <= daysIn(month, of: year), hour < 24, minute < 60,
            second <= 60
        else { return nil }
        return CivilCalendar.days(fromCivil: year, month, day) * 86400 + hour * 3600 + minute * 60 + second
    }

    static func daysIn(_ month: Int64, of year: Int64) -> Int64 {
        switch month {
        case 2: return year % 4 == 0 && (year % 100 != 0 || year % 400 == 0) ? 29 : 28
        case 4, 6, 9, 11: return 30
        default: return 31
        }
    }
}

/// Reads fixed-width digits and single characters from ASCII bytes.
struct DigitReader {
    private let bytes: [UInt8]
    private var index = 0

    init(_ bytes: [UInt8]) { self.bytes = bytes }

    var atEnd: Bool { index == bytes.count }

    mutating func digit() -> Int64? {
        guard index < bytes.count, (0x30...0x39).contains(bytes[index]) else { return nil }
        index += 1
        return Int64(bytes[index - 1] - 0x30)
    }

    /// Exactly `width` digits.
    mutating func number(_ width: Int) -> Int64? {
        var value: Int64 = 0
        for _ in 0..<width {
            guard let digit = digit() else { return nil }
            value = value * 10 + digit
        }
        return value
    }

    mutating func skip(_ character: Unicode.Scalar) -> Bool {
        guard index < bytes.count, bytes[index] == UInt8(character.value) else { return false }
        index += 1
        return true
    }

    /// +1 for `+`, -1 for `-`, nil otherwise.
    mutating func sign() -> Int64? {
        if skip("+") { return 1 }
        if skip("-") { return -1 }
        return nil
    }
}
