import Foundation
import ProcessRunning
import ShareCore
import ShareHistory
import TestSupport
import Testing

extension HistoryTests {
    /// Two processes recording into one database at once: every share of both lands.
    ///
    /// The writers are this test bundle run again with `--filter` on ``HistoryWriterProcess``, which
    /// records only when `SHAREVIA_HISTORY_WRITER_DB` names a database.
    struct HistoryConcurrencyTests {
        @Test func twoProcessesRecordingAtOnceBothLand() async throws {
            let folder = TemporaryFolder("history")
            let path = folder.file("sharevia.sqlite")
            let shares = 60

            let outputs = try await TestBundleProcesses.run(
                filter: "HistoryWriterProcess",
                environments: (1...2).map { writer in
                    [
                        "SHAREVIA_HISTORY_WRITER_DB": path,
                        "SHAREVIA_HISTORY_WRITER_SHARES": "\(shares)",
                        "SHAREVIA_HISTORY_WRITER_NONCE": "\(writer)",
                    ]
                },
                timeout: .seconds(120)
            )

            for output in outputs {
                #expect(output.succeeded, "a writer failed: \(output.errorText)")
            }
            let entries = try HistoryStore(path: path).entries(HistoryQuery(limit: 1_000))
            #expect(entries.count == 2 * shares)
            #expect(Set(entries.map { $0.id.suffix(1) }) == ["1", "2"])
            #expect(entries.allSatisfy { $0.attempts.count == 3 })
        }

        /// Another process holds the write lock of a fresh database (not yet in WAL) when a share
        /// records: SQLite answers the switch to WAL "database is locked" at once, without its busy
        /// wait, so the switch is tried again until the lock is free.
        @Test func recordingWaitsWhileAnotherProcessCreatesTheDatabase() async throws {
            let folder = TemporaryFolder("history")
            let path = folder.file("sharevia.sqlite")
            let locked = folder.file("locked")
            #expect(FileManager.default.createFile(atPath: path, contents: Data()))
            let holder = Task {
                try await PythonSQLite.run(
                    """
                    import sqlite3, sys, time
                    db = sqlite3.connect(sys.argv[1], isolation_level=None)
                    db.execute("BEGIN IMMEDIATE")
                    open(sys.argv[2], "w").close()
                    time.sleep(0.5)
                    db.execute("COMMIT")
                    print(db.execute("PRAGMA journal_mode").fetchone()[0])
                    """,
                    [path, locked]
                )
            }
            // Hang guard only: the holder writes the file as soon as it has the lock.
            let clock = ContinuousClock()
            let start = clock.now
            while !FileManager.default.fileExists(atPath: locked) && clock.now - start < .seconds(60) {
                try await Task.sleep(for: .milliseconds(5))
            }
            try #require(FileManager.default.fileExists(atPath: locked), "the holder never took the lock")

            let recording = HistoryStore(path: path).record(report: HistoryReports.delivered, options: ShareOptions())

            #expect(recording == HistoryRecording(recorded: true))
            #expect(try await holder.value == "delete\n")
            #expect(try await PythonSQLite.rows(path, "PRAGMA journal_mode") == [[.text("wal")]])
            #expect(try HistoryStore(path: path).entries().count == 1)
        }

        /// The test bundle this process runs.
    }

    /// One writer of ``HistoryConcurrencyTests``: records `SHAREVIA_HISTORY_WRITER_SHARES` shares into
    /// `SHAREVIA_HISTORY_WRITER_DB`, and fails on any warning. Does nothing in an ordinary run.
    struct HistoryWriterProcess {
        @Test func recordsWhenAsked() throws {
            let environment = ProcessInfo.processInfo.environment
            guard let path = environment["SHAREVIA_HISTORY_WRITER_DB"] else { return }
            let shares = Int(environment["SHAREVIA_HISTORY_WRITER_SHARES"] ?? "") ?? 0
            let nonce = UInt64(environment["SHAREVIA_HISTORY_WRITER_NONCE"] ?? "") ?? 0
            let store = HistoryStore(path: path)
            for _ in 0..<shares {
                let options = ShareOptions(id: ShareID(microseconds: ShareID.new().microseconds, nonce: nonce))
                let recording = store.record(report: HistoryReports.fellBack, options: options)
                #expect(recording == HistoryRecording(recorded: true))
            }
        }
    }
}
