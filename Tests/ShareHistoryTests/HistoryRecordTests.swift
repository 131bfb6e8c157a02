import Foundation
import ShareCore
import ShareHistory
import TestSupport
import Testing

extension HistoryTests {
    /// Recording a share's report: one row per share and per attempt, for every way a share ends.
    struct HistoryRecordTests {
        static let outcomes: [(String, ShareReport, String)] = [
            ("delivered", HistoryReports.delivered, "delivered"),
            ("handed off", HistoryReports.handedOff, "handed-off"),
            ("fell back", HistoryReports.fellBack, "delivered-by-fallback"),
            ("failed", HistoryReports.failed, "not-delivered"),
            ("unknown", HistoryReports.unknown, "not-delivered"),
        ]

        @Test(arguments: 0..<outcomes.count)
        func recordsEachOutcomeWithEveryAttempt(_ index: Int) throws {
            let (_, report, outcome) = Self.outcomes[index]
            let folder = TemporaryFolder("history")
            let store = HistoryStore(path: folder.file("state/sharevia/sharevia.sqlite"))
            let options = ShareOptions(id: ShareID(microseconds: 1_795_693_512_123_456, nonce: 0x9f2c))

            let recording = store.record(report: report, options: options, exitCode: 3)

            #expect(recording == HistoryRecording(recorded: true))
            let entries = try store.entries()
            let entry = try #require(entries.first)
            #expect(entries.count == 1)
            #expect(entry.id == "1795693512123456-0000000000009f2c")
            #expect(entry.microseconds == 1_795_693_512_123_456)
            #expect(entry.chain == report.chain.map(\.rawValue))
            #expect(entry.outcome == outcome)
            #expect(entry.deliveredBy == report.deliveredBy?.rawValue)
            #expect(entry.exitCode == 3)
            #expect(entry.card == nil)
            #expect(entry.text == nil && entry.keptImages == 0)
            #expect(entry.attempts.map(\.destination) == report.attempts.map(\.destination.rawValue))
            #expect(entry.attempts.map(\.result) == report.attempts.map(\.result.rawValue))
            #expect(entry.attempts.map(\.reason) == report.attempts.map(\.reason))
            #expect(entry.attempts.map(\.attempt) == report.attempts.map { Int64($0.attempt) })
            #expect(entry.attempts.map(\.durationMilliseconds) == report.attempts.map(\.durationMilliseconds))
            #expect(entry.attempts.map(\.errorCode) == report.attempts.map { $0.detail?.code.description })
        }

        @Test func keepsTheReceiptOnTheAttemptThatDeliveredWithoutTheLog() throws {
            let folder = TemporaryFolder("history")
            let store = HistoryStore(path: folder.file("sharevia.sqlite"))
            _ = store.record(report: HistoryReports.fellBack, options: ShareOptions())
            _ = store.record(report: HistoryReports.delivered, options: ShareOptions())

            let entries = try store.entries()
            let fellBack = try #require(entries.first { $0.outcome == "delivered-by-fallback" })
            #expect(fellBack.attempts.map { $0.receipt == nil } == [true, true, false])
            #expect(fellBack.attempts.map(\.fellBack) == [false, true, false])
            let receipt = try JSONDecoder().decode(
                DeliveryReceipt.self,
                from: Data(try #require(fellBack.attempts[2].receipt).utf8)
            )
            #expect(receipt == HistoryReports.fellBack.receipt)

            let delivered = try #require(entries.first { $0.outcome == "delivered" })
            let kept = try #require(delivered.attempts[0].receipt)
            #expect(!kept.contains("helper's log"))
            #expect(kept.contains("/home/me/shares/card.png"))
        }

        @Test func keepsNoContentUnlessAsked() async throws {
            let folder = TemporaryFolder("history")
            let path = folder.file("sharevia.sqlite")
            let store = HistoryStore(path: path)
            let card = HistoryCard(kind: "quote", theme: "dusk")
            let plain = ShareOptions()
            let kept = ShareOptions()
            let image = HistoryContent.Image(
                mediaType: "image/png",
                altText: "a card",
                bytes: [0x89, 0x50, 0x4e, 0x47, 0, 1]
            )

            _ = store.record(report: HistoryReports.delivered, options: plain, card: card)
            let recording = store.record(
                report: HistoryReports.delivered,
                options: kept,
                card: card,
                keepContent: HistoryContent(text: "hello #sharevia", images: [image])
            )

            #expect(recording.recorded && recording.warnings.isEmpty)
            let entries = try store.entries()
            let plainEntry = try #require(entries.first { $0.id == plain.id.description })
            let keptEntry = try #require(entries.first { $0.id == kept.id.description })
            #expect(plainEntry.text == nil && plainEntry.keptImages == 0)
            #expect(plainEntry.card == card)
            #expect(keptEntry.text == "hello #sharevia" && keptEntry.keptImages == 1)
            // The bytes, read back by another SQLite client.
            let rows = try await PythonSQLite.rows(
                path,
                "SELECT media_type, alt_text, hex(bytes), (SELECT count(*) FROM share_images) FROM share_images"
            )
            #expect(rows == [[.text("image/png"), .text("a card"), .text("89504E470001"), .number(1)]])
        }

        @Test func contentOverTheCapIsNotKeptAndSaysSo() throws {
            let folder = TemporaryFolder("history")
            let store = HistoryStore(path: folder.file("sharevia.sqlite"))
            let long = String(repeating: "a", count: HistoryLimits.contentTextBytes + 1)

            let recording = store.record(
                report: HistoryReports.delivered,
                options: ShareOptions(),
                keepContent: HistoryContent(text: long)
            )

            #expect(recording.recorded)
            #expect(
                recording.warnings.map(\.message) == [
                    "history: the text was not kept: 1048577 bytes, over the 1048576 history keeps"
                ]
            )
            #expect(try store.entries().first?.text == nil)
        }

