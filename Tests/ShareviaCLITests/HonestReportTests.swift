import Foundation
import TestSupport
import Testing

/// Issue 10, through the built binary: hand-offs are not called deliveries, a real share's report
/// carries what shaping changed, and the command-line defects found by trying it stay fixed.
@Suite struct HonestReportTests {
    let folder = TemporaryFolder("cli")
    var out: String { "\(folder.path)/out" }

    private func json(_ run: ShareviaProcess.Run) throws -> [String: Any] {
        try #require(try JSONSerialization.jsonObject(with: Data(run.stdoutBytes)) as? [String: Any], "\(run.stdout)")
    }

    @Test func aWebIntentIsHandedOffNotDelivered() async throws {
        let run = try await ShareviaProcess.run(["--to", "x", "--text", "hi", "--no-fallback"])
        #expect(run.status == 0, "a hand-off by the first destination is success: \(run.stderr)")
        #expect(run.stderr.contains("✓ x: handed off: printed the intent URL; open this URL to post: https://"))
        #expect(run.stderr.contains("handed off by x: the share is not posted until you finish it"))
        #expect(!run.stderr.contains("delivered by x"))
        #expect(run.stdout == "https://twitter.com/intent/tweet?text=hi\n")

        let report = try json(try await ShareviaProcess.run(["--to", "x", "--text", "hi", "--no-fallback", "--json"]))
        #expect(report["outcome"] as? String == "handed-off")
        #expect(report["exitCode"] as? Int == 0)
        let receipt = try #require(report["receipt"] as? [String: Any])
        #expect(receipt["outcome"] as? String == "handed-off")
        #expect((receipt["nextStep"] as? String)?.hasPrefix("open this URL to post: https://twitter.com/") == true)
        let attempts = try #require(report["attempts"] as? [[String: Any]])
        #expect(attempts.map { $0["result"] as? String } == ["handed-off"])
    }

    @Test func aFallbackHandOffExitsWith3() async throws {
        let run = try await ShareviaProcess.run(
            ["--to", "file", "--fallback", "bluesky", "--unavailable", "file", "--text", "hi", "--json"])
        #expect(run.status == 3, "\(run.stderr)")
        let report = try json(run)
        #expect(report["outcome"] as? String == "handed-off-by-fallback")
        #expect(report["deliveredBy"] as? String == "bluesky")
    }

    @Test func aRealShareReportsWhatShapingChanged() async throws {
        let long = String(repeating: "word ", count: 85) + "end"  // 428 characters
        let arguments = [
            "--to", "x", PackageRoot.exampleCard, "--text", long, "--hashtag", "one", "--hashtag", "two",
            "--hashtag", "three", "--no-fallback",
        ]
        let run = try await ShareviaProcess.run(arguments)
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.stderr.contains("note: image not carried (web intents take text only)"), "\(run.stderr)")
        #expect(run.stderr.contains("note: trimmed"), "\(run.stderr)")
        #expect(run.stderr.contains("note: dropped #one"), "\(run.stderr)")
        // Cut after a whole word (issue 28): "word " is 5 characters, so at most 4 are given back.
        #expect((276...280).contains { run.stderr.contains("x: \($0)/280") }, "\(run.stderr)")

