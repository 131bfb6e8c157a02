import Clipboard
import Foundation
import LocalFiles
import ProcessRunning
import ShareCore
import ShareCoreTesting
import Synchronization
import TestSupport
import Testing

#if canImport(Glibc)
import Glibc
#endif

/// How `deliver` runs the tool and maps each failure to the code the router acts on, with a
/// scripted runner in place of xclip.
struct DeliveryFailureTests {
    let bin: TemporaryFolder

    init() throws { bin = TemporaryFolder("bin") }

    func deliver(
        _ content: ShareContent,
        verify: Bool = true,
        tools: [String] = ["xclip"],
        runner: ScriptedRunner,
        timeout: Duration = .seconds(5)
    ) async throws -> DeliveryReceipt {
        let environment = try Fixtures.environment(bin: bin, tools: tools)
        let destination = ClipboardDestination.withoutLibxcb(
            configuration: .init(verify: verify, timeout: timeout),
            environment: environment,
            runner: runner
        )
        return try await destination.deliver(destination.prepare(ShareRequest(content: content)))
    }

    @Test func copiesThenReadsBackWithoutListingTypes() async throws {
        defer { bin.remove() }
        let runner = ScriptedRunner(
            ScriptedRunner.serving(types: ["TARGETS", "UTF8_STRING"]) { _ in Array("hello".utf8) }
        )
        let receipt = try await deliver(ShareContent(text: "hello"), runner: runner, timeout: .milliseconds(1500))
        let calls = runner.invocations
        try #require(calls.count == 2, "\(calls.map(\.arguments))")
        #expect(calls[0].executable == "\(bin.path)/xclip")
        #expect(Array(calls[0].arguments.prefix(5)) == ["-selection", "clipboard", "-t", "UTF8_STRING", "-i"])
        #expect(calls[1].executable == "\(bin.path)/xclip")
        #expect(calls[1].arguments == ["-selection", "clipboard", "-t", "UTF8_STRING", "-o"])
        #expect(calls.allSatisfy { $0.timeout == .milliseconds(1500) })
        #expect(calls.allSatisfy { $0.environment?["DISPLAY"] == ":0" })
        #expect(calls.allSatisfy { $0.environment?["HOME"] == nil }, "only xsel asks for a HOME")
        #expect(receipt.destination == "clipboard")
        #expect(receipt.summary == "copied text (5 bytes) to CLIPBOARD, with xclip on :0, verified")
        #expect(receipt.locations == ["CLIPBOARD (UTF8_STRING)"])
    }

    @Test func noVerifyRunsOnlyTheCopy() async throws {
        defer { bin.remove() }
        let runner = ScriptedRunner { _, _ in .success(ProcessOutput()) }
        let receipt = try await deliver(
            ShareContent(text: "hello"),
            verify: false,
            runner: runner
        )
        #expect(runner.invocations.count == 1)
        #expect(!receipt.summary.contains("verified"))
    }

    @Test func textIsWrittenToAPrivateFileThatIsRemovedAfterwards() async throws {
        defer { bin.remove() }
        let seen = Mutex<[(path: String, fileMode: mode_t, folderMode: mode_t, bytes: [UInt8])]>([])
        let runner = ScriptedRunner(
            observe: { invocation in
                guard let index = invocation.arguments.firstIndex(of: "-i") else { return }
                let path = invocation.arguments[index + 1]
                var file = stat()
                var folder = stat()
                stat(path, &file)
                stat((path as NSString).deletingLastPathComponent, &folder)
                let bytes = (try? Data(contentsOf: URL(fileURLWithPath: path))).map(Array.init) ?? []
                seen.withLock { $0.append((path, file.st_mode & 0o777, folder.st_mode & 0o777, bytes)) }
            },
            ScriptedRunner.serving(types: ["UTF8_STRING"]) { _ in Array(Fixtures.tricky.utf8) }
        )

        _ = try await deliver(ShareContent(text: Fixtures.tricky), runner: runner)
        let copies = seen.withLock { $0 }
        let copy = try #require(copies.first)
        #expect(copy.path.hasPrefix(bin.path + "/sharevia-clipboard-"))
        #expect(copy.fileMode == 0o600)
        #expect(copy.folderMode == 0o700)
        #expect(copy.bytes == Array(Fixtures.tricky.utf8))
        #expect(!FileManager.default.fileExists(atPath: copy.path))
        #expect(bin.names() == ["xclip"])
    }

