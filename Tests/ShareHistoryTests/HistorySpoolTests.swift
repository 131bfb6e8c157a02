import Foundation
import ProcessRunning
import ShareCore
import ShareHistory
import TestSupport
import Testing

extension HistoryTests {
    /// The history spool: a share leaves one file and opens no database; an import moves the
    /// files into the database once, whatever crashes or runs beside it.
    struct HistorySpoolTests {
        let folder = TemporaryFolder("history-spool")
        var path: String { folder.file("state/sharevia/sharevia.sqlite") }
        var store: HistoryStore { HistoryStore(path: path, durability: .normal) }
        var spool: String { folder.file("state/sharevia/history-spool") }

        func spooled() throws -> [String] {
            try FileManager.default.contentsOfDirectory(atPath: spool).sorted()
        }

        func options(_ nonce: UInt64) -> ShareOptions {
            ShareOptions(id: ShareID(microseconds: 1_764_168_005_000_000 + nonce, nonce: nonce))
        }

        @Test func aShareLeavesOneFileAndNoDatabaseAndTheImportReadsItAsRecordingWould() throws {
            let card = HistoryCard(kind: "streak", theme: "dusk")
            let recording = store.spool(report: HistoryReports.fellBack, options: options(1), card: card, exitCode: 3)

            #expect(recording == HistoryRecording(recorded: true))
            #expect(!FileManager.default.fileExists(atPath: path), "no database is opened")
            #expect(try spooled() == ["\(options(1).id).json"])
            let mode = try FileManager.default.attributesOfItem(atPath: spool)[.posixPermissions] as? Int
            #expect(mode == 0o700)

            let imported = store.importSpool()
            #expect(imported == HistorySpoolImport(imported: 1))
            #expect(try spooled() == [])
            // The same share recorded straight into a database reads back the same.
            let direct = HistoryStore(path: folder.file("direct.sqlite"))
            _ = direct.record(report: HistoryReports.fellBack, options: options(1), card: card, exitCode: 3)
            #expect(try store.entries() == direct.entries())
            #expect(try store.entries().first?.attempts.count == 3)
        }

        @Test func anImportAfterACrashBeforeTheFilesWereRemovedAddsNothing() async throws {
            _ = store.spool(report: HistoryReports.delivered, options: options(1))
            _ = store.spool(report: HistoryReports.failed, options: options(2))
            let name = "\(options(1).id).json"
            let bytes = try Data(contentsOf: URL(fileURLWithPath: "\(spool)/\(name)"))
            #expect(store.importSpool().imported == 2)

            // The crash: the database committed, the file was not removed.
            try bytes.write(to: URL(fileURLWithPath: "\(spool)/\(name)"))
            #expect(store.importSpool() == HistorySpoolImport(imported: 1))

            #expect(try spooled() == [])
            let entries = try store.entries()
            #expect(entries.count == 2)
            #expect(entries.first { $0.id == options(1).id.description }?.attempts.count == 1)
            #expect(
                try await PythonSQLite.rows(path, "SELECT count(*) FROM attempts") == [
                    [.number(Double(1 + HistoryReports.failed.attempts.count))]
                ]
            )
        }

