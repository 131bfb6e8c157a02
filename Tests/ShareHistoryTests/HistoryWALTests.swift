import Foundation
import ShareCore
import TestSupport
import Testing

@testable import ShareHistory

extension HistoryTests {
    /// The WAL stays small across processes that each record one share (each store call opens and
    /// closes its own connection, as a process per share does), so opening the database never
    /// reads a long WAL.
    struct HistoryWALTests {
        @Test func theWALIsTruncatedOnceItPassesItsLimit() async throws {
            let folder = TemporaryFolder("history")
            let path = folder.file("sharevia.sqlite")
            let store = HistoryStore(path: path, durability: .normal)
            let limit = 32 + HistoryDatabase.walTrimPages * (24 + 4_096)
            var largest = 0
            var trimmed = false
            for _ in 0..<60 {
                #expect(store.record(report: HistoryReports.fellBack, options: ShareOptions()).recorded)
                let size = try FileManager.default.attributesOfItem(atPath: path + "-wal")[.size] as? Int ?? 0
                if size < largest { trimmed = true }
                largest = max(largest, size)
            }
            #expect(trimmed, "the WAL was never truncated")
            // At most the limit plus the one share written after the check.
            #expect(largest <= limit + 16 * (24 + 4_096), "the WAL grew to \(largest) bytes")
            #expect(try store.entries(HistoryQuery(limit: 100)).count == 60)
            #expect(try await PythonSQLite.rows(path, "SELECT count(*) FROM shares") == [[.number(60)]])
        }
    }
}
