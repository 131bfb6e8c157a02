import Foundation
import ProcessRunning
import TestSupport
import Testing

/// Issue 29: `-` among a share's files is an attachment read from standard input
/// (`flameshot gui --raw | sharevia --to bluesky - --text "…"`), through the built binary.
@Suite struct StandardInputAttachmentTests {
    let folder = TemporaryFolder("stdin-attachment")

    /// The files the file export wrote into `out`, by name.
    func written(_ out: String) throws -> [String: Data] {
        var files: [String: Data] = [:]
        for name in try FileManager.default.contentsOfDirectory(atPath: out) {
            files[name] = FileManager.default.contents(atPath: "\(out)/\(name)")
        }
        return files
    }

    @Test func aPNGPipedInIsExportedByteForByte() async throws {
        let card = try #require(FileManager.default.contents(atPath: PackageRoot.exampleCard))
        let out = folder.file("out")
        let run = try await ShareviaProcess.run(["--to", "file", "-", "--out", out], input: Array(card))
        #expect(run.status == 0, "\(run.stderr)")
        let files = try written(out)
        let images = files.filter { $0.key.hasSuffix(".png") }
        #expect(images.count == 1, "\(files.keys)")
        #expect(images.first?.key.hasPrefix("stdin") == true, "\(files.keys)")
        #expect(images.first?.value == card)
    }

    @Test func textOnStandardInputStillWorks() async throws {
        let out = folder.file("out")
        let run = try await ShareviaProcess.run(
            ["--to", "file", "--text", "-", "--out", out],
            input: Array("Seven days in a row\n".utf8)
        )
        #expect(run.status == 0, "\(run.stderr)")
        let texts = try written(out).values.map { String(decoding: $0, as: UTF8.self) }
        #expect(texts.contains { $0.contains("Seven days in a row") }, "\(texts)")
    }

    @Test func theFileDashAndTextDashAreRefusedTogether() async throws {
        let card = try #require(FileManager.default.contents(atPath: PackageRoot.exampleCard))
        let out = folder.file("out")
        let run = try await ShareviaProcess.run(["--to", "file", "-", "--text", "-", "--out", out], input: Array(card))
        #expect(run.status == 64)
        #expect(run.stderr.contains("the file '-' and --text - both want standard input"), "\(run.stderr)")
        #expect(!FileManager.default.fileExists(atPath: out))
    }

    @Test(arguments: [
        (["-", "-"], "'-' is given 2 times, but standard input holds one file"),
        (["-", "--card", "-"], "the file '-' and --card - both want standard input"),
    ])
    func twoReadersOfStandardInputAreRefused(arguments: [String], message: String) async throws {
        let run = try await ShareviaProcess.run(["--to", "file", "--dry-run"] + arguments, input: Array("x".utf8))
        #expect(run.status == 64)
        #expect(run.stderr.contains(message), "\(run.stderr)")
    }

    @Test(arguments: [[UInt8]?.none, .some([])])
    func emptyStandardInputIsRefused(input: [UInt8]?) async throws {
        let out = folder.file("out")
        let run = try await ShareviaProcess.run(["--to", "file", "-", "--out", out], input: input)
        #expect(run.status == 64)
        #expect(run.stderr.contains("standard input is empty"), "\(run.stderr)")
        #expect(!FileManager.default.fileExists(atPath: out))
    }

    /// A terminal on standard input is refused at once with a hint, rather than waiting for typing.
    @Test func aTerminalOnStandardInputIsRefusedWithAHint() async throws {
        let driver = """
            import os, pty, sys
            pid, fd = pty.fork()
            if pid == 0:
                os.execv(sys.argv[1], sys.argv[1:])
            out = b""
            while True:
                try:
                    chunk = os.read(fd, 4096)
                except OSError:
                    break
                if not chunk:
                    break
                out += chunk
            _, status = os.waitpid(pid, 0)
            sys.stdout.write(out.decode(errors="replace"))
            sys.exit(os.waitstatus_to_exitcode(status))
            """
        let output = try await ProcessRunner().run(
            "/usr/bin/python3",
            arguments: ["-c", driver, ShareviaProcess.binary, "--to", "file", "-", "--out", folder.file("out")],
            environment: ["PATH": "/usr/bin:/bin", "HOME": folder.path, "SHAREVIA_NO_HISTORY": "1"],
            timeout: .seconds(60)
        )
        let shown = String(decoding: output.standardOutput, as: UTF8.self)
        #expect(output.exitStatus == 64, "\(shown) \(output.errorText)")
        #expect(shown.contains("'-': standard input is a terminal"), "\(shown)")
        #expect(shown.contains("pipe the file in"), "\(shown)")
    }
}
