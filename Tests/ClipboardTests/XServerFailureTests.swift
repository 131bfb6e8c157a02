import Clipboard
import Destinations
import Foundation
import ProcessRunning
import ShareCore
import TestSupport
import Testing

#if canImport(Glibc)
import Glibc
#endif

/// A share finishes in bounded time when the X server dies or freezes mid-way. Each test starts
/// its own private Xvfb, never the shared one, because it kills or freezes it.
struct XServerFailureTests {
    let clock = ContinuousClock()

    func share(
        _ content: ShareContent,
        display: String,
        runner: any CommandRunning,
        timeout: Duration,
        folder: TemporaryFolder,
        backend: ClipboardDestination.BackendPreference = .xclip
    ) async throws -> (ShareReport, Duration) {
        let environment = Environments.x11(display: display, tmp: folder.path)
        let clipboard = ClipboardDestination(
            configuration: .init(timeout: timeout, backend: backend),
            environment: environment,
            runner: runner
        )
        let files = FileExportDestination(
            configuration: .init(directory: folder.path + "/out"),
            environment: environment
        )
        let router = ShareRouter(
            registry: try DestinationRegistry([clipboard, files]),
            retryPolicy: RetryPolicy(maxAttempts: 2, initialBackoff: .milliseconds(20), deliveryTimeout: .seconds(20))
        )
        let started = clock.now
        let report = try await router.share(content, via: FallbackChain(["clipboard", "file"]))
        return (report, clock.now - started)
    }

    @Test func serverKilledBetweenCopyAndVerification() async throws {
        _ = try RequiredTools.paths()
        let folder = TemporaryFolder("killed")
        defer { folder.remove() }
        try await XvfbServer.with { server in
            let killer = HookedRunner(after: { invocation, _ in
                if invocation.arguments.contains("-i"), server.process.isRunning {
                    server.process.signal(SIGKILL)
                    _ = await server.process.waitForExit(timeout: .seconds(5))
                }
            })
            let (report, elapsed) = try await share(
                ShareContent(text: "hello", attachments: [Fixtures.image()]),
                display: server.display,
                runner: killer,
                timeout: .seconds(2),
                folder: folder
            )

            #expect(elapsed < .seconds(20), "took \(elapsed)")
            let clipboardAttempts = report.attempts.filter { $0.destination == "clipboard" }
            #expect(clipboardAttempts.map(\.result) == [.transientFailure, .transientFailure], "\(report)")
            #expect(report.deliveredBy == "file", "\(report)")
        }
    }

    @Test(arguments: [ClipboardDestination.BackendPreference.x11, .xclip])
    func frozenServerTimesOutAndTheRouterMovesOn(backend: ClipboardDestination.BackendPreference) async throws {
        _ = try RequiredTools.paths()
        let folder = TemporaryFolder("frozen")
        defer { folder.remove() }
        try await XvfbServer.with { server in
            server.process.signal(SIGSTOP)
            let (report, elapsed) = try await share(
                ShareContent(text: "hello"),
                display: server.display,
                runner: ProcessRunner(),
                timeout: .milliseconds(500),
                folder: folder,
                backend: backend
            )

            // Two tries of at most 0.5 s each, plus backoff and the file export: about a second.
            // The bound leaves room for a busy test process (other suites' CPU-bound tests can
            // hold its threads for seconds) yet fails if the clipboard ignored its timeout: the
            // router would then stop each of the two tries at its own 20 s, over 40 s in all.
            #expect(elapsed < .seconds(35), "took \(elapsed)")
            let first = try #require(report.attempts.first)
            #expect(first.result == .transientFailure)
            #expect(first.reason.contains("timed out"), "\(first.reason)")
            #expect(report.deliveredBy == "file", "\(report)")
        }
    }

