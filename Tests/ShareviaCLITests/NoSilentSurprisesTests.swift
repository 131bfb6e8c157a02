import Foundation
import TestSupport
import Testing

/// Issue 28, "No silent surprises": what a new user met, each through the built binary. Every
/// test failed before the change it pins.
@Suite struct NoSilentSurprisesTests {
    let folder = TemporaryFolder("surprises")

    /// The `url:` line of a dry run's text output.
    private static func intentURL(_ run: ShareviaProcess.Run) -> String {
        run.stdout.split(separator: "\n").first { $0.hasPrefix("  url: ") }.map { String($0.dropFirst(7)) } ?? ""
    }

    /// The text an X intent URL carries, decoded.
    private static func intentText(_ run: ShareviaProcess.Run) -> String {
        let url = intentURL(run)
        let items = URLComponents(string: url)?.queryItems ?? []
        return items.first { $0.name == "text" }?.value ?? ""
    }

    @Test func aRepeatedTextIsRefusedSayingWhatToDo() async throws {
        let run = try await ShareviaProcess.run(["--to", "x", "--text", "first", "--text", "second", "--dry-run"])
        #expect(run.status == 64)
        #expect(
            run.stderr.hasPrefix(
                "Error: --text was given more than once with different values, and it takes one; "
                    + "put all of the text in one --text, or pipe it in with --text -\n"
            ),
            "\(run.stderr)"
        )
        #expect(run.stdout.isEmpty)
        // The same value twice leaves nothing to choose between.
        let same = try await ShareviaProcess.run(
            ["--to", "x", "--text", "same", "--text", "same", "--dry-run", "--no-fallback"]
        )
        #expect(same.status == 0, "\(same.stderr)")
        // Another single-valued option is refused the same way, without repeating its values.
        let title = try await ShareviaProcess.run(
            ["--to", "x", "--text", "a", "--title", "secret-one", "--title", "secret-two", "--dry-run"]
        )
        #expect(title.status == 64)
        #expect(title.stderr.contains("--title was given more than once"))
        #expect(!title.stderr.contains("secret-one") && !title.stderr.contains("secret-two"))
    }

    @Test(arguments: [
        ("Day 7\n", "Day 7"), ("Day 7\r\n", "Day 7"), ("two\nlines\n\n", "two\nlines\n"), ("Day 7", "Day 7"),
    ])
    func oneFinalLineEndingOfStandardInputIsDropped(input: String, posted: String) async throws {
        let run = try await ShareviaProcess.run(
            ["--to", "x", "--text", "-", "--dry-run", "--no-fallback"],
            input: Array(input.utf8)
        )
        #expect(run.status == 0, "\(run.stderr)")
        #expect(Self.intentText(run) == posted, "\(Self.intentURL(run))")
    }

    @Test func redditSaysTheTextIsNotCarriedWhenATitleIsGiven() async throws {
        let run = try await ShareviaProcess.run(
            ["--to", "reddit", "--title", "T", "--text", "B", "--dry-run", "--no-fallback"]
        )
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.stdout.contains("note: text not carried (Reddit's submit page takes a title and a link"))
        // Without a title the text is the title: nothing is left out.
        let untitled = try await ShareviaProcess.run(["--to", "reddit", "--text", "B", "--dry-run", "--no-fallback"])
        #expect(untitled.status == 0, "\(untitled.stderr)")
        #expect(!untitled.stdout.contains("not carried"))
        #expect(Self.intentURL(untitled).hasSuffix("title=B"))
    }

    @Test func xTrimsAtAWordBoundaryWhenOneIsWithinReach() async throws {
        // 273 characters, then "who chooses": the cut falls inside "chooses".
        let body = String(repeating: "a", count: 260) + " twelve char who chooses to keep going"
        let run = try await ShareviaProcess.run(["--to", "x", "--text", body, "--dry-run", "--no-fallback"])
        #expect(run.status == 0, "\(run.stderr)")
        let posted = Self.intentText(run)
        #expect(posted.hasSuffix("…"), "\(posted)")
        let kept = String(posted.dropLast())
        #expect(body.hasPrefix(kept))
        // It ends on a whole word: the next character of the body is a space.
        #expect(body.dropFirst(kept.count).first == " ", "cut mid-word: …\(kept.suffix(12))")
        #expect(kept.hasSuffix(" who") || kept.hasSuffix(" char") || kept.hasSuffix(" twelve"), "\(kept.suffix(20))")
    }

    @Test func xTrimsJapaneseAndALongWordAtAGraphemeBoundary() async throws {
        // Japanese needs no spaces: every character boundary is a word boundary.
        let japanese = String(repeating: "日本語の文章です。", count: 40)
        let run = try await ShareviaProcess.run(["--to", "x", "--text", japanese, "--dry-run", "--no-fallback"])
        #expect(run.status == 0, "\(run.stderr)")
        let posted = Self.intentText(run)
        #expect(posted.hasSuffix("…"))
        #expect(japanese.hasPrefix(String(posted.dropLast())))
        #expect(run.stdout.contains("/280 (trimmed "), "\(run.stdout)")
        // A space within reach is not needed, nor taken, to end Japanese on a word: all of the
        // 139 characters that fit are kept (a cut back to the space would keep 130).
        let spaced = String(repeating: "語", count: 130) + " " + String(repeating: "語", count: 40)
        let mixed = try await ShareviaProcess.run(["--to", "x", "--text", spaced, "--dry-run", "--no-fallback"])
        #expect(mixed.status == 0, "\(mixed.stderr)")
        #expect(Self.intentText(mixed).count >= 138, "\(Self.intentText(mixed).count)")
        // A word longer than the reach is cut where it must be, not given up.
        let word = String(repeating: "b", count: 400)
        let long = try await ShareviaProcess.run(["--to", "x", "--text", "a " + word, "--dry-run", "--no-fallback"])
        #expect(long.status == 0, "\(long.stderr)")
        #expect(Self.intentText(long).hasSuffix("bb…"))
        #expect(Self.intentText(long).count >= 270, "\(Self.intentText(long).count)")
    }

    @Test func aDryRunShowsTheNumberedNamesTheRunWillUse() async throws {
        let out = folder.file("out")
        let first = try await ShareviaProcess.run(["--to", "file", PackageRoot.exampleCard, "--out", out])
        #expect(first.status == 0, "\(first.stderr)")
        let dry = try await ShareviaProcess.run(["--to", "file", PackageRoot.exampleCard, "--out", out, "--dry-run"])
        #expect(dry.status == 0, "\(dry.stderr)")
        #expect(
            dry.stdout.contains(
                "note: card.png is already in \(out), so the files get the next free number: card-1.png, card-1.share.json"
            ),
            "\(dry.stdout)"
        )
        let second = try await ShareviaProcess.run(["--to", "file", PackageRoot.exampleCard, "--out", out])
        #expect(second.status == 0, "\(second.stderr)")
        #expect(Set(folder.names(in: "out")) == ["card.png", "card.share.json", "card-1.png", "card-1.share.json"])
        // Into an empty folder, no number and no note.
        let fresh = try await ShareviaProcess.run(
            ["--to", "file", PackageRoot.exampleCard, "--out", folder.file("fresh"), "--dry-run"]
        )
        #expect(!fresh.stdout.contains("next free number"))
    }

    @Test(
        arguments: [
            (
                ["--timeout", "0"],
                "Error: --timeout must be a number of seconds above 0 and at most 3600, such as 30\n"
            ),
            (
                ["--timeout", "-5"],
                "Error: --timeout must be a number of seconds above 0 and at most 3600, such as 30\n"
            ),
            (["--retries", "-1"], "Error: --retries must be a whole number from 0 to 10, such as 2\n"),
            (["--retries", "11"], "Error: --retries must be a whole number from 0 to 10, such as 2\n"),
        ] as [([String], String)]
    )
    func aBadTimeoutOrRetriesSaysWhatIsAccepted(flags: [String], message: String) async throws {
        let run = try await ShareviaProcess.run(["--to", "file", "--text", "hi", "--dry-run"] + flags)
        #expect(run.status == 64)
        #expect(run.stderr.hasPrefix(message), "\(run.stderr)")
    }

    @Test(arguments: ["empty.png", "empty.txt"])
    func anEmptyAttachmentSaysItIsEmpty(name: String) async throws {
        let path = try folder.write([UInt8](), named: name)
        let run = try await ShareviaProcess.run(["--to", "file", path, "--out", folder.file("out"), "--dry-run"])
        #expect(run.status == 64)
        #expect(
            run.stderr
                == "error: '\(path)' is empty (0 bytes), so there is nothing to attach; check the path, or write the file first\n"
        )
    }

    @Test func aTextFileForTheClipboardOffersItsTextAsText() async throws {
        let notes = try folder.write(Array("# Notes\nDay 7\n".utf8), named: "NOTES.md")
        let run = try await ShareviaProcess.run(["--to", "clipboard", notes, "--dry-run", "--no-fallback"])
        #expect(
            run.stdout.contains("to share the text of \(notes) instead, pass it as text: --text - < \(notes)"),
            "\(run.stdout)"
        )
        // And that works.
        let text = try await ShareviaProcess.run(
            ["--to", "clipboard", "--text", "-", "--dry-run", "--no-fallback"],
            input: Array("# Notes\nDay 7\n".utf8)
        )
        #expect(text.stdout.contains("would be skipped") == false, "\(text.stdout)")
        #expect(text.stdout.contains("| Day 7"))
    }

    @Test func theSMSNoteAgreesWithWhatCanCarryTheImage() async throws {
        let arguments = [
            "--to", "sms", "--sms-to", "+14155550123", PackageRoot.exampleCard, "--text", "Day 7", "--dry-run",
            "--no-fallback",
        ]
        // No KDE Connect: the image is not carried, and nothing says it is sent.
        let without = try await ShareviaProcess.run(arguments, environment: ["PATH": "/usr/bin:/bin"])
        #expect(without.status == 0, "\(without.stderr)")
        #expect(
            without.stdout.contains(
                "note: image card.png: not carried (an sms: URI takes text only), and kdeconnect-cli is not installed"
            ),
            "\(without.stdout)"
        )
        #expect(!without.stdout.contains("sent as an attachment"))
        // With kdeconnect-cli installed, the note says what sending it depends on.
        let bin = folder.file("bin")
        try FileManager.default.createDirectory(atPath: bin, withIntermediateDirectories: true)
        let tool = "\(bin)/kdeconnect-cli"
        try "#!/bin/sh\nexit 0\n".write(toFile: tool, atomically: true, encoding: .utf8)
        chmod(tool, 0o755)
        let with = try await ShareviaProcess.run(arguments, environment: ["PATH": "\(bin):/usr/bin:/bin"])
        #expect(with.status == 0, "\(with.stderr)")
        #expect(with.stdout.contains("note: image card.png: sent as an attachment if a paired phone is reachable"))
        #expect(!with.stdout.contains("kdeconnect-cli is not installed"))
    }
}
