import Foundation
import ProcessRunning
import TestSupport
import Testing

#if canImport(Glibc)
import Glibc
#endif

/// `sharevia --to clipboard --timeout 1` with the real binary against a frozen display server,
/// ten times each: the share falls back to the file, and once the server resumes, what the user
/// had copied is still there, no clipboard tool of the share is left running, and no private
/// temporary folder is left. The process exits right after the report, so only what the
/// clipboard destination does before it returns (or when it is cancelled) counts.
@Suite struct FrozenDisplayEndToEndTests {
    let folder = TemporaryFolder("frozen-cli")
    var out: String { "\(folder.path)/out" }

    @Test func frozenWaylandCompositorLeavesTheUsersCopyAlone() async throws {
        let paths = try RequiredTools.paths(["wl-copy": "wl-clipboard", "wl-paste": "wl-clipboard", "sway": "sway"])
        defer { folder.remove() }
        try await WaylandCompositor.with(.sway) { sway in
            let environment = ["WAYLAND_DISPLAY": sway.socket, "PATH": "/usr/bin:/bin"]
            for run in 1...10 {
                let copied = try await ProcessRunner().run(
                    paths["wl-copy"]!,
                    arguments: [],
                    environment: environment,
                    input: Array("mine \(run)".utf8),
                    timeout: .seconds(10)
                )
                #expect(copied.succeeded)
                let userOwners = ClipboardProcesses.running("wl-copy", with: "WAYLAND_DISPLAY", sway.socket)
                sway.process.signal(SIGSTOP)
                let share = try await ShareviaProcess.run(
                    [
                        "--to", "clipboard", PackageRoot.exampleCard, "--text", "the card", "--out", out,
                        "--timeout", "1", "--retries", "1",
                    ],
                    environment: ["WAYLAND_DISPLAY": sway.socket, "TMPDIR": folder.path]
                )
                let left = await ClipboardProcesses.lingering(
                    "wl-copy",
                    with: "WAYLAND_DISPLAY",
                    sway.socket,
                    excluding: userOwners
                )
                sway.process.signal(SIGCONT)
                #expect(share.status == 3, "run \(run): \(share.stderr)")
                #expect(left.isEmpty, "run \(run): wl-copy \(left) outlived sharevia")
                try await Task.sleep(for: .milliseconds(300))
                let pasted = try await ProcessRunner().run(
                    paths["wl-paste"]!,
                    arguments: ["--no-newline"],
                    environment: environment,
                    timeout: .seconds(10)
                )
                #expect(
                    String(decoding: pasted.standardOutput, as: UTF8.self) == "mine \(run)",
                    "run \(run): \(pasted.errorText)"
                )
                #expect(ClipboardProcesses.temporaryFolders(in: folder.path).isEmpty, "run \(run)")
            }
        }
    }

    @Test func frozenXServerLeavesNoXclipAndNoTemporaryFolder() async throws {
        let xclip = try RequiredTools.path("xclip")
        defer { folder.remove() }
        try await XvfbServer.with { server in
            let environment = ["DISPLAY": server.display]
            for run in 1...10 {
                let copied = try await ProcessRunner().run(
                    xclip,
                    arguments: ["-selection", "clipboard", "-i"],
                    environment: environment,
                    input: Array("mine \(run)".utf8),
                    timeout: .seconds(10)
                )
                #expect(copied.succeeded)
                let userOwners = ClipboardProcesses.running("xclip", with: "DISPLAY", server.display)
                server.process.signal(SIGSTOP)
                let share = try await ShareviaProcess.run(
                    [
                        "--to", "clipboard", "--text", "the card", "--out", out, "--clipboard-backend", "xclip",
                        "--timeout", "1", "--retries", "1",
                    ],
                    environment: ["DISPLAY": server.display, "TMPDIR": folder.path]
                )
                let left = await ClipboardProcesses.lingering(
                    "xclip",
                    with: "DISPLAY",
                    server.display,
                    excluding: userOwners
                )
                server.process.signal(SIGCONT)
                #expect(share.status == 3, "run \(run): \(share.stderr)")
                #expect(left.isEmpty, "run \(run): xclip \(left) outlived sharevia")
                #expect(ClipboardProcesses.temporaryFolders(in: folder.path).isEmpty, "run \(run)")
                let pasted = try await ProcessRunner().run(
                    xclip,
                    arguments: ["-selection", "clipboard", "-o"],
                    environment: environment,
                    timeout: .seconds(10)
                )
                #expect(String(decoding: pasted.standardOutput, as: UTF8.self) == "mine \(run)", "run \(run)")
            }
        }
    }
}
