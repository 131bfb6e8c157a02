import Clipboard
import Foundation
import ProcessRunning
import Synchronization

#if canImport(Glibc)
import Glibc
#endif

/// A private Xvfb server on a free display, for tests.
///
/// Started with `Xvfb :N -nolisten tcp -noreset -screen 0 320x240x24`: without `-noreset` the
/// server resets when its last client leaves, and a connection that arrives meanwhile is dropped
/// (1 in 300 reads under load failed so), which a desktop, never without clients, doesn't do.
/// Ready once its socket accepts a connection. Use it through ``with(extraArguments:_:)``, which
/// always stops it and removes its log; stopping it also ends every xclip child that owns a
/// selection on it.
///
/// Display numbers come from one counter per test process, so suites running in parallel in one
/// process never race for a number; the start depends on the process id, so test processes
/// running side by side start far apart, and a number whose socket or lock file exists is skipped.
package final class XvfbServer: Sendable {
    /// The display name, such as `:57`.
    package let display: String
    /// The server process, for fault injection (`SIGSTOP`, `SIGKILL`).
    package let process: BackgroundProcess

    private init(display: String, process: BackgroundProcess) {
        self.display = display
        self.process = process
    }

    /// Where Xvfb on `display` writes its output: one file per display and test process.
    private static func logPath(display: String) -> String {
        NSTemporaryDirectory() + "sharevia-xvfb-\(display.dropFirst())-\(getpid()).log"
    }

    private var logPath: String { Self.logPath(display: display) }

    /// The lowest and highest display numbers handed out.
    static let numbers = 100...30000

    /// Display numbers handed out in this test process.
    private static let nextNumber = Mutex<Int>(numbers.lowerBound + Int(getpid() % 400) * 2)

    /// Xvfb could not be started on any of the displays tried.
    package struct StartFailure: Error, CustomStringConvertible {
        /// Why the last attempt failed, with the end of Xvfb's log.
        package var description: String
    }

    /// Runs `body` with a fresh server, then stops it and removes its log, whether `body`
    /// returned or threw. `extraArguments` go to Xvfb after the defaults.
    package static func with<R>(
        extraArguments: [String] = [],
        _ body: (XvfbServer) async throws -> R
    ) async throws -> R {
        let server = try await start(extraArguments: extraArguments)
        let result: R
        do {
            result = try await body(server)
        } catch {
            await server.stop()
            throw error
        }
        await server.stop()
        return result
    }

    /// Starts a server on the first free display number and waits until it answers.
    private static func start(extraArguments: [String]) async throws -> XvfbServer {
        let xvfb = try RequiredTools.path("Xvfb")
        var lastError = "no display number tried"
        for _ in 0..<20 {
            let number = nextNumber.withLock { value in
                defer { value = value >= numbers.upperBound ? numbers.lowerBound : value + 1 }
                return value
            }
            guard !FileManager.default.fileExists(atPath: "/tmp/.X\(number)-lock"),
                !FileManager.default.fileExists(atPath: "/tmp/.X11-unix/X\(number)")
            else { continue }
            let display = ":\(number)"
            let process = try await BackgroundProcess.start(
                xvfb,
                arguments: [display, "-nolisten", "tcp", "-noreset", "-screen", "0", "320x240x24"] + extraArguments,
                logPath: logPath(display: display)
            )
            let server = XvfbServer(display: display, process: process)
            if await server.waitUntilReady(timeout: .seconds(15)) { return server }
            lastError = "Xvfb :\(number) did not start: \(server.log.suffix(400))"
            await server.stop()
        }
        throw StartFailure(description: lastError)
    }

    /// True once the display's socket accepts connections; false if Xvfb exits or time runs out.
    private func waitUntilReady(timeout: Duration) async -> Bool {
        let clock = ContinuousClock()
        let deadline = clock.now + timeout
        let display = X11Display(self.display)!
        while clock.now < deadline {
            // Our server must be the one answering: another process's Xvfb may have won the display.
            guard process.isRunning else { return false }
            if display.serverAnswers() == true { return process.isRunning }
            try? await Task.sleep(for: .milliseconds(10))
        }
        return false
    }

    /// What the server printed, for failure messages.
    package var log: String { (try? String(contentsOfFile: logPath, encoding: .utf8)) ?? "" }

    /// Stops the server and removes its log.
    private func stop() async {
        await process.stop()
        try? FileManager.default.removeItem(atPath: logPath)
    }
}
