import Foundation
import ProcessRunning
import ShareCore
import Synchronization
import TestSupport
import Testing

@testable import Clipboard

#if canImport(Glibc)
import Glibc
#endif

/// An abandoned attempt kills what it started, and only that: through a pidfd (a reused pid is
/// never signalled), again on every later abandon (a program that started after the first), and
/// the built-in X11 client's owner too.
struct AttemptTeardownTests {
    let clock = ContinuousClock()

    /// `sleep 60`, started with `environment`; the caller kills it.
    static func sleeper(_ environment: [String: String] = [:]) throws -> Process {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/bin/sleep")
        process.arguments = ["60"]
        process.environment = environment
        try process.run()
        return process
    }

    /// `sleep 60` with `tag` in its environment, once its environment shows it (the spawn may
    /// return before the exec).
    static func taggedSleeper(_ tag: String) throws -> Process {
        let process = try sleeper([ClipboardAttempt.tagVariable: tag])
        for _ in 0..<500 where !TaggedProcesses.matching(needle(tag)).contains(process.processIdentifier) {
            usleep(10_000)
        }
        return process
    }

    /// Kills `process` if it still runs (SIGKILL: the test process may ignore SIGTERM, and
    /// children inherit that).
    static func stop(_ process: Process) {
        if process.isRunning { kill(process.processIdentifier, SIGKILL) }
    }

    /// Waits (up to 10 s) for `process` to exit; whether it did.
    func exited(_ process: Process) async throws -> Bool {
        let deadline = clock.now + .seconds(10)
        while process.isRunning, clock.now < deadline { try await Task.sleep(for: .milliseconds(10)) }
        return !process.isRunning
    }

    static func needle(_ tag: String) -> [UInt8] {
        Array("\(ClipboardAttempt.tagVariable)=\(tag)".utf8) + [0]
    }

    /// The environment is checked after the pidfd is opened: a process without the tag (what a
    /// reused pid would be) is not signalled; one with it is.
    @Test func aPidIsKilledOnlyWhenItsEnvironmentStillHoldsTheTag() async throws {
        let tag = TaggedProcesses.newTag()
        let untagged = try Self.sleeper(["OTHER": "1"])
        defer { Self.stop(untagged) }
        #expect(!TaggedProcesses.kill(untagged.processIdentifier, ifEnvironmentHolds: Self.needle(tag)))
        try await Task.sleep(for: .milliseconds(50))
        #expect(untagged.isRunning)

        let tagged = try Self.taggedSleeper(tag)
        #expect(TaggedProcesses.kill(tagged.processIdentifier, ifEnvironmentHolds: Self.needle(tag)))
        #expect(try await exited(tagged))
        #expect(tagged.terminationReason == .uncaughtSignal && tagged.terminationStatus == SIGKILL)
    }

    /// A pidfd keeps naming the process it was opened for: once that one has exited and been
    /// reaped, signalling through it reaches nobody, whoever gets the pid next.
    @Test func aPidfdOfAnExitedProcessSignalsNobody() async throws {
        let process = try Self.sleeper()
        let pidfd = TaggedProcesses.pidfd(process.processIdentifier)
        #expect(pidfd >= 0)
        defer { close(pidfd) }
        Self.stop(process)
        #expect(try await exited(process))
        #expect(!TaggedProcesses.send(SIGKILL, through: pidfd))
    }

    /// A tagged program that started after the attempt was abandoned (cancellation between the
    /// runner's check and its spawn) is killed by the next abandon.
    @Test func everyAbandonKillsAgain() async throws {
        let attempt = ClipboardAttempt(temporaryParent: NSTemporaryDirectory())
        #expect(attempt.abandon() == .abandoned(killed: 0, withdrawn: []))
        let late = try Self.taggedSleeper(attempt.tag)
        defer { Self.stop(late) }
        #expect(!attempt.mayStart())
        // At least once: a process SIGKILL has not finished off yet may be found, and signalled,
        // by the next round of the scan too.
        let second = attempt.abandon()
        guard case .abandoned(let killed, let withdrawn) = second else {
            Issue.record("\(second)")
            return
        }
        #expect(killed >= 1 && withdrawn.isEmpty, "\(second)")
        #expect(try await exited(late))
        // After a commit nothing is killed.
        let committed = ClipboardAttempt(temporaryParent: NSTemporaryDirectory())
        #expect(committed.commit())
        let kept = try Self.taggedSleeper(committed.tag)
        defer { Self.stop(kept) }
        #expect(committed.abandon() == .committed)
        try await Task.sleep(for: .milliseconds(50))
        #expect(kept.isRunning)
    }

    /// An owner recorded after the attempt was abandoned (its `own` finished just after the
    /// cancellation handler ran) is killed at once.
    @Test func anOwnerRecordedAfterTheAbandonIsKilledAtOnce() async throws {
        let attempt = ClipboardAttempt(temporaryParent: NSTemporaryDirectory())
        attempt.abandon()
        let owner = try Self.sleeper()
        defer { Self.stop(owner) }
        attempt.recordOwner(pid: owner.processIdentifier)
        #expect(try await exited(owner))
        #expect(attempt.abandon() == .abandoned(killed: 1, withdrawn: []))
    }