    @Test func aFileBackedImageIsPassedAsItIs() async throws {
        defer { bin.remove() }
        let path = try bin.write(Fixtures.png, named: "card.png")
        let image = try ShareAttachment.file(path)
        let runner = ScriptedRunner(ScriptedRunner.serving(types: ["image/png"]) { _ in Array(Fixtures.png) })
        _ = try await deliver(ShareContent(attachments: [image]), runner: runner)
        #expect(runner.invocations.first?.arguments.last == path)
    }

    @Test func aDifferentReadBackIsTransient() async throws {
        defer { bin.remove() }
        let runner = ScriptedRunner(ScriptedRunner.serving(types: ["UTF8_STRING"]) { _ in Array("hellO".utf8) })
        let error = await #expect(throws: ShareError.self) {
            try await deliver(ShareContent(text: "hello"), runner: runner)
        }
        #expect(error?.code == .transient)
        #expect(error?.message.contains("verification failed") == true)
        #expect(error?.detail == ShareError.Detail(.verificationFailed, setting: "verify"))
        // The listing that words the error runs once, after the last look, not on every look.
        #expect(runner.invocations.filter { $0.arguments.contains("TARGETS") }.count == 1)
    }

    @Test func anOwnerThatAppearsLateIsWaitedFor() async throws {
        defer { bin.remove() }
        // xsel forks before its child owns the selection: the first read may still see the old owner.
        let reads = Mutex(0)
        let runner = ScriptedRunner(
            ScriptedRunner.serving(types: []) { _ in
                reads.withLock { count in
                    count += 1
                    return count < 3 ? Array("old".utf8) : Array("hello".utf8)
                }
            }
        )
        _ = try await deliver(ShareContent(text: "hello"), tools: ["xsel"], runner: runner)
        #expect(reads.withLock { $0 } == 3)
    }

    @Test func aLongerReadBackIsTransient() async throws {
        defer { bin.remove() }
        let runner = ScriptedRunner(
            ScriptedRunner.serving(types: ["UTF8_STRING"]) { _ in Array("hello, and more".utf8) }
        )
        let error = await #expect(throws: ShareError.self) {
            try await deliver(ShareContent(text: "hello"), runner: runner)
        }
        #expect(error?.code == .transient)
        let readBack = runner.invocations.first { $0.arguments.suffix(2) == ["UTF8_STRING", "-o"] }
        #expect(readBack?.maxOutput == 6)
    }

    @Test func aSelectionThatDoesNotOfferTheTypeIsTransient() async throws {
        defer { bin.remove() }
        // Another xclip holding text answers an image/png request with its text: after the
        // mismatch, TARGETS gives it away.
        let runner = ScriptedRunner(
            ScriptedRunner.serving(types: ["TARGETS", "UTF8_STRING"]) { _ in Array("intruder".utf8) }
        )
        let error = await #expect(throws: ShareError.self) {
            try await deliver(ShareContent(attachments: [Fixtures.image()]), runner: runner)
        }
        #expect(error?.code == .transient)
        #expect(
            error?.message
                == "verification failed: CLIPBOARD offers TARGETS, UTF8_STRING, not image/png, right after copying (did another program take it?)"
        )
        #expect(error?.detail == ShareError.Detail(.verificationFailed, setting: "verify"))
    }

    @Test func aTimeoutIsTransientAndNamesTheDisplay() async throws {
        defer { bin.remove() }
        let runner = ScriptedRunner { _, _ in .success(ProcessOutput(exitStatus: nil, signal: 9, timedOut: true)) }
        let error = await #expect(throws: ShareError.self) {
            try await deliver(ShareContent(text: "x"), runner: runner)
        }
        #expect(error?.code == .transient)
        #expect(error?.message.contains("timed out") == true)
        #expect(error?.message.contains(":0") == true)
    }

    @Test func aFailedCopyIsTransientAndQuotesTheTool() async throws {
        defer { bin.remove() }
        let runner = ScriptedRunner { _, _ in
            .success(ProcessOutput(exitStatus: 1, standardError: Array("Error: Can't open display: :0\n".utf8)))
        }
        let error = await #expect(throws: ShareError.self) {
            try await deliver(ShareContent(text: "x"), runner: runner)
        }
        #expect(error?.code == .transient)
        #expect(error?.message.contains("Can't open display") == true)
        #expect(runner.invocations.count == 1)
    }

    @Test func aToolThatVanishedIsUnavailable() async throws {
        defer { bin.remove() }
        let runner = ScriptedRunner { invocation, _ in
            .failure(ProcessRunnerError(executable: invocation.executable, errno: ENOENT))
        }
        let error = await #expect(throws: ShareError.self) {
            try await deliver(ShareContent(text: "x"), runner: runner)
        }
        #expect(error?.code == .unavailable)
        #expect(error?.message == "xclip not found at \(bin.path)/xclip (apt-get install xclip)")
    }

    @Test func aVanishedTemporaryCopyIsTransientAndSaysSo() async throws {
        defer { bin.remove() }
        let runner = ScriptedRunner { invocation, _ in
            guard case .file(let path) = invocation.standardInput else { return .success(ProcessOutput()) }
            return .failure(
                ProcessRunnerError(executable: invocation.executable, errno: ENOENT, stage: .standardInput(path: path))
            )
        }
        let error = await #expect(throws: ShareError.self) {
            try await deliver(ShareContent(text: "x"), tools: ["xsel"], runner: runner)
        }
        #expect(error?.code == .transient)
        #expect(error?.message.contains("the private temporary copy vanished") == true, "\(String(describing: error))")
        #expect(error?.message.contains("not found") == false)
    }

    @Test func aVanishedAttachmentFileIsBadInputAndNamesIt() async throws {
        defer { bin.remove() }
        try bin.fakeExecutables(["wl-copy", "wl-paste"])
        let environment = ShareEnvironment([
            "WAYLAND_DISPLAY": "wayland-test", "XDG_RUNTIME_DIR": bin.path, "PATH": bin.path, "TMPDIR": bin.path,
        ])
        let path = try bin.write(Fixtures.png, named: "card.png")
        // The real runner: the file is opened before wl-copy would be spawned.
        let destination = ClipboardDestination.withoutLibxcb(environment: environment)
        let prepared = try destination.prepare(ShareRequest(content: ShareContent(attachments: [try .file(path)])))
        try FileManager.default.removeItem(atPath: path)
        let error = await #expect(throws: ShareError.self) { try await destination.deliver(prepared) }
        #expect(error?.code == .badInput)
        #expect(error?.message.contains("can't open \(path)") == true, "\(String(describing: error))")
        #expect(error?.message.contains("apt-get") == false)
    }

    @Test func aCancelledDeliverySpawnsNothing() async throws {
        defer { bin.remove() }
        let runner = ScriptedRunner { _, _ in .success(ProcessOutput()) }
        let environment = try Fixtures.environment(bin: bin)
        let destination = ClipboardDestination.withoutLibxcb(environment: environment, runner: runner)
        let prepared = try destination.prepare(ShareRequest(content: ShareContent(text: "x")))
        let result = await destination.deliverInCancelledTask(prepared)
        #expect(throws: ShareError.self) { try result.get() }
        if case .failure(let error) = result { #expect(error.code == .cancelled) }
        #expect(runner.invocations.isEmpty)
    }

    @Test func aShareNotPreparedHereIsRefused() async throws {
        defer { bin.remove() }
        let destination = ClipboardDestination.withoutLibxcb(
            environment: try Fixtures.environment(bin: bin),
            runner: ScriptedRunner { _, _ in .success(ProcessOutput()) }
        )
        let error = await #expect(throws: ShareError.self) {
            try await destination.deliver(PreparedShare(destination: "clipboard", summary: "?", text: "x"))
        }
        #expect(error?.code == .permanent)
    }

    @Test func xselGetsTheTextOnStdinAndIsCheckedWithoutAListing() async throws {
        defer { bin.remove() }
        let runner = ScriptedRunner(ScriptedRunner.serving(types: []) { _ in Array("hello".utf8) })
        _ = try await deliver(ShareContent(text: "hello"), tools: ["xsel"], runner: runner)
        let calls = runner.invocations
        #expect(
            calls.map(\.arguments) == [
                ["--clipboard", "--logfile", "/dev/null", "--input"], ["--clipboard", "--output"],
            ]
        )
        #expect(calls.allSatisfy { $0.environment?["HOME"] == "/" }, "xsel refuses to run without HOME")
        guard case .file(let path) = calls[0].standardInput else {
            Issue.record("xsel should read a file on stdin, got \(calls[0].standardInput)")
            return
        }
        #expect(path.hasPrefix(bin.path + "/sharevia-clipboard-"))
    }

    @Test func xselKeepsAHomeTheEnvironmentHas() async throws {
        defer { bin.remove() }
        let runner = ScriptedRunner(ScriptedRunner.serving(types: []) { _ in Array("hello".utf8) })
        var environment = try Fixtures.environment(bin: bin, tools: ["xsel"])
        environment["HOME"] = "/home/someone"
        let destination = ClipboardDestination.withoutLibxcb(environment: environment, runner: runner)
        _ = try await destination.deliver(destination.prepare(ShareRequest(content: ShareContent(text: "hello"))))
        #expect(runner.invocations.count == 2)
        #expect(runner.invocations.allSatisfy { $0.environment?["HOME"] == "/home/someone" })
    }

    @Test func wlCopyPutsTheImageOnTheClipboardAndTheTextOnPrimary() async throws {
        defer { bin.remove() }
        try bin.fakeExecutables(["wl-copy", "wl-paste"])
        let environment = ShareEnvironment([
            "WAYLAND_DISPLAY": "wayland-test", "XDG_RUNTIME_DIR": bin.path, "PATH": bin.path, "TMPDIR": bin.path,
        ])
        let png = Array(Fixtures.png)
        let runner = ScriptedRunner(
            ScriptedRunner.serving(types: ["image/png", "text/plain;charset=utf-8"]) { invocation in
                invocation.arguments.contains("image/png") ? png : Array("hi".utf8)
            }
        )
        let destination = ClipboardDestination.withoutLibxcb(environment: environment, runner: runner)
        let prepared = try destination.prepare(
            ShareRequest(content: ShareContent(text: "hi", attachments: [Fixtures.image()]))
        )
        _ = try await destination.deliver(prepared)
        // First a look at PRIMARY's types: a compositor without a primary selection says so.
        let probe = runner.invocations.first
        #expect(probe?.executable == "\(bin.path)/wl-paste")
        #expect(probe?.arguments == ["--primary", "--list-types"])
        let calls = Array(runner.invocations.dropFirst())
        try #require(calls.count == 4, "\(calls.map(\.arguments))")
        #expect(calls[0].executable == "\(bin.path)/wl-copy")
        #expect(calls[0].arguments == ["--type", "image/png"])
        #expect(calls[1].arguments == ["--primary", "--type", "text/plain;charset=utf-8"])
        #expect(
            calls.dropFirst(2).map(\.arguments) == [
                ["--no-newline", "--type", "image/png"],
                ["--primary", "--no-newline", "--type", "text/plain;charset=utf-8"],
            ]
        )
        #expect(calls.dropFirst(2).allSatisfy { $0.executable == "\(bin.path)/wl-paste" })
    }
}