        @Test func aFileThatIsNotASpooledShareIsMovedAsideAndTheRestImported() throws {
            _ = store.spool(report: HistoryReports.delivered, options: options(1))
            _ = store.spool(report: HistoryReports.handedOff, options: options(2))
            try Data("{\"format\": 1, \"id\": \"x\"".utf8).write(to: URL(fileURLWithPath: "\(spool)/broken.json"))
            try Data(repeating: 0x20, count: HistoryLimits.spoolFileBytes + 1)
                .write(to: URL(fileURLWithPath: "\(spool)/huge.json"))
            var wrongExit = try String(contentsOfFile: "\(spool)/\(options(1).id).json", encoding: .utf8)
            wrongExit = wrongExit.replacingOccurrences(of: "\"format\"", with: "\"exitCode\":300,\"format\"")
            try wrongExit.write(toFile: "\(spool)/\(options(3).id).json", atomically: false, encoding: .utf8)

            let imported = store.importSpool()

            #expect(imported.imported == 2)
            #expect(imported.error == nil)
            #expect(
                imported.damaged.sorted()
                    == ["\(options(3).id).json", "broken.json", "huge.json"].map { "\(spool)/\($0).damaged" }.sorted()
            )
            let warnings = imported.warnings.map(\.message).joined(separator: "\n")
            #expect(
                warnings.contains(
                    "broken.json was moved to \(spool)/broken.json.damaged: history spool: not a spooled share"
                ),
                "\(warnings)"
            )
            #expect(warnings.contains("over the 1048576 a spool file may be"), "\(warnings)")
            #expect(warnings.contains("history spool: exitCode 300 is not an exit code (0 to 255)"), "\(warnings)")
            #expect(try spooled() == imported.damaged.map { String($0.dropFirst(spool.count + 1)) }.sorted())
            #expect(try store.entries().map(\.id).sorted() == [options(1).id.description, options(2).id.description])
        }

        @Test func aSpoolOverItsCapIsImportedByTheShareThatAddsToIt() throws {
            for nonce in 1...UInt64(HistoryLimits.spoolFiles) {
                #expect(store.spool(report: HistoryReports.delivered, options: options(nonce)).recorded)
            }
            #expect(!FileManager.default.fileExists(atPath: path), "up to the cap, no share opens the database")
            #expect(try spooled().count == HistoryLimits.spoolFiles)

            let over = store.spool(report: HistoryReports.delivered, options: options(0))

            #expect(over == HistoryRecording(recorded: true))
            #expect(try spooled() == [])
            #expect(try store.entries(HistoryQuery(limit: 2_000)).count == HistoryLimits.spoolFiles + 1)
        }

        @Test func aShareKeepingContentIsNotSpooledAndAnImportOfAnEmptySpoolOpensNothing() throws {
            #expect(store.importSpool() == HistorySpoolImport())
            #expect(!FileManager.default.fileExists(atPath: path))
            _ = store.record(
                report: HistoryReports.delivered,
                options: options(1),
                keepContent: HistoryContent(text: "hi")
            )
            #expect(!FileManager.default.fileExists(atPath: spool))
            #expect(try store.entries().map(\.text) == ["hi"])
        }

        @Test func spoolFilesAreReadWithinTheirCapsOrRefusedNamingTheField() throws {
            for report in [
                HistoryReports.delivered, HistoryReports.fellBack, HistoryReports.handedOff, HistoryReports.failed,
            ] {
                _ = store.spool(report: report, options: options(9))
                let bytes = try [UInt8](Data(contentsOf: URL(fileURLWithPath: "\(spool)/\(options(9).id).json")))
                #expect(try HistorySpoolFile.shareID(of: bytes) == options(9).id.description)
                #expect(HistorySpoolFile.roundTripsWithinCaps(bytes) == true)
            }
            let good = try String(contentsOfFile: "\(spool)/\(options(9).id).json", encoding: .utf8)
            let refusals: [(String, String)] = [
                ("\"format\":1", "\"format\":2"),
                ("\"id\":\"\(options(9).id)\"", "\"id\":\"../../etc/passwd\""),
                ("\"microseconds\":", "\"microseconds\":1,\"x\":"),
                ("\"outcome\":\"", "\"outcome\":\"" + String(repeating: "o", count: 200)),
            ]
            var messages: [String] = []
            for (old, new) in refusals {
                #expect(good.contains(old), "\(old)")
                do throws(HistorySpoolFile.Problem) {
                    _ = try HistorySpoolFile.shareID(of: Array(good.replacingOccurrences(of: old, with: new).utf8))
                    Issue.record("accepted \(new)")
                } catch {
                    messages.append(error.description)
                }
            }
            #expect(messages.count == 4)
            #expect(messages.allSatisfy { $0.hasPrefix("history spool: ") })
            #expect(messages.first?.contains("format 2 is not the format 1") == true)
            #expect(messages.dropFirst().first?.contains("id '../../etc/passwd' is not a share id") == true)
            #expect(messages.last?.hasSuffix("bytes, over its cap of 128") == true, "\(messages)")
            #expect(messages.dropLast().last?.contains("microseconds 1 is not the time of the share id") == true)
        }

        /// Two processes importing one spool at once: each share lands once, with its attempts once.
        @Test func twoImportersAtOnceImportEachShareOnce() async throws {
            let shares = 1_200
            for nonce in 1...UInt64(shares) {
                let report = nonce % 2 == 0 ? HistoryReports.fellBack : HistoryReports.delivered
                // Written as the spool writes them, without the cap's import.
                _ = store.spool(report: report, options: options(nonce))
                if nonce == UInt64(HistoryLimits.spoolFiles) {
                    try FileManager.default.moveItem(atPath: spool, toPath: folder.file("first"))
                }
            }
            for name in try FileManager.default.contentsOfDirectory(atPath: folder.file("first")) {
                try FileManager.default.moveItem(atPath: folder.file("first/\(name)"), toPath: "\(spool)/\(name)")
            }
            #expect(try spooled().count == shares)
            #expect(!FileManager.default.fileExists(atPath: path))

            let outputs = try await TestBundleProcesses.run(
                filter: "HistorySpoolImporterProcess",
                environments: Array(repeating: ["SHAREVIA_HISTORY_IMPORTER_DB": path], count: 2),
                timeout: .seconds(120)
            )
            for output in outputs { #expect(output.succeeded, "an importer failed: \(output.errorText)") }

            #expect(try spooled() == [])
            #expect(try await PythonSQLite.rows(path, "SELECT count(*) FROM shares") == [[.number(Double(shares))]])
            #expect(
                try await PythonSQLite.rows(path, "SELECT count(*) FROM attempts") == [
                    [.number(Double(shares / 2 * (1 + HistoryReports.fellBack.attempts.count)))]
                ]
            )
        }
    }

    /// One importer of ``HistorySpoolTests/twoImportersAtOnceImportEachShareOnce()``: imports the
    /// spool beside `SHAREVIA_HISTORY_IMPORTER_DB`, failing on any warning. Does nothing in an
    /// ordinary run.
    struct HistorySpoolImporterProcess {
        @Test func importsWhenAsked() {
            guard let path = ProcessInfo.processInfo.environment["SHAREVIA_HISTORY_IMPORTER_DB"] else { return }
            let imported = HistoryStore(path: path, durability: .normal).importSpool()
            #expect(imported.error == nil)
            #expect(imported.warnings == [])
            #expect(imported.damaged == [])
        }
    }
}