    /// The tool transport starts nothing for an ended attempt.
    @Test func theToolTransportStartsNothingOnceTheAttemptEnded() async throws {
        let runner = ScriptedRunner { _, _ in .success(ProcessOutput()) }
        let attempt = ClipboardAttempt(temporaryParent: NSTemporaryDirectory())
        let transport = ToolClipboardTransport(
            runner: runner,
            environment: ShareEnvironment(["DISPLAY": ":0"]),
            timeout: .seconds(5),
            attempt: attempt,
            tool: XclipClipboard(),
            programs: .init(copyPath: "/usr/bin/xclip", pastePath: "/usr/bin/xclip"),
            server: .x11(try #require(X11Display(":0")))
        )
        attempt.abandon()
        let item = ClipboardPlan.Item(selection: .clipboard, type: "UTF8_STRING", source: .text)
        await #expect(throws: ShareError.self) {
            try await transport.copy([
                ClipboardEntry(item: item, payload: .file(path: "/dev/null", attachment: Fixtures.image()))
            ])
        }
        #expect(runner.invocations.isEmpty)
    }

    /// Cancellation lands just before the runner spawns: the handler's abandon has run, then the
    /// tool starts with the tag and forks a child that would own the selection. The delivery's
    /// own abandon, once the tool returns, kills that child.
    @Test func aToolStartedAfterTheCancellationHandlerIsKilled() async throws {
        let bin = TemporaryFolder("late-spawn")
        defer { bin.remove() }
        let tags = Mutex<[String]>([])
        let observe: @Sendable (ProcessInvocation) -> Void = { invocation in
            // The cancellation handler (abandon) runs synchronously here.
            withUnsafeCurrentTask { $0?.cancel() }
            let tag = invocation.environment?[ClipboardAttempt.tagVariable] ?? ""
            // The tool, started with the tag after the handler's scan; it stays, like the child
            // xclip forks to own the selection.
            let tool = Process()
            tool.executableURL = URL(fileURLWithPath: "/bin/sleep")
            tool.arguments = ["60"]
            tool.environment = invocation.environment
            try? tool.run()
            var running = 0
            for _ in 0..<100 where running == 0 {
                running = TaggedProcesses.matching(Self.needle(tag)).count
                if running == 0 { usleep(10_000) }
            }
            tags.withLock { $0.append("\(running) \(tag)") }
        }
        let runner = ScriptedRunner(observe: observe) { _, _ in .success(ProcessOutput()) }
        let destination = ClipboardDestination.withoutLibxcb(
            configuration: .init(timeout: .seconds(5)),
            environment: try Fixtures.environment(bin: bin),
            runner: runner
        )
        let prepared = try destination.prepare(ShareRequest(content: ShareContent(text: "hello")))
        let outcome = await Task { () -> ShareError? in
            do throws(ShareError) {
                _ = try await destination.deliver(prepared)
                return nil
            } catch {
                return error
            }
        }.value
        #expect(outcome?.code == .cancelled, "\(String(describing: outcome))")
        let recorded = try #require(tags.withLock { $0.first }).split(separator: " ").map(String.init)
        #expect(recorded.first == "1", "the late tool's child did not start")
        let tag = try #require(recorded.last)
        let deadline = clock.now + .seconds(5)
        while !TaggedProcesses.matching(Self.needle(tag)).isEmpty, clock.now < deadline {
            try await Task.sleep(for: .milliseconds(10))
        }
        let left = TaggedProcesses.matching(Self.needle(tag))
        for pid in left { kill(pid, SIGKILL) }
        #expect(left.isEmpty, "the late tool's child \(left) survived")
    }

    /// The built-in X11 client's owner (`sharevia-clip`, untagged) is killed when the attempt
    /// is abandoned after it took the selection (a failed verification, a late cancellation):
    /// nothing serves the share any more.
    @Test func abandoningAfterTheX11OwnerTookTheSelectionKillsIt() async throws {
        _ = try RequiredTools.paths()
        try await XvfbServer.with { server in
            let display = try #require(X11Display(server.display))
            let attempt = ClipboardAttempt(temporaryParent: NSTemporaryDirectory())
            let transport = X11ClipboardTransport(
                display: display,
                timeout: .seconds(5),
                readsBack: false,
                attempt: attempt
            )
            let item = ClipboardPlan.Item(selection: .clipboard, type: "UTF8_STRING", source: .text)
            let text = Array("owned".utf8)
            try await transport.copy([ClipboardEntry(item: item, payload: .bytes(text))])
            let served = try await XClip.waitFor(text, on: .clipboard, type: "UTF8_STRING", display: server.display)
            #expect(served == text)

            #expect(attempt.abandon() == .abandoned(killed: 1, withdrawn: [.clipboard]))
            let deadline = clock.now + .seconds(5)
            var after: [UInt8]? = text
            while after != nil, clock.now < deadline {
                after = try? await XClip.read(.clipboard, type: "UTF8_STRING", display: server.display)
                if after != nil { try await Task.sleep(for: .milliseconds(20)) }
            }
            #expect(after == nil, "the abandoned owner still serves CLIPBOARD")
        }
    }

    /// Once the attempt has ended, the X11 transport starts no owner.
    @Test func theX11TransportStartsNoOwnerOnceTheAttemptEnded() async throws {
        _ = try RequiredTools.paths()
        try await XvfbServer.with { server in
            let display = try #require(X11Display(server.display))
            let attempt = ClipboardAttempt(temporaryParent: NSTemporaryDirectory())
            let transport = X11ClipboardTransport(
                display: display,
                timeout: .seconds(5),
                readsBack: false,
                attempt: attempt
            )
            attempt.abandon()
            let item = ClipboardPlan.Item(selection: .clipboard, type: "UTF8_STRING", source: .text)
            await #expect(throws: ShareError.self) {
                try await transport.copy([ClipboardEntry(item: item, payload: .bytes(Array("late".utf8)))])
            }
            #expect((try? await XClip.read(.clipboard, type: "UTF8_STRING", display: server.display)) == nil)
        }
    }
}
