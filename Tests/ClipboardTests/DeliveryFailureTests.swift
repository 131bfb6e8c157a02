import Clipboard
import Foundation
import ProcessRunning
import ShareCore
import Synchronization
import Testing

#if canImport(Glibc)
import Glibc
#endif

/// How `deliver` runs the tool and maps each failure to the code the router acts on, with a
/// scripted runner in place of xclip.
struct DeliveryFailureTests {
    let bin: TemporaryFolder

    init() throws { bin = try TemporaryFolder("bin") }

    func deliver(
        _ content: ShareContent,
        options: [String: String] = [:],
        tools: [String] = ["xclip"],
        runner: ScriptedRunner,
        timeout: Duration = .seconds(5)
    ) async throws(ShareError) -> DeliveryReceipt {
        let environment = try! Fixtures.environment(bin: bin, tools: tools)
        let destination = ClipboardDestination(
            configuration: .init(timeout: timeout),
            environment: environment,
            runner: runner
        )
        return try await destination.deliver(destination.prepare(ShareRequest(content: content, options: options)))
    }

    @Test func copiesThenListsAndReadsBack() async throws {
        defer { bin.remove() }
        let runner = ScriptedRunner(
            ScriptedRunner.serving(types: ["TARGETS", "UTF8_STRING"]) { _ in Array("hello".utf8) }
        )
        let receipt = try await deliver(ShareContent(text: "hello"), runner: runner, timeout: .milliseconds(1500))
        let calls = runner.invocations
        #expect(calls.count == 3)
        #expect(calls[0].executable == "\(bin.path)/xclip")
        #expect(Array(calls[0].arguments.prefix(5)) == ["-selection", "clipboard", "-t", "UTF8_STRING", "-i"])
        #expect(
            Set(calls[1...].map(\.arguments)) == [
                ["-selection", "clipboard", "-t", "TARGETS", "-o"],
                ["-selection", "clipboard", "-t", "UTF8_STRING", "-o"],
            ]
        )
        #expect(calls.allSatisfy { $0.timeout == .milliseconds(1500) })
        #expect(calls.allSatisfy { $0.environment?["DISPLAY"] == ":0" })
        #expect(receipt.destination == "clipboard")
        #expect(receipt.summary.contains("verified"))
        #expect(receipt.locations == ["CLIPBOARD (UTF8_STRING)"])
    }

    @Test func noVerifyRunsOnlyTheCopy() async throws {
        defer { bin.remove() }
        let runner = ScriptedRunner { _, _ in .success(ProcessOutput()) }
        let receipt = try await deliver(
            ShareContent(text: "hello"),
            options: ["clipboard.verify": "false"],
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
        #expect(bin.contents() == ["xclip"])
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
        // Another xclip holding text answers an image/png request with its text: TARGETS gives it away.
        let runner = ScriptedRunner(
            ScriptedRunner.serving(types: ["TARGETS", "UTF8_STRING"]) { _ in Array(Fixtures.png) }
        )
        let error = await #expect(throws: ShareError.self) {
            try await deliver(ShareContent(attachments: [Fixtures.image()]), runner: runner)
        }
        #expect(error?.code == .transient)
        #expect(error?.message.contains("offers TARGETS, UTF8_STRING, not image/png") == true)
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
        #expect(error?.message.contains("apt-get install xclip") == true)
    }

    @Test func aCancelledDeliverySpawnsNothing() async throws {
        defer { bin.remove() }
        let runner = ScriptedRunner { _, _ in .success(ProcessOutput()) }
        let environment = try Fixtures.environment(bin: bin)
        let destination = ClipboardDestination(environment: environment, runner: runner)
        let prepared = try destination.prepare(ShareRequest(content: ShareContent(text: "x")))
        let result: Result<DeliveryReceipt, ShareError> = await Task {
            withUnsafeCurrentTask { $0?.cancel() }
            do throws(ShareError) {
                return .success(try await destination.deliver(prepared))
            } catch {
                return .failure(error)
            }
        }.value
        #expect(throws: ShareError.self) { try result.get() }
        if case .failure(let error) = result { #expect(error.code == .cancelled) }
        #expect(runner.invocations.isEmpty)
    }

    @Test func aShareNotPreparedHereIsRefused() async throws {
        defer { bin.remove() }
        let destination = ClipboardDestination(
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
        let destination = ClipboardDestination(environment: environment, runner: runner)
        let prepared = try destination.prepare(
            ShareRequest(content: ShareContent(text: "hi", attachments: [Fixtures.image()]))
        )
        _ = try await destination.deliver(prepared)
        let calls = runner.invocations
        #expect(calls[0].executable == "\(bin.path)/wl-copy")
        #expect(calls[0].arguments == ["--type", "image/png"])
        #expect(calls[1].arguments == ["--primary", "--type", "text/plain;charset=utf-8"])
        #expect(
            Set(calls.dropFirst(2).map(\.arguments)) == [
                ["--list-types"], ["--no-newline", "--type", "image/png"],
                ["--primary", "--list-types"], ["--primary", "--no-newline", "--type", "text/plain;charset=utf-8"],
            ]
        )
        #expect(calls.dropFirst(2).allSatisfy { $0.executable == "\(bin.path)/wl-paste" })
    }
}
