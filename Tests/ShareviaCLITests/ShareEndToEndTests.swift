import Foundation
import ProcessRunning
import TestSupport
import Testing

/// The built binary, end to end: exit codes, the --json report, --dry-run, bad input.
@Suite struct ShareEndToEndTests {
    let folder = TemporaryFolder("cli")
    var out: String { "\(folder.path)/out" }

    @Test func fileExportWritesAByteIdenticalCopyAndAManifest() async throws {
        let run = try await ShareviaProcess.run(["--to", "file", PackageRoot.exampleCard, "--out", out])
        #expect(run.status == 0, "\(run.stderr)")
        #expect(folder.names(in: "out") == ["card.png", "card.share.json"])
        #expect(
            FileManager.default.contents(atPath: "\(out)/card.png")
                == FileManager.default.contents(atPath: PackageRoot.exampleCard)
        )
        #expect(run.stdout == "\(out)/card.png\n\(out)/card.share.json\n")
        #expect(run.stderr.contains("delivered by file"))
    }

    @Test func unavailableVariableFallsBackToTheFileExportWithExitCode3() async throws {
        let run = try await ShareviaProcess.run(
            ["--to", "clipboard", PackageRoot.exampleCard, "--out", out, "--json"],
            environment: ["SHAREVIA_UNAVAILABLE": "clipboard", "DISPLAY": ":0"]
        )
        #expect(run.status == 3, "\(run.stderr)")
        let report = try #require(try JSONSerialization.jsonObject(with: Data(run.stdoutBytes)) as? [String: Any])
        #expect(report["outcome"] as? String == "delivered-by-fallback")
        #expect(report["deliveredBy"] as? String == "file")
        #expect(report["exitCode"] as? Int == 3)
        let attempts = try #require(report["attempts"] as? [[String: Any]])
        #expect(attempts.first?["destination"] as? String == "clipboard")
        #expect(attempts.first?["result"] as? String == "unavailable")
        #expect(attempts.first?["reason"] as? String == "marked unavailable by SHAREVIA_UNAVAILABLE")
        #expect(
            FileManager.default.contents(atPath: "\(out)/card.png")
                == FileManager.default.contents(atPath: PackageRoot.exampleCard)
        )
    }

    @Test func nothingDeliveredExitsWith4AndWritesNothing() async throws {
        let run = try await ShareviaProcess.run(
            ["--to", "clipboard", PackageRoot.exampleCard, "--out", out, "--unavailable", "clipboard,file"])
        #expect(run.status == 4)
        #expect(run.stderr.contains("marked unavailable by --unavailable"))
        #expect(run.stderr.contains("not delivered"))
        #expect(!FileManager.default.fileExists(atPath: out))
    }

    @Test func dryRunShowsEachDestinationAndDeliversNothing() async throws {
        let run = try await ShareviaProcess.run(
            ["--to", "file", PackageRoot.exampleCard, "--text", "Seven days 🔥", "--out", out, "--dry-run", "--json"])
        #expect(run.status == 0, "\(run.stderr)")
        #expect(!FileManager.default.fileExists(atPath: out))
        let preview = try #require(try JSONSerialization.jsonObject(with: Data(run.stdoutBytes)) as? [String: Any])
        let entries = try #require(preview["destinations"] as? [[String: Any]])
        #expect(entries.map { $0["destination"] as? String } == ["file", "clipboard"])
        #expect(entries.first?["text"] as? String == "Seven days 🔥")
        let fields = try #require(entries.first?["fields"] as? [[String: String]])
        #expect(fields.contains { $0["name"] == "attachment" && $0["value"] == "card.png" })
    }

    @Test func dryRunAsText() async throws {
        let run = try await ShareviaProcess.run(["--to", "file", "--text", "hello", "--out", out, "--dry-run"])
        #expect(run.status == 0)
        #expect(run.stdout.contains("dry run: nothing is delivered"))
        #expect(run.stdout.contains("== file"))
        #expect(run.stdout.contains("    | hello"))
        #expect(!FileManager.default.fileExists(atPath: out))
    }

    @Test func unknownDestinationIsAUsageError() async throws {
        let run = try await ShareviaProcess.run(["--to", "myspace", PackageRoot.exampleCard, "--out", out])
        #expect(run.status == 64)
        #expect(run.stderr.contains("unknown destination 'myspace'"))
        #expect(run.stderr.contains("sharevia destinations"))
        #expect(!FileManager.default.fileExists(atPath: out))
    }

    @Test func missingFileIsNamed() async throws {
        let run = try await ShareviaProcess.run(["--to", "file", "\(folder.path)/nope.png", "--out", out])
        #expect(run.status == 64)
        #expect(run.stderr.contains("\(folder.path)/nope.png: no such file"))
        #expect(!FileManager.default.fileExists(atPath: out))
    }

    @Test func directoryIsNotAFile() async throws {
        let run = try await ShareviaProcess.run(["--to", "file", folder.path, "--out", out])
        #expect(run.status == 64)
        #expect(run.stderr.contains("\(folder.path) is a directory"))
        #expect(!FileManager.default.fileExists(atPath: out))
    }

    @Test func unreadableFileIsNamedWithTheReason() async throws {
        // Root reads any file, so as root the test runs sharevia as nobody through setpriv.
        let shared = "\(folder.path)/shared"
        try FileManager.default.createDirectory(
            atPath: shared,
            withIntermediateDirectories: false,
            attributes: [.posixPermissions: 0o777]
        )
        try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: folder.path)
        let card = "\(shared)/locked.png"
        #expect(
            FileManager.default.createFile(
                atPath: card,
                contents: Data("png".utf8),
                attributes: [.posixPermissions: 0o000]
            )
        )
        var arguments = ["--to", "file", card, "--out", "\(shared)/out"]
        var program = ShareviaProcess.binary
        if getuid() == 0 {
            program = try RequiredTools.path("setpriv", package: "util-linux")
            arguments = ["--reuid=65534", "--regid=65534", "--clear-groups", ShareviaProcess.binary] + arguments
        }
        let run = try await ProcessRunner().run(program, arguments: arguments, environment: ["PATH": "/usr/bin:/bin"])
        #expect(run.exitStatus == 64, "\(run.errorText)")
        #expect(run.errorText.contains("\(card) can't be read: Permission denied"))
        #expect(!FileManager.default.fileExists(atPath: "\(shared)/out"))
    }

    @Test func nothingToShareIsAUsageError() async throws {
        let run = try await ShareviaProcess.run(["--to", "file", "--out", out])
        #expect(run.status == 64)
        #expect(run.stderr.contains("nothing to share"))
    }

    @Test func textFromStandardInput() async throws {
        let run = try await ShareviaProcess.run(
            ["--to", "file", "--text", "-", "--out", out],
            input: Array("from stdin ✓\n".utf8)
        )
        #expect(run.status == 0, "\(run.stderr)")
        // The final line ending of standard input is dropped (issue 28); the text file ends with one.
        #expect(FileManager.default.contents(atPath: "\(out)/share.txt") == Data("from stdin ✓\n".utf8))
    }

    @Test func invalidUTF8OnStandardInputIsRefused() async throws {
        let run = try await ShareviaProcess.run(
            ["--to", "file", "--text", "-", "--out", out],
            input: [0x68, 0x69, 0xC3, 0x28]
        )
        #expect(run.status == 64)
        #expect(run.stderr.contains("not valid UTF-8 (first bad byte at offset 2)"))
        #expect(!FileManager.default.fileExists(atPath: out))
    }

    @Test func invalidUTF8ArgumentIsRefused() async throws {
        // The shell passes the raw byte 0xFF, which Swift's String would otherwise repair silently.
        let raw = try await ProcessRunner().run(
            "/bin/sh",
            arguments: [
                "-c", "\"$0\" --to file --text \"$(printf 'a\\377')\" --out \"$1\"", ShareviaProcess.binary, out,
            ]
        )
        #expect(raw.exitStatus == 64)
        #expect(raw.errorText.contains("argument 4 is not valid UTF-8"))
        #expect(!FileManager.default.fileExists(atPath: out))
    }

    @Test func versionAndDestinationsList() async throws {
        let version = try await ShareviaProcess.run(["--version"])
        #expect(version.status == 0)
        #expect(version.stdout.trimmingCharacters(in: .whitespacesAndNewlines).split(separator: ".").count == 3)
        let list = try await ShareviaProcess.run(["destinations", "--json", "--unavailable", "clipboard"])
        #expect(list.status == 0)
        let entries = try #require(try JSONSerialization.jsonObject(with: Data(list.stdoutBytes)) as? [[String: Any]])
        let file = try #require(entries.first { $0["id"] as? String == "file" })
        #expect(file["available"] as? Bool == true)
        let clipboard = try #require(entries.first { $0["id"] as? String == "clipboard" })
        #expect(clipboard["available"] as? Bool == false)
        #expect(clipboard["reason"] as? String == "marked unavailable by --unavailable")
    }

    @Test func aKilledExportNeverLeavesAPartialFileUnderTheFinalName() async throws {
        // A 512 MB sparse file takes long enough to copy that the kill lands mid-write.
        let big = "\(folder.path)/big.bin"
        #expect(FileManager.default.createFile(atPath: big, contents: nil))
        let handle = try FileHandle(forWritingTo: URL(fileURLWithPath: big))
        try handle.truncate(atOffset: 512 << 20)
        try handle.close()
        let run = try await ShareviaProcess.run(["--to", "file", big, "--out", out], timeout: .milliseconds(300))
        #expect(run.status == nil, "the export finished before it could be killed; make the file bigger")
        let written = folder.names(in: "out").filter { !$0.hasPrefix(".sharevia-tmp-") }
        if written.contains("big.bin") {
            let size = try FileManager.default.attributesOfItem(atPath: "\(out)/big.bin")[.size] as? Int
            #expect(size == 512 << 20)
        }
        #expect(written.allSatisfy { $0 == "big.bin" || $0 == "big.share.json" })
    }
}
