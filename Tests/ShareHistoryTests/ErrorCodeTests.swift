import ShareCore
import ShareHistory
import Testing

extension HistoryTests {
    /// The SQLite layer's and the outbox request's codes keep their stable text (tests, JSON and
    /// the command line's advice read it), each code its own.
    struct ErrorCodeTests {
        @Test func sqliteCodesKeepTheirText() {
            let codes: [SQLiteError.Code] = [
                .libraryMissing, .cantOpen, .busy, .damaged, .newerVersion, .tooLarge, .timedOut, .full, .failed,
            ]
            #expect(
                codes.map(\.description) == [
                    "library-missing", "cant-open", "busy", "damaged", "newer-version", "too-large", "timed-out",
                    "full", "failed",
                ]
            )
            #expect(Set(codes).count == codes.count)
            #expect(SQLiteError(.busy, path: "/x.sqlite", "locked").code == .busy)
            #expect(SQLiteError(.busy, path: "/x.sqlite", "locked").code != .full)
        }

        @Test func outboxRequestCodesKeepTheirText() {
            let codes: [OutboxRequestError.Code] = [
                .malformed, .unsupportedVersion, .overLimit, .invalidValue, .credentials,
            ]
            #expect(
                codes.map(\.description) == [
                    "malformed", "unsupported-version", "over-limit", "invalid-value", "credentials",
                ]
            )
            #expect(Set(codes).count == codes.count)
        }
    }
}
