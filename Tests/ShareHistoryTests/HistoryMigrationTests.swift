import Foundation
import ShareCore
import TestSupport
import Testing

@testable import ShareHistory

extension HistoryTests {
    /// Opening the database: migrations from an empty file, a newer database refused untouched, a
    /// damaged one moved aside.
    struct HistoryMigrationTests {
        @Test func migratesANewDatabaseToTheCurrentVersionInWALWithFullSync() async throws {
            let folder = TemporaryFolder("history")
            let path = folder.file("new/sharevia.sqlite")

            let connection = try HistoryDatabase.openForWriting(path)

            #expect(try connection.rows("PRAGMA synchronous") == [[.integer(2)]])  // FULL
            #expect(try connection.rows("PRAGMA foreign_keys") == [[.integer(1)]])
            let rows = try await PythonSQLite.rows(
                path,
                "SELECT (SELECT user_version FROM pragma_user_version), (SELECT journal_mode FROM pragma_journal_mode), group_concat(name, ' ') FROM (SELECT name FROM sqlite_schema WHERE type IN ('table', 'index') AND name NOT LIKE 'sqlite_%' ORDER BY name)"
            )
            #expect(
                rows == [
                    [
                        .number(2), .text("wal"),
                        .text(
                            "attempts attempts_by_duration attempts_by_outcome outbox_attachments outbox_due outbox_items share_images shares shares_by_card shares_by_outcome shares_by_time"
                        ),
                    ]
                ]
            )
            var info = stat()
            #expect(stat(folder.file("new"), &info) == 0 && info.st_mode & 0o777 == 0o700)
        }

        @Test func migratesAnEmptyFile() async throws {
            let folder = TemporaryFolder("history")
            let path = folder.file("sharevia.sqlite")
            #expect(FileManager.default.createFile(atPath: path, contents: Data()))

            let recording = HistoryStore(path: path).record(report: HistoryReports.delivered, options: ShareOptions())

            #expect(recording == HistoryRecording(recorded: true))
            #expect(try await PythonSQLite.rows(path, "PRAGMA user_version") == [[.number(2)]])
        }

        @Test func everyMigrationStepsUpByOneAndTheLastIsCurrent() {
            #expect(HistorySchema.migrations.map(\.version) == Array(1...HistorySchema.currentVersion))
        }

