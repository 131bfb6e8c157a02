import Foundation
import TestSupport
import Testing

/// History through the built binary: what each share records (read back by Python's sqlite3),
/// what turns it off, and `sharevia history` / `sharevia stats` over the same database.
@Suite struct HistoryEndToEndTests {
    let folder = TemporaryFolder("cli-history")
    var out: String { folder.file("out") }
    var state: String { folder.file("state") }
    var database: String { folder.file("state/sharevia/sharevia.sqlite") }
    var environment: [String: String] { ["XDG_STATE_HOME": state] }

    func share(_ arguments: [String], environment extra: [String: String] = [:]) async throws -> ShareviaProcess.Run {
        try await ShareviaProcess.run(
            arguments + ["--out", out],
            environment: environment.merging(extra) { _, new in new }
        )
    }

    @Test func eachShareIsRecordedWithItsOutcomeAttemptsAndExitCode() async throws {
        let delivered = try await share(["--to", "file", PackageRoot.exampleCard])
        #expect(delivered.status == 0, "\(delivered.stderr)")
        let failed = try await share([
            "--to", "clipboard", PackageRoot.exampleCard, "--unavailable", "clipboard,file",
        ])
        #expect(failed.status == 4)
        let fellBack = try await share(
            ["--to", "clipboard", "--text", "hi", "--json"],
            environment: ["SHAREVIA_UNAVAILABLE": "clipboard"]
        )
        #expect(fellBack.status == 3, "\(fellBack.stderr)")
        #expect(!fellBack.stderr.contains("history"), "no warning when all went well: \(fellBack.stderr)")

        let rows = try await PythonSQLite.rows(
            database,
            "SELECT outcome, delivered_by, exit_code, card_kind, content_text, (SELECT group_concat(destination || ':' || outcome, ' ') FROM attempts WHERE share_id = shares.id) FROM shares ORDER BY time_us"
        )
        #expect(
            rows == [
                [.text("delivered"), .text("file"), .number(0), .null, .null, .text("file:delivered")],
                [
                    .text("not-delivered"), .null, .number(4), .null, .null,
                    .text("clipboard:unavailable file:unavailable"),
                ],
                [
                    .text("delivered-by-fallback"), .text("file"), .number(3), .null, .null,
                    .text("clipboard:unavailable file:delivered"),
                ],
            ]
        )
        // The --json report's share id is the record's.
        let report = try #require(try JSONSerialization.jsonObject(with: Data(fellBack.stdoutBytes)) as? [String: Any])
        let id = try #require(report["shareId"] as? String)
        #expect(
            try await PythonSQLite.rows(database, "SELECT count(*) FROM shares WHERE id = '\(id)'") == [[.number(1)]]
        )
    }

    @Test func contentIsKeptOnlyWithKeepContent() async throws {
        _ = try await share(["--to", "file", PackageRoot.exampleCard, "--text", "secret plans"])
        let kept = try await share(["--to", "file", PackageRoot.exampleCard, "--text", "Seven days", "--keep-content"])
        #expect(kept.status == 0, "\(kept.stderr)")
        let rows = try await PythonSQLite.rows(
            database,
            "SELECT content_text, (SELECT count(*) FROM share_images WHERE share_id = shares.id), (SELECT length(bytes) FROM share_images WHERE share_id = shares.id) FROM shares ORDER BY time_us"
        )
        let size = try FileManager.default.attributesOfItem(atPath: PackageRoot.exampleCard)[.size] as? Int
        #expect(rows == [[.null, .number(0), .null], [.text("Seven days"), .number(1), .number(Double(size ?? -1))]])
        let bytes = try await PythonSQLite.run(
            "import sqlite3, sys; sys.stdout.buffer.write(sqlite3.connect(sys.argv[1]).execute('SELECT hex(bytes) FROM share_images').fetchone()[0].encode())",
            [database]
        )
        let card = try #require(FileManager.default.contents(atPath: PackageRoot.exampleCard))
        #expect(bytes == card.map { String(format: "%02X", $0) }.joined())
    }

    @Test func keepContentFromTheConfigFile() async throws {
        let config = folder.file("config.yaml")
        try "history:\n  keep_content: true\n".write(toFile: config, atomically: true, encoding: .utf8)
        let run = try await share(["--to", "file", "--text", "from the file", "--config", config])
        #expect(run.status == 0, "\(run.stderr)")
        #expect(try await PythonSQLite.rows(database, "SELECT content_text FROM shares") == [[.text("from the file")]])
    }

    @Test func dryRunsAndTurnedOffHistoryRecordNothing() async throws {
        let config = folder.file("config.yaml")
        try "history:\n  enabled: false\n".write(toFile: config, atomically: true, encoding: .utf8)
        let runs = [
            try await share(["--to", "file", PackageRoot.exampleCard, "--dry-run"]),
            try await share(["--to", "file", PackageRoot.exampleCard], environment: ["SHAREVIA_NO_HISTORY": "1"]),
            try await share(["--to", "file", PackageRoot.exampleCard, "--config", config]),
        ]
        for run in runs { #expect(run.status == 0, "\(run.stderr)") }
        #expect(!FileManager.default.fileExists(atPath: database))
        // The same share with history on is recorded: the checks above can fail.
        _ = try await share(
            ["--to", "file", PackageRoot.exampleCard, "--config", config],
            environment: ["SHAREVIA_NO_HISTORY": "0"]
        )
        #expect(!FileManager.default.fileExists(atPath: database), "the config file's false still holds")
        _ = try await share(["--to", "file", PackageRoot.exampleCard])
        #expect(try await PythonSQLite.rows(database, "SELECT count(*) FROM shares") == [[.number(1)]])
    }

    @Test func aCardShareRecordsTheCardsKindAndTheme() async throws {
        let run = try await share(["--to", "file", "--card", "\(PackageRoot.path)/examples/cards/streak.json"])
        #expect(run.status == 0, "\(run.stderr)")
        let rows = try await PythonSQLite.rows(database, "SELECT card_kind, card_theme IS NOT NULL FROM shares")
        #expect(rows == [[.text("streak"), .number(1)]])
        let listed = try await ShareviaProcess.run(["history", "--kind", "streak", "--json"], environment: environment)
        #expect(listed.status == 0, "\(listed.stderr)")
        let object = try #require(try JSONSerialization.jsonObject(with: Data(listed.stdoutBytes)) as? [String: Any])
        let shares = try #require(object["shares"] as? [[String: Any]])
        #expect(shares.count == 1)
        #expect((shares.first?["card"] as? [String: Any])?["kind"] as? String == "streak")
    }

    /// A newer sharevia's database: the share still succeeds with a warning after its report,
    /// `history` and `stats` refuse it with exit 65, and the file is not changed.
    @Test func aNewerDatabaseIsRefusedUnchangedAndTheShareStillSucceeds() async throws {
        _ = try await PythonSQLite.run(
            """
            import os, sqlite3, sys
            os.makedirs(os.path.dirname(sys.argv[1]))
            db = sqlite3.connect(sys.argv[1])
            db.execute("CREATE TABLE shares (id TEXT)")
            db.execute("PRAGMA user_version = 99")
            db.commit()
            """,
            [database]
        )
        let before = try Data(contentsOf: URL(fileURLWithPath: database))

        let run = try await share(["--to", "file", PackageRoot.exampleCard])
        #expect(run.status == 0)
        let lines = run.stderr.split(separator: "\n").map(String.init)
        #expect(lines.last?.hasPrefix("warning: history: this share was not recorded: ") == true, "\(run.stderr)")
        #expect(run.stderr.contains("a newer sharevia wrote this history database (schema version 99"))
        #expect(lines.firstIndex { $0.contains("delivered by file") }! < lines.count - 1, "after the report")

        for command in [["history"], ["stats"], ["history", "--csv"]] {
            let refused = try await ShareviaProcess.run(command, environment: environment)
            #expect(refused.status == 65, "\(command)")
            #expect(refused.stdout.isEmpty)
            #expect(refused.stderr.contains("a newer sharevia wrote this history database"), "\(refused.stderr)")
        }
        #expect(try Data(contentsOf: URL(fileURLWithPath: database)) == before)
    }

    @Test func csvIsRFC4180AndDefusesFormulas() async throws {
        for text in ["=HYPERLINK(\"http://evil\")", "plain, with \"quotes\"\nand a line", "+2-3", "@SUM(A1)"] {
            let run = try await share(["--to", "file", "--text", text, "--keep-content"])
            #expect(run.status == 0, "\(run.stderr)")
        }
        let listed = try await ShareviaProcess.run(["history", "--csv"], environment: environment)
        #expect(listed.status == 0, "\(listed.stderr)")
        #expect(
            listed.stdout.hasPrefix(
                "id,time,outcome,delivered_by,exit_code,card_kind,card_theme,chain,attempts,reasons,text\r\n"
            )
        )
        // Python's csv module reads it back: each text as it was, a formula with a leading '.
        let texts = try await PythonSQLite.run(
            "import csv, io, json, sys; print(json.dumps([r['text'] for r in csv.DictReader(io.StringIO(sys.argv[1], newline=''))]))",
            [listed.stdout]
        )
        let decoded = try JSONDecoder().decode([String].self, from: Data(texts.utf8))
        #expect(
            decoded == [
                "'@SUM(A1)", "'+2-3", "plain, with \"quotes\"\nand a line", "'=HYPERLINK(\"http://evil\")",
            ]
        )
    }

    @Test func statsCountsPerDestinationAndCardKind() async throws {
        _ = try await share(["--to", "file", PackageRoot.exampleCard])
        _ = try await share(["--to", "clipboard", "--text", "a"], environment: ["SHAREVIA_UNAVAILABLE": "clipboard"])
        _ = try await share(["--to", "file", "--card", "\(PackageRoot.path)/examples/cards/streak.json"])
        let run = try await ShareviaProcess.run(["stats", "--json"], environment: environment)
        #expect(run.status == 0, "\(run.stderr)")
        let object = try #require(try JSONSerialization.jsonObject(with: Data(run.stdoutBytes)) as? [String: Any])
        let statistics = try #require(object["statistics"] as? [String: Any])
        #expect(statistics["shares"] as? Int == 3)
        let destinations = try #require(statistics["destinations"] as? [[String: Any]])
        let file = try #require(destinations.first { $0["destination"] as? String == "file" })
        #expect(file["attempts"] as? Int == 3)
        #expect(file["delivered"] as? Int == 3)
        let clipboard = try #require(destinations.first { $0["destination"] as? String == "clipboard" })
        #expect(clipboard["fallenBackFrom"] as? Int == 1)
        #expect(clipboard["failureReasons"] as? [String: Int] == ["unavailable": 1])
        let kinds = try #require(statistics["cardKinds"] as? [[String: Any]])
        #expect(kinds.count == 1)
        #expect(kinds.first?["kind"] as? String == "streak")
        #expect(kinds.first?["deliveredBy"] as? [String: Int] == ["file": 1])

        let text = try await ShareviaProcess.run(["stats"], environment: environment)
        #expect(text.stdout.hasPrefix("3 shares: delivered 2, delivered-by-fallback 1\n"), "\(text.stdout)")
        #expect(text.stdout.contains("streak     1       file 1"), "\(text.stdout)")
    }

    @Test func sinceTakesDatesAndSpansAndRefusesOtherText() async throws {
        _ = try await share(["--to", "file", PackageRoot.exampleCard])
        for since in ["1d", "2026-01-01", "2026-01-01T00:00Z", "2026-01-01T02:00+02:00"] {
            let run = try await ShareviaProcess.run(["history", "--since", since, "--json"], environment: environment)
            #expect(run.status == 0, "\(since): \(run.stderr)")
            let object = try JSONSerialization.jsonObject(with: Data(run.stdoutBytes)) as? [String: Any]
            #expect((object?["shares"] as? [Any])?.count == 1, "\(since)")
        }
        let future = try await ShareviaProcess.run(["history", "--since", "9999-01-01"], environment: environment)
        #expect(future.stdout.hasPrefix("No shares recorded since then"))
        let bad = try await ShareviaProcess.run(["stats", "--since", "last tuesday"], environment: environment)
        #expect(bad.status == 64)
        #expect(bad.stderr.contains("--since 'last tuesday' is not a time; write a date (2026-11-01, UTC)"))
    }
}
