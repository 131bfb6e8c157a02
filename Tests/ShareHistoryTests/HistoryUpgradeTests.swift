import Foundation
import ShareCore
import TestSupport
import Testing

@testable import ShareHistory

extension HistoryTests {
    /// Databases of every earlier schema version, written as that version wrote them (its
    /// migrations' own statements, run by Python's sqlite3), opened by this sharevia.
    struct HistoryUpgradeTests {
        /// A database at `version`: the migrations up to it, and one share with two attempts and
        /// a kept image, in rollback-journal mode as Python leaves it.
        static func database(at version: Int64, in folder: TemporaryFolder) async throws -> String {
            let path = folder.file("sharevia.sqlite")
            let statements = HistorySchema.migrations.filter { $0.version <= version }
                .map { "\($0.statements)" }.joined(separator: "\n")
            _ = try await PythonSQLite.run(
                """
                import sqlite3, sys
                db = sqlite3.connect(sys.argv[1])
                db.executescript(sys.argv[2])
                db.execute("INSERT INTO shares VALUES ('1700000000000000-0000000000000001', 1700000000000000, 'streak', 'dark', '[\\"mastodon\\",\\"file\\"]', 'delivered-by-fallback', 'file', 3, 0, 0, 'kept text')")
                db.execute("INSERT INTO attempts VALUES ('1700000000000000-0000000000000001', 0, 1700000000000000, 'mastodon', 1, 'transient-failure', 'rate-limited', 'HTTP 429', 12.5, 1, NULL)")
                db.execute("INSERT INTO attempts VALUES ('1700000000000000-0000000000000001', 1, 1700000000000000, 'file', 1, 'delivered', NULL, 'wrote 1 file', 2.0, 0, '{}')")
                db.execute("INSERT INTO share_images VALUES ('1700000000000000-0000000000000001', 0, 'image/png', 'a card', x'89504e47')")
                db.execute("PRAGMA user_version = %d" % int(sys.argv[3]))
                db.commit()
                """,
                [path, statements, "\(version)"]
            )
            return path
        }

        @Test(arguments: Array(1..<HistorySchema.currentVersion))
        func anEarlierVersionIsMigratedWithItsRowsKept(version: Int64) async throws {
            let folder = TemporaryFolder("history")
            let path = try await Self.database(at: version, in: folder)
            let store = HistoryStore(path: path)

            let options = ShareOptions()
            let recording = store.record(report: HistoryReports.delivered, options: options)

            #expect(recording == HistoryRecording(recorded: true))
            let entries = try store.entries()
            #expect(entries.map(\.id) == [options.id.description, "1700000000000000-0000000000000001"])
            let old = try #require(entries.last)
            #expect(old.card == HistoryCard(kind: "streak", theme: "dark"))
            #expect(old.chain == ["mastodon", "file"])
            #expect(old.exitCode == 3 && old.text == "kept text" && old.keptImages == 1)
            #expect(old.attempts.map(\.errorCode) == ["rate-limited", nil])
            #expect(old.attempts.map(\.fellBack) == [true, false])
            let rows = try await PythonSQLite.rows(
                path,
                "SELECT (SELECT user_version FROM pragma_user_version), (SELECT journal_mode FROM pragma_journal_mode), (SELECT group_concat(name, ' ') FROM (SELECT name FROM sqlite_schema WHERE name LIKE 'outbox%' ORDER BY name)), (SELECT count(*) FROM outbox_items)"
            )
            #expect(
                rows == [
                    [
                        .number(Double(HistorySchema.currentVersion)), .text("wal"),
                        .text("outbox_attachments outbox_due outbox_items"), .number(0),
                    ]
                ]
            )
            #expect(try store.statistics().shares == 2)
        }

        /// `sharevia history` and `stats` bring an older database up to date before reading it.
        @Test(arguments: Array(1..<HistorySchema.currentVersion))
        func upgradeLetsAnEarlierVersionBeRead(version: Int64) async throws {
            let folder = TemporaryFolder("history")
            let path = try await Self.database(at: version, in: folder)
            let store = HistoryStore(path: path)
            #expect(throws: SQLiteError.self) { try store.entries() }

            try store.upgrade()

            #expect(try store.entries().map(\.id) == ["1700000000000000-0000000000000001"])
            #expect(
                try await PythonSQLite.rows(path, "PRAGMA user_version") == [
                    [.number(Double(HistorySchema.currentVersion))]
                ]
            )
        }

        @Test func upgradeLeavesNoDatabaseAndACurrentOneAlone() throws {
            let folder = TemporaryFolder("history")
            let path = folder.file("sharevia.sqlite")
            try HistoryStore(path: path).upgrade()
            #expect(!FileManager.default.fileExists(atPath: path))
        }
    }
}
