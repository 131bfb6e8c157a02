import Clipboard
import Destinations
import Foundation
import ProcessRunning
import ShareCore
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
        folder: TemporaryFolder
    ) async throws -> (ShareReport, Duration) {
        let environment = Environments.x11(display: display, tmp: folder.path)
        let clipboard = ClipboardDestination(
            configuration: .init(timeout: timeout),
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
        let server = try await XvfbServer.start()
        let folder = try TemporaryFolder("killed")
        defer { folder.remove() }
        let killer = HookedRunner { invocation, _ in
            if invocation.arguments.contains("-i"), server.process.isRunning {
                server.process.signal(SIGKILL)
                _ = await server.process.waitForExit(timeout: .seconds(5))
            }
        }
        let (report, elapsed) = try await share(
            ShareContent(text: "hello", attachments: [Fixtures.image()]),
            display: server.display,
            runner: killer,
            timeout: .seconds(2),
            folder: folder
        )
        await server.stop()

        #expect(elapsed < .seconds(20), "took \(elapsed)")
        let clipboardAttempts = report.attempts.filter { $0.destination == "clipboard" }
        #expect(clipboardAttempts.map(\.result) == [.transientFailure, .transientFailure], "\(report)")
        #expect(report.deliveredBy == "file", "\(report)")
    }

    @Test func frozenServerTimesOutAndTheRouterMovesOn() async throws {
        _ = try RequiredTools.paths()
        let server = try await XvfbServer.start()
        let folder = try TemporaryFolder("frozen")
        defer { folder.remove() }
        server.process.signal(SIGSTOP)
        let (report, elapsed) = try await share(
            ShareContent(text: "hello"),
            display: server.display,
            runner: ProcessRunner(),
            timeout: .milliseconds(500),
            folder: folder
        )
        await server.stop()

        // Two tries of at most 0.5 s each, plus backoff and the file export.
        #expect(elapsed < .seconds(15), "took \(elapsed)")
        let first = try #require(report.attempts.first)
        #expect(first.result == .transientFailure)
        #expect(first.reason.contains("timed out"), "\(first.reason)")
        #expect(report.deliveredBy == "file", "\(report)")
    }

    @Test func serverKilledDuringALargeTransfer() async throws {
        _ = try RequiredTools.paths()
        let server = try await XvfbServer.start()
        let folder = try TemporaryFolder("midway")
        defer { folder.remove() }
        let png = PNGFixture.make(width: 1600, height: 1000, seed: 8)  // 4.8 MB
        let environment = Environments.x11(display: server.display, tmp: folder.path)
        let destination = ClipboardDestination(configuration: .init(timeout: .seconds(3)), environment: environment)
        let prepared = try destination.prepare(ShareRequest(content: ShareContent(attachments: [Fixtures.image(png)])))

        let started = clock.now
        let delivery = Task { () -> ShareError? in
            do throws(ShareError) {
                _ = try await destination.deliver(prepared)
                return nil
            } catch {
                return error
            }
        }
        try await Task.sleep(for: .milliseconds(40))
        server.process.signal(SIGKILL)
        let error = await delivery.value
        let elapsed = clock.now - started
        await server.stop()

        #expect(elapsed < .seconds(20), "took \(elapsed)")
        // Killed mid-way it fails as transient; on a fast machine the copy may have finished first.
        if let error { #expect(error.code == .transient, "\(error)") }
    }
}