        /// A newer sharevia's database: refused by recording and by reading, and never changed.
        @Test(arguments: ["delete", "wal"])
        func refusesANewerDatabaseAndLeavesItByteIdentical(journal: String) async throws {
            let folder = TemporaryFolder("history")
            let path = folder.file("sharevia.sqlite")
            _ = try await PythonSQLite.run(
                """
                import sqlite3, sys
                db = sqlite3.connect(sys.argv[1])
                db.execute("PRAGMA journal_mode = " + sys.argv[2])
                db.execute("CREATE TABLE shares (id TEXT, future TEXT)")
                db.execute("INSERT INTO shares VALUES ('x', 'y')")
                db.execute("PRAGMA user_version = 3")
                db.commit()
                db.close()
                """,
                [path, journal]
            )
            let before = try Data(contentsOf: URL(fileURLWithPath: path))
            let store = HistoryStore(path: path)

            let recording = store.record(report: HistoryReports.delivered, options: ShareOptions())

            #expect(!recording.recorded)
            let warning = try #require(recording.warnings.first)
            #expect(warning.error?.code == .newerVersion)
            #expect(
                warning.message
                    == "history: this share was not recorded: \(path): a newer sharevia wrote this history database (schema version 3; this sharevia knows up to 2); it was left unchanged: update sharevia to read or record history"
            )
            #expect(throws: SQLiteError.self) { try store.entries() }
            #expect(throws: SQLiteError.self) { try store.statistics() }
            do {
                _ = try store.entries()
            } catch {
                #expect(error.code == .newerVersion)
            }
            #expect(try Data(contentsOf: URL(fileURLWithPath: path)) == before)
            #expect(try await PythonSQLite.rows(path, "SELECT * FROM shares") == [[.text("x"), .text("y")]])
        }

        @Test func movesANonDatabaseAsideAndRecordsInAFreshOne() throws {
            let folder = TemporaryFolder("history")
            let path = folder.file("sharevia.sqlite")
            var generator = SeededGenerator(seed: 26)
            let garbage = (0..<8_192).map { _ in UInt8.random(in: 0...255, using: &generator) }
            try Data(garbage).write(to: URL(fileURLWithPath: path))
            let store = HistoryStore(path: path)
            let options = ShareOptions()

            let recording = store.record(report: HistoryReports.delivered, options: options)

            #expect(recording.recorded)
            let warning = try #require(recording.warnings.first)
            let movedTo = try #require(warning.movedTo)
            #expect(warning.error?.code == .damaged)
            #expect(movedTo.hasPrefix(path + ".damaged-"))
            #expect(warning.message.contains("it was moved to \(movedTo) and a new one started"))
            #expect(try Data(contentsOf: URL(fileURLWithPath: movedTo)) == Data(garbage))
            #expect(try store.entries().map(\.id) == [options.id.description])
        }

        @Test func movesADatabaseWithCorruptPagesAside() async throws {
            let folder = TemporaryFolder("history")
            let path = folder.file("sharevia.sqlite")
            let store = HistoryStore(path: path)
            for _ in 0..<50 { _ = store.record(report: HistoryReports.fellBack, options: ShareOptions()) }
            // Everything after the first page (the header and the schema) becomes garbage.
            _ = try await PythonSQLite.run(
                """
                import sqlite3, sys
                db = sqlite3.connect(sys.argv[1]); db.execute("PRAGMA wal_checkpoint(TRUNCATE)"); db.close()
                data = bytearray(open(sys.argv[1], 'rb').read())
                page = int.from_bytes(data[16:18], 'big')
                for i in range(page, len(data)): data[i] = (i * 131) % 251
                open(sys.argv[1], 'wb').write(data)
                """,
                [path]
            )
            #expect(try !store.check().isEmpty)

            let options = ShareOptions()
            let recording = store.record(report: HistoryReports.delivered, options: options)

            #expect(recording.recorded)
            #expect(recording.warnings.first?.movedTo != nil)
            #expect(try store.entries().map(\.id) == [options.id.description])
            #expect(try store.check() == [])
        }

        @Test func movesAnotherProgramsDatabaseAside() async throws {
            let folder = TemporaryFolder("history")
            let path = folder.file("sharevia.sqlite")
            _ = try await PythonSQLite.run(
                "import sqlite3, sys; db = sqlite3.connect(sys.argv[1]); db.execute('CREATE TABLE notes (x)'); db.commit()",
                [path]
            )

            let recording = HistoryStore(path: path).record(report: HistoryReports.delivered, options: ShareOptions())

            #expect(recording.recorded)
            let moved = try #require(recording.warnings.first?.movedTo)
            #expect(try await PythonSQLite.rows(moved, "SELECT name FROM sqlite_schema") == [[.text("notes")]])
        }

        @Test func aViewInPlaceOfATableIsRefused() async throws {
            let folder = TemporaryFolder("history")
            let path = folder.file("sharevia.sqlite")
            _ = HistoryStore(path: path).record(report: HistoryReports.delivered, options: ShareOptions())
            _ = try await PythonSQLite.run(
                """
                import sqlite3, sys
                db = sqlite3.connect(sys.argv[1])
                db.execute('DROP TABLE share_images')
                db.execute('CREATE VIEW share_images AS WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n) SELECT i AS share_id FROM n')
                db.commit()
                """,
                [path]
            )
            #expect {
                try HistoryStore(path: path).entries()
            } throws: { error in
                (error as? SQLiteError)?.code == .damaged
            }
        }
    }
}