        @Test func cutsALongReasonAtACharacter() throws {
            let folder = TemporaryFolder("history")
            let store = HistoryStore(path: folder.file("sharevia.sqlite"))
            let reason = String(repeating: "é", count: HistoryLimits.reasonBytes)
            let report = ShareReport(
                chain: ["email"],
                attempts: [HistoryReports.attempt("email", .permanentFailure, reason)]
            )

            _ = store.record(report: report, options: ShareOptions())

            let kept = try #require(try store.entries().first?.attempts.first?.reason)
            #expect(kept.utf8.count <= HistoryLimits.reasonBytes)
            #expect(kept.hasSuffix("…"))
            #expect(kept.dropLast().allSatisfy { $0 == "é" })
        }

        @Test func recordingTheSameShareTwiceKeepsOneRow() throws {
            let folder = TemporaryFolder("history")
            let store = HistoryStore(path: folder.file("sharevia.sqlite"))
            let options = ShareOptions()
            #expect(store.record(report: HistoryReports.delivered, options: options).recorded)
            #expect(store.record(report: HistoryReports.delivered, options: options).recorded)
            #expect(try store.entries().count == 1)
        }

        @Test func listsNewestFirstWithFilters() throws {
            let folder = TemporaryFolder("history")
            let store = HistoryStore(path: folder.file("sharevia.sqlite"))
            let reports = [
                HistoryReports.delivered, HistoryReports.fellBack, HistoryReports.handedOff, HistoryReports.failed,
            ]
            var ids: [String] = []
            for (index, report) in reports.enumerated() {
                let options = ShareOptions(id: ShareID(microseconds: UInt64(1_000 + index), nonce: 1))
                ids.append(options.id.description)
                let card = index % 2 == 0 ? HistoryCard(kind: "quote") : HistoryCard(kind: "stat")
                _ = store.record(report: report, options: options, card: card)
            }

            #expect(try store.entries().map(\.id) == ids.reversed())
            #expect(try store.entries(HistoryQuery(sinceMicroseconds: 1_002)).map(\.id) == [ids[3], ids[2]])
            #expect(try store.entries(HistoryQuery(destination: "file")).map(\.id) == [ids[1], ids[0]])
            #expect(try store.entries(HistoryQuery(destination: "mastodon")).map(\.id) == [ids[1]])
            #expect(try store.entries(HistoryQuery(cardKind: "quote")).map(\.id) == [ids[2], ids[0]])
            #expect(try store.entries(HistoryQuery(limit: 1)).map(\.id) == [ids[3]])
        }

        @Test func readingAMissingDatabaseListsNothingAndCreatesNothing() throws {
            let folder = TemporaryFolder("history")
            let path = folder.file("state/sharevia.sqlite")
            let store = HistoryStore(path: path)
            #expect(try store.entries().isEmpty)
            #expect(try store.statistics().shares == 0)
            #expect(!FileManager.default.fileExists(atPath: folder.file("state")))
        }

        @Test func locationFollowsTheStateFolder() {
            #expect(
                HistoryLocation.path(environment: ShareEnvironment(["XDG_STATE_HOME": "/s", "HOME": "/h"]))
                    == "/s/sharevia/sharevia.sqlite"
            )
            #expect(
                HistoryLocation.path(environment: ShareEnvironment(["HOME": "/h"]))
                    == "/h/.local/state/sharevia/sharevia.sqlite"
            )
            #expect(HistoryLocation.path(environment: ShareEnvironment([:])) == nil)
        }
    }
}
