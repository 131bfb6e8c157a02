import Foundation
import ShareHistory
import TestSupport
import Testing

extension HistoryTests {
    /// Spool files written by an earlier sharevia (format 1, as main wrote them at e202256) still
    /// import, field for field: the spool's format is a file format, not an implementation detail.
    struct HistorySpoolFormatTests {
        /// Files `sharevia --to file` spooled at e202256, byte for byte: a card share delivered,
        /// and a share that failed with an error code and fell back to nothing.
        static let written: [String: String] = [
            "1795716172273870-329193c51c0deb49.json":
                #"{"attempts":[{"attempt":1,"destination":"file","durationMilliseconds":15.53,"fellBack":false,"reason":"wrote card-1.png, card-1.txt, card-1.share.json to /tmp/spoolfix/out","receipt":"{\"destination\":\"file\",\"locations\":[\"/tmp/spoolfix/out/card-1.png\",\"/tmp/spoolfix/out/card-1.txt\",\"/tmp/spoolfix/out/card-1.share.json\"],\"outcome\":\"delivered\",\"summary\":\"wrote card-1.png, card-1.txt, card-1.share.json to /tmp/spoolfix/out\"}","result":"delivered"}],"card":{"kind":"streak","theme":"dark"},"chain":"[\"file\",\"clipboard\"]","deliveredBy":"file","exitCode":0,"format":1,"id":"1795716172273870-329193c51c0deb49","microseconds":1795716172273870,"outcome":"delivered","requiresAltText":false,"threadsLongText":false}"#,
            "1795716172396789-efbe517563caec62.json":
                #"{"attempts":[{"attempt":1,"destination":"file","durationMilliseconds":5.3,"errorCode":"write-failed","fellBack":true,"reason":"can't create the folder /proc/nope: No such file or directory; check the folder or pass another with --out","result":"permanent-failure"},{"attempt":1,"destination":"clipboard","durationMilliseconds":0.02,"fellBack":false,"reason":"DISPLAY is not set","result":"unavailable"}],"chain":"[\"file\",\"clipboard\"]","exitCode":4,"format":1,"id":"1795716172396789-efbe517563caec62","microseconds":1795716172396789,"outcome":"not-delivered","requiresAltText":false,"threadsLongText":false}"#,
        ]

        /// What history lists for them, newest first (``HistoryEntry``'s JSON).
        static let entries = #"""
            [{"attempts":[{"attempt":1,"destination":"file","durationMilliseconds":5.3,"errorCode":"write-failed","fellBack":true,"reason":"can't create the folder /proc/nope: No such file or directory; check the folder or pass another with --out","result":"permanent-failure"},{"attempt":1,"destination":"clipboard","durationMilliseconds":0.02,"fellBack":false,"reason":"DISPLAY is not set","result":"unavailable"}],"chain":["file","clipboard"],"exitCode":4,"id":"1795716172396789-efbe517563caec62","keptImages":0,"microseconds":1795716172396789,"outcome":"not-delivered"},
             {"attempts":[{"attempt":1,"destination":"file","durationMilliseconds":15.53,"fellBack":false,"reason":"wrote card-1.png, card-1.txt, card-1.share.json to /tmp/spoolfix/out","receipt":"{\"destination\":\"file\",\"locations\":[\"/tmp/spoolfix/out/card-1.png\",\"/tmp/spoolfix/out/card-1.txt\",\"/tmp/spoolfix/out/card-1.share.json\"],\"outcome\":\"delivered\",\"summary\":\"wrote card-1.png, card-1.txt, card-1.share.json to /tmp/spoolfix/out\"}","result":"delivered"}],"card":{"kind":"streak","theme":"dark"},"chain":["file","clipboard"],"deliveredBy":"file","exitCode":0,"id":"1795716172273870-329193c51c0deb49","keptImages":0,"microseconds":1795716172273870,"outcome":"delivered"}]
            """#

        let folder = TemporaryFolder("history-spool-format")

        @Test func filesAnEarlierShareviaSpooledImportFieldForField() throws {
            let store = HistoryStore(path: folder.file("sharevia.sqlite"), durability: .normal)
            try FileManager.default.createDirectory(atPath: store.spoolFolder, withIntermediateDirectories: true)
            for (name, text) in Self.written {
                try Data(text.utf8).write(to: URL(fileURLWithPath: "\(store.spoolFolder)/\(name)"))
                #expect(HistorySpoolFile.roundTripsWithinCaps(Array(text.utf8)) == true, "\(name)")
            }

            #expect(store.importSpool() == HistorySpoolImport(imported: 2))
            #expect(try FileManager.default.contentsOfDirectory(atPath: store.spoolFolder) == [])
            let expected = try JSONDecoder().decode([HistoryEntry].self, from: Data(Self.entries.utf8))
            #expect(expected.count == 2)
            #expect(try store.entries() == expected)
        }
    }
}
