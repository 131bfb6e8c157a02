import Foundation
import ProcessRunning
import TestSupport
import Testing

/// `sharevia --to clipboard` with the real binary, the real xclip and a real X server.
@Suite struct ClipboardEndToEndTests {
    let folder = TemporaryFolder("cli")
    var out: String { "\(folder.path)/out" }

    @Test func putsTheCardsExactBytesOnTheClipboard() async throws {
        let xclip = try RequiredTools.path("xclip")
        let card = try #require(FileManager.default.contents(atPath: PackageRoot.exampleCard))
        try await XvfbServer.with { server in
            let run = try await ShareviaProcess.run(
                ["--to", "clipboard", PackageRoot.exampleCard, "--out", out, "--json"],
                environment: ["DISPLAY": server.display]
            )
            #expect(run.status == 0, "\(run.stderr)\(run.stdout)")
            let report = try #require(try JSONSerialization.jsonObject(with: Data(run.stdoutBytes)) as? [String: Any])
            #expect(report["deliveredBy"] as? String == "clipboard")
            let pasted = try await ProcessRunner().run(
                xclip,
                arguments: ["-selection", "clipboard", "-t", "image/png", "-o"],
                environment: ["DISPLAY": server.display],
                timeout: .seconds(10)
            )
            #expect(pasted.exitStatus == 0)
            #expect(Data(pasted.standardOutput) == card)
            #expect(
                !FileManager.default.fileExists(atPath: out),
                "the file export must not run when the clipboard delivered"
            )
        }
    }

    @Test func withoutADisplayTheFileExportDelivers() async throws {
        let run = try await ShareviaProcess.run(
            ["--to", "clipboard", PackageRoot.exampleCard, "--out", out]
        )
        #expect(run.status == 3, "\(run.stderr)")
        #expect(run.stderr.contains("clipboard: unavailable: DISPLAY is not set"))
        #expect(
            FileManager.default.contents(atPath: "\(out)/card.png")
                == FileManager.default.contents(atPath: PackageRoot.exampleCard)
        )
    }

    @Test func theBuiltInClientNeedsNoToolOnThePath() async throws {
        let xclip = try RequiredTools.path("xclip")
        let card = try #require(FileManager.default.contents(atPath: PackageRoot.exampleCard))
        try await XvfbServer.with { server in
            // A PATH with no clipboard tool on it.
            let run = try await ShareviaProcess.run(
                ["--to", "clipboard", PackageRoot.exampleCard, "--out", out],
                environment: ["DISPLAY": server.display, "PATH": folder.path]
            )
            #expect(run.status == 0, "\(run.stderr)")
            #expect(run.stderr.contains("with x11 on \(server.display), verified"), "\(run.stderr)")
            let pasted = try await ProcessRunner().run(
                xclip,
                arguments: ["-selection", "clipboard", "-t", "image/png", "-o"],
                environment: ["DISPLAY": server.display],
                timeout: .seconds(10)
            )
            #expect(Data(pasted.standardOutput) == card)
        }
    }

    @Test(arguments: [["--clipboard-backend", "xclip"], ["--clipboard-backend", "XCLIP"]])
    func xclipAskedForAndMissingFallsBackToTheFileExport(flag: [String]) async throws {
        try await XvfbServer.with { server in
            // A PATH with no clipboard tool on it.
            let run = try await ShareviaProcess.run(
                ["--to", "clipboard", PackageRoot.exampleCard, "--out", out] + flag,
                environment: ["DISPLAY": server.display, "PATH": folder.path]
            )
            #expect(run.status == 3, "\(run.stderr)")
            #expect(run.stderr.contains("xclip not found (apt-get install xclip)"), "\(run.stderr)")
            #expect(FileManager.default.fileExists(atPath: "\(out)/card.png"))
        }
    }

    @Test func theVariableNamesTheBackendToo() async throws {
        try await XvfbServer.with { server in
            let run = try await ShareviaProcess.run(
                ["--to", "clipboard", PackageRoot.exampleCard, "--out", out],
                environment: ["DISPLAY": server.display, "PATH": folder.path, "SHAREVIA_CLIPBOARD_BACKEND": "xclip"]
            )
            #expect(run.status == 3, "\(run.stderr)")
            #expect(run.stderr.contains("xclip not found (apt-get install xclip)"), "\(run.stderr)")
        }
    }
}
