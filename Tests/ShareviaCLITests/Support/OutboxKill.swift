import Foundation
import ProcessRunning
import TestSupport

#if canImport(Glibc)
import Glibc
#endif

/// Runs the built `sharevia` until it reaches a step of the outbox, then kills it with SIGKILL,
/// through the test-only pause hook: with `SHAREVIA_TEST_OUTBOX_PAUSE=STEP` the code at that step
/// (`after-queue`, `after-sending`, `after-request`, `before-delivered`) writes the step's name to
/// the file named by `SHAREVIA_TEST_OUTBOX_PAUSE_FILE` and sleeps 60 s.
enum OutboxKill {
    /// What the killed process did.
    struct Killed {
        /// True when it reached the step and was killed there; false when it ended on its own
        /// first (or never got there within the hang guard).
        var pausedThere: Bool
        /// Its stdout and stderr, for the failure message.
        var log: String
    }

    /// The steps of the outbox a kill can land on, in order.
    static let steps = ["after-queue", "after-sending", "after-request", "before-delivered"]

    /// Starts `sharevia arguments` with only PATH, HOME, LANG and TMPDIR of this process plus
    /// `extra` and the pause hook at `step`, waits (up to 90 s) until it has paused there, and
    /// kills its process group with SIGKILL.
    static func run(
        _ arguments: [String],
        environment extra: [String: String],
        killedAt step: String
    ) async throws
        -> Killed
    {
        let folder = TemporaryFolder("outbox-kill")
        let pauseFile = folder.file("paused")
        var environment = ProcessInfo.processInfo.environment.filter {
            ["PATH", "HOME", "LANG", "TMPDIR"].contains($0.key)
        }
        for (key, value) in extra { environment[key] = value }
        environment["SHAREVIA_TEST_OUTBOX_PAUSE"] = step
        environment["SHAREVIA_TEST_OUTBOX_PAUSE_FILE"] = pauseFile
        let process = try await BackgroundProcess.start(
            ShareviaProcess.binary,
            arguments: arguments,
            environment: environment,
            logPath: folder.file("log")
        )
        // A hang guard only: the full test run delays a process's start by up to 40 s.
        let deadline = ContinuousClock.now + .seconds(90)
        var paused = false
        while ContinuousClock.now < deadline {
            if let written = folder.read("paused"), String(decoding: written, as: UTF8.self).contains(step) {
                paused = true
                break
            }
            guard process.isRunning else { break }
            try await Task.sleep(for: .milliseconds(10))
        }
        process.signal(SIGKILL)
        _ = await process.waitForExit(timeout: .seconds(30))
        let log = folder.read("log").map { String(decoding: $0, as: UTF8.self) } ?? ""
        return Killed(pausedThere: paused, log: log)
    }
}
