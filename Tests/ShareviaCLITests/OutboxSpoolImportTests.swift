import Foundation
import TestSupport
import Testing

/// The `outbox` commands open the database, so they import the history spool first, as `history`
/// does: the spool empties and its warnings are on standard error.
@Suite struct OutboxSpoolImportTests {
    let folder = TemporaryFolder("cli-outbox-spool")
    var state: String { folder.file("state") }
    var database: String { folder.file("state/sharevia/sharevia.sqlite") }
    var spool: String { folder.file("state/sharevia/history-spool") }
    var environment: [String: String] { ["XDG_STATE_HOME": state] }

    @Test(arguments: [["outbox"], ["outbox", "--json"], ["outbox", "run"], ["outbox", "retry", "--all"]])
    func anOutboxCommandImportsTheSpooledSharesWithItsWarnings(_ command: [String]) async throws {
        for _ in 1...2 {
            let share = try await ShareviaProcess.run(
                ["--to", "file", PackageRoot.exampleCard, "--out", folder.file("out")],
                environment: environment
            )
            #expect(share.status == 0, "\(share.stderr)")
        }
        #expect(try FileManager.default.contentsOfDirectory(atPath: spool).count == 2)
        try Data("not json".utf8).write(to: URL(fileURLWithPath: "\(spool)/broken.json"))

        let run = try await ShareviaProcess.run(command, environment: environment)

        #expect(run.status == 0, "\(run.stderr)")
        #expect(
            run.stderr.contains(
                "warning: history: \(spool)/broken.json was moved to \(spool)/broken.json.damaged: history spool: not a spooled share"
            ),
            "\(run.stderr)"
        )
        #expect(try FileManager.default.contentsOfDirectory(atPath: spool) == ["broken.json.damaged"])
        #expect(try await PythonSQLite.rows(database, "SELECT count(*) FROM shares") == [[.number(2)]])
    }

    @Test func dropImportsTheSpoolBeforeItLooksForTheItem() async throws {
        let share = try await ShareviaProcess.run(
            ["--to", "file", PackageRoot.exampleCard, "--out", folder.file("out")],
            environment: environment
        )
        #expect(share.status == 0, "\(share.stderr)")

        let drop = try await ShareviaProcess.run(["outbox", "drop", "1"], environment: environment)

        #expect(drop.status == 64, "\(drop.stderr)")
        #expect(drop.stderr.contains("the outbox has no item 1"), "\(drop.stderr)")
        #expect(try FileManager.default.contentsOfDirectory(atPath: spool) == [])
        #expect(try await PythonSQLite.rows(database, "SELECT count(*) FROM shares") == [[.number(1)]])
    }
}