        let report = try json(try await ShareviaProcess.run(arguments + ["--json"]))
        let notes = try #require(report["notes"] as? [String])
        #expect(notes.contains("image not carried (web intents take text only)"))
        #expect(notes.contains { $0.hasPrefix("trimmed") })
        let attempts = try #require(report["attempts"] as? [[String: Any]])
        #expect((attempts.first?["prepared"] as? String)?.hasPrefix("x: 2") == true)
        #expect(attempts.first?["notes"] as? [String] == notes)
    }

    @Test func aTextFileNamedPNGIsRefusedEverywhere() async throws {
        let fake = folder.path + "/fake.png"
        try Data("just text\n".utf8).write(to: URL(fileURLWithPath: fake))
        for destination in ["clipboard", "file"] {
            let run = try await ShareviaProcess.run(["--to", destination, fake, "--out", out])
            #expect(run.status == 64, "\(destination): \(run.stderr)")
            #expect(run.stderr.contains("'\(fake)' is named as image/png but its bytes are not a PNG"), "\(run.stderr)")
        }
        #expect(!FileManager.default.fileExists(atPath: out))
        let inspect = try await ShareviaProcess.run(["image", "inspect", fake])
        #expect(inspect.status == 65)
    }

    @Test func repeatedToOptionsAllJoinTheChain() async throws {
        for arguments in [
            ["--to", "x", "--to", "bluesky", "--text", "hi", "--dry-run", "--json"],
            ["--to=x", "--to=bluesky", "--text", "hi", "--dry-run", "--json"],
            ["--to", "x", "--to", "bluesky", "--text=-hi", "--dry-run", "--json"],  // declined by the fast path
        ] {
            let run = try await ShareviaProcess.run(arguments)
            let destinations = try #require(try json(run)["destinations"] as? [[String: Any]], "\(arguments)")
            #expect(
                destinations.map { $0["destination"] as? String } == ["x", "bluesky", "clipboard", "file"],
                "\(arguments)"
            )
        }
    }

    @Test func unknownUnavailableIdsAreAUsageErrorInTheFlagAndAWarningInTheVariable() async throws {
        let flag = try await ShareviaProcess.run([
            "--to", "file", "--text", "hi", "--out", out, "--unavailable", "instagramm",
        ])
        #expect(flag.status == 64)
        #expect(
            flag.stderr.contains("error: --unavailable names unknown destination 'instagramm'. Known destinations: ")
        )
        #expect(!FileManager.default.fileExists(atPath: out))

        let variable = try await ShareviaProcess.run(
            ["--to", "file", "--text", "hi", "--out", out],
            environment: ["SHAREVIA_UNAVAILABLE": "nope,clipboard"]
        )
        #expect(variable.status == 0, "\(variable.stderr)")
        #expect(variable.stderr.contains("warning: SHAREVIA_UNAVAILABLE names unknown destination 'nope'; ignoring it"))
        #expect(!variable.stderr.contains("'clipboard'"))

        let listing = try await ShareviaProcess.run(["destinations", "--unavailable", "nope"])
        #expect(listing.status == 64)
    }

    @Test(arguments: [
        ["--to", "nope", "--text", "hi", "--json"],
        ["--to", "x", "--text", "hi", "--json", "--bogus"],
        ["--to", "x", "--json"],
        ["--to", "x", "--text", "hi", "--json", "--unavailable", "nope"],
        ["destinations", "--json", "--unavailable", "nope"],
    ])
    func usageErrorsWithJSONPrintAJSONErrorObject(arguments: [String]) async throws {
        let run = try await ShareviaProcess.run(arguments)
        #expect(run.status == 64)
        let object = try json(run)
        #expect(object["exitCode"] as? Int == 64)
        let error = try #require(object["error"] as? [String: Any])
        #expect(error["code"] as? String == "usage")
        let message = try #require(error["message"] as? String)
        #expect(!message.isEmpty && run.stderr.contains(message), "stderr keeps the message: \(run.stderr)")
    }

    @Test func dryRunShowsTheOutFolder() async throws {
        let run = try await ShareviaProcess.run(["--to", "file", PackageRoot.exampleCard, "--dry-run", "--out", out])
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.stdout.contains("== file: available, folder \(out)\n"), "\(run.stdout)")
        #expect(!run.stdout.contains("default folder"))
    }

    @Test func anOutPathThroughAFileNamesTheFolderOnce() async throws {
        let file = folder.path + "/plain"
        try Data("x".utf8).write(to: URL(fileURLWithPath: file))
        let run = try await ShareviaProcess.run(
            ["--to", "file", "--text", "hi", "--out", file + "/sub", "--no-fallback"])
        #expect(run.status == 4)
        #expect(run.stderr.contains("can't create the folder \(file)/sub: Not a directory"), "\(run.stderr)")
        #expect(run.stderr.components(separatedBy: "\(file)/sub").count == 2, "named once: \(run.stderr)")
    }

    @Test func destinationsNamesWhatEachCanConfirm() async throws {
        let run = try await ShareviaProcess.run(["destinations", "--json"])
        let entries = try #require(try JSONSerialization.jsonObject(with: Data(run.stdoutBytes)) as? [[String: Any]])
        let outcomes = Dictionary(
            uniqueKeysWithValues: entries.map { ($0["id"] as? String ?? "", $0["outcomes"] as? [String] ?? []) }
        )
        #expect(outcomes["file"] == ["delivered"])
        #expect(outcomes["clipboard"] == ["delivered"])
        // Mastodon posts when signed in, and hands off when not.
        #expect(outcomes["mastodon"] == ["delivered", "handed-off"])
        for intent in ["x", "threads", "linkedin", "whatsapp", "telegram", "reddit", "facebook"] {
            #expect(outcomes[intent] == ["handed-off"], "\(intent)")
        }
        // Bluesky posts when signed in and hands off when not.
        #expect(outcomes["bluesky"] == ["delivered", "handed-off"])
        let text = try await ShareviaProcess.run(["destinations"])
        #expect(text.stdout.contains("hands off: a person or app finishes the share"))
    }

    @Test func aDesktopWithoutXdgOpenNamesTheMissingTool() async throws {
        let run = try await ShareviaProcess.run(
            ["destinations"],
            environment: ["DISPLAY": ":0", "PATH": "/nonexistent"]
        )
        #expect(run.stdout.contains("xdg-open is not on PATH"), "\(run.stdout)")
        #expect(!run.stdout.contains("no desktop session"))
    }
}