    /// xclip with a frozen server, five times: the router gives up at 6 s and does not wait;
    /// the destination's cancellation handler kills xclip (and any child it forked) at once,
    /// although the runner never hears of the cancellation, and removes its temporary folder.
    /// Once resumed, the server still holds what the user had copied.
    @Test func frozenServerAbandonedAttemptLeavesNothingBehind() async throws {
        let xclip = try RequiredTools.path("xclip")
        let folder = TemporaryFolder("frozen-abandoned")
        defer { folder.remove() }
        try await XvfbServer.with { server in
            for run in 1...5 {
                let copied = try await ProcessRunner().run(
                    xclip,
                    arguments: ["-selection", "clipboard", "-i"],
                    environment: ["DISPLAY": server.display],
                    input: Array("mine \(run)".utf8),
                    timeout: .seconds(10)
                )
                #expect(copied.succeeded)
                let userOwners = ClipboardProcesses.running("xclip", with: "DISPLAY", server.display)
                server.process.signal(SIGSTOP)
                let environment = Environments.x11(display: server.display, tmp: folder.path)
                let clipboard = ClipboardDestination(
                    configuration: .init(timeout: .seconds(20), backend: .xclip),
                    environment: environment,
                    runner: UncancellableRunner()
                )
                // The file export's folder in memory: its fsyncs must fit in the 2 s limit while
                // the whole test run keeps the disk busy.
                let out = TemporaryFolder("x-abandoned-out", inMemory: true)
                let files = FileExportDestination(
                    configuration: .init(directory: out.path),
                    environment: environment
                )
                let router = ShareRouter(
                    registry: try DestinationRegistry([clipboard, files]),
                    // 6 s, well under the clipboard's own 20 s: the file export after it must fit in
                    // the same limit while the whole test run starts (2 s once was not enough).
                    retryPolicy: RetryPolicy(maxAttempts: 1, deliveryTimeout: .seconds(6))
                )
                let report = try await router.share(
                    ShareContent(text: "card"),
                    via: FallbackChain(["clipboard", "file"])
                )
                #expect(report.deliveredBy == "file", "run \(run): \(report)")
                func left() -> [Int32] {
                    ClipboardProcesses.running("xclip", with: "DISPLAY", server.display).filter {
                        !userOwners.contains($0)
                    }
                }
                // The router does not wait for the handler, so give it a moment to finish.
                let deadline = clock.now + .seconds(2)
                while !left().isEmpty || !ClipboardProcesses.temporaryFolders(in: folder.path).isEmpty,
                    clock.now < deadline
                {
                    try await Task.sleep(for: .milliseconds(10))
                }
                #expect(left().isEmpty, "run \(run): xclip \(left()) still runs 2 s after the router gave up")
                #expect(ClipboardProcesses.temporaryFolders(in: folder.path).isEmpty, "run \(run)")
                server.process.signal(SIGCONT)
                let pasted = try await ProcessRunner().run(
                    xclip,
                    arguments: ["-selection", "clipboard", "-o"],
                    environment: ["DISPLAY": server.display],
                    timeout: .seconds(10)
                )
                #expect(String(decoding: pasted.standardOutput, as: UTF8.self) == "mine \(run)", "run \(run)")
            }
        }
    }

    @Test func serverKilledWhileALargeCopyWaitsOnIt() async throws {
        _ = try RequiredTools.paths()
        let folder = TemporaryFolder("midway")
        defer { folder.remove() }
        try await XvfbServer.with { server in
            let png = Data(PNGBytes.randomRGBFile(width: 1600, height: 1000, seed: 8))  // 4.8 MB
            let (copyStarted, copyStartedSignal) = AsyncStream<Void>.makeStream()
            let runner = HookedRunner(before: { invocation in
                if invocation.arguments.contains("-i") { copyStartedSignal.yield() }
            })
            let destination = ClipboardDestination(
                configuration: .init(timeout: .seconds(60), backend: .xclip),
                environment: Environments.x11(display: server.display, tmp: folder.path),
                runner: runner
            )
            let prepared = try destination.prepare(
                ShareRequest(content: ShareContent(attachments: [Fixtures.image(png)]))
            )

            // Frozen, the server can't let the copy finish before it is killed.
            server.process.signal(SIGSTOP)
            let started = clock.now
            let delivery = Task { () -> ShareError? in
                do throws(ShareError) {
                    _ = try await destination.deliver(prepared)
                    return nil
                } catch {
                    return error
                }
            }
            for await _ in copyStarted { break }
            // Kill it once xclip is connected and waiting on the frozen server, not before.
            let waiting = await Self.waitForConnectedCopy(into: folder.path, timeout: .seconds(10))
            server.process.signal(SIGKILL)
            let outcome = await delivery.value
            let elapsed = clock.now - started

            #expect(waiting, "no xclip copying into \(folder.path) connected to the server within 10 s")
            let error = try #require(outcome, "the copy succeeded on a server that was frozen, then killed")
            #expect(error.code == .transient, "\(error)")
            // Well inside the 60 s timeout: the server's death ends the copy, not the deadline.
            #expect(elapsed < .seconds(30), "took \(elapsed)")
        }
    }

    /// Waits until an `xclip -i` reading a file under `folder` has a socket open (its X
    /// connection); false when none has by the deadline.
    static func waitForConnectedCopy(into folder: String, timeout: Duration) async -> Bool {
        let clock = ContinuousClock()
        let deadline = clock.now + timeout
        let files = FileManager.default
        while clock.now < deadline {
            for pid in (try? files.contentsOfDirectory(atPath: "/proc")) ?? [] where Int(pid) != nil {
                guard let cmdline = files.contents(atPath: "/proc/\(pid)/cmdline") else { continue }
                let arguments = cmdline.split(separator: 0).map { String(decoding: $0, as: UTF8.self) }
                guard arguments.first?.hasSuffix("xclip") == true, arguments.contains("-i"),
                    arguments.last?.hasPrefix(folder) == true
                else { continue }
                let fds = (try? files.contentsOfDirectory(atPath: "/proc/\(pid)/fd")) ?? []
                let connected = fds.contains { fd in
                    (try? files.destinationOfSymbolicLink(atPath: "/proc/\(pid)/fd/\(fd)"))?.hasPrefix("socket:")
                        == true
                }
                if connected { return true }
            }
            try? await Task.sleep(for: .milliseconds(5))
        }
        return false
    }
}
