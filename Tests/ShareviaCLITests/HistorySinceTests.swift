import Testing

@testable import ShareviaCLI

/// `--since` and the CSV writer, in process.
@Suite struct HistorySinceTests {
    static let now: Int64 = 1_795_693_512_123_456  // 2026-11-26T...

    static let dates: [(String, Int64)] = [
        ("2026-11-01", 1_793_491_200_000_000),
        ("2026-11-01T00:00", 1_793_491_200_000_000),
        ("2026-11-01 14:30", 1_793_543_400_000_000),
        ("2026-11-01T14:30:05Z", 1_793_543_405_000_000),
        ("2026-11-01T16:30+02:00", 1_793_543_400_000_000),
        ("2026-11-01T09:30-05:00", 1_793_543_400_000_000),
        ("2024-02-29", 1_709_164_800_000_000),
        ("1970-01-01", 0),
    ]

    @Test(arguments: dates)
    func readsDatesAndTimesAsUTC(text: String, microseconds: Int64) throws {
        #expect(try HistorySince.microseconds(text, now: Self.now) == microseconds)
    }

    static let spans: [(String, Int64)] = [
        ("30m", 30 * 60), ("12h", 12 * 3_600), ("7d", 7 * 86_400), ("2w", 14 * 86_400),
    ]

    @Test(arguments: spans)
    func readsSpansBackFromNow(text: String, seconds: Int64) throws {
        #expect(try HistorySince.microseconds(text, now: Self.now) == Self.now - seconds * 1_000_000)
    }

    static let refused: [String] = [
        "", "yesterday", "7", "d", "7y", "-7d", "2026-11", "2026-13-01", "2026-02-30", "2025-02-29", "1969-12-31",
        "2026-11-01T24:00", "2026-11-01T12:60", "2026-11-01T12:00:60", "2026-11-01T12", "2026-11-01T12:00+2",
        "2026-11-01T12:00Zx", "２０２６-11-01", "2026-11-01T12:00:00.5Z",
    ]

    @Test(arguments: refused)
    func refusesAnythingElse(text: String) {
        #expect(throws: HistorySince.Problem.self) { try HistorySince.microseconds(text, now: Self.now) }
    }

    @Test func refusesTooLongValuesAndSpans() {
        #expect(
            throws: HistorySince.Problem(
                "is 41 bytes long, more than the 40 a time takes; write \(HistorySince.accepted)"
            )
        ) {
            try HistorySince.microseconds(String(repeating: "1", count: 41), now: Self.now)
        }
        #expect(throws: HistorySince.Problem("is a span of more than 36525 days; write a shorter one")) {
            try HistorySince.microseconds("999999999d", now: Self.now)
        }
    }

    static let fields: [(String, String)] = [
        ("plain", "plain"),
        ("a,b", "\"a,b\""),
        ("say \"hi\"", "\"say \"\"hi\"\"\""),
        ("two\nlines", "\"two\nlines\""),
        ("cr\rhere", "\"cr\rhere\""),
        ("=1+2", "'=1+2"),
        ("+1", "'+1"),
        ("-1", "'-1"),
        ("@SUM(A1)", "'@SUM(A1)"),
        ("\tx", "'\tx"),
        ("=A1,B1", "\"'=A1,B1\""),
        ("", ""),
        ("a=b", "a=b"),
    ]

    @Test(arguments: fields)
    func csvFieldsAreQuotedAndDefused(value: String, field: String) {
        #expect(HistoryCSV.field(value) == field)
    }

    @Test func csvRecordsEndWithCRLF() {
        #expect(HistoryCSV.record(["a", "b,c", ""]) == "a,\"b,c\",\r\n")
    }

    @Test func isoTimeIsUTC() {
        #expect(HistoryCommandSupport.isoTime(1_793_543_405_999_999) == "2026-11-01T14:30:05Z")
        #expect(HistoryCommandSupport.isoTime(0) == "1970-01-01T00:00:00Z")
    }
}
