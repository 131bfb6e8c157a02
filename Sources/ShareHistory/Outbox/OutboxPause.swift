#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A test-only pause at a step of the outbox, for the kill -9 matrix, in debug builds only: when
/// the environment variable `SHAREVIA_TEST_OUTBOX_PAUSE` names the step, the step's name is
/// written to the file `SHAREVIA_TEST_OUTBOX_PAUSE_FILE` names, and the process sleeps 60 s there,
/// for the test to kill it.
///
/// Steps: `after-queue` (an item was committed), `after-sending` (a claim was committed, before
/// the request), `after-request` (the destination's `deliver` returned, before anything is
/// written), `before-delivered` (just before the item is marked delivered).
package enum OutboxPause: String, Sendable, CaseIterable {
    case afterQueue = "after-queue"
    case afterSending = "after-sending"
    case afterRequest = "after-request"
    case beforeDelivered = "before-delivered"

    /// Pauses here when the environment asks for this step; otherwise returns at once. Only in
    /// debug builds (the ones the tests and `scripts/reliability` run): a release build never
    /// reads the variables.
    package func pauseIfAsked() {
        #if DEBUG
        pauseIfAskedInDebugBuilds()
        #endif
    }

    private func pauseIfAskedInDebugBuilds() {
        guard let asked = getenv("SHAREVIA_TEST_OUTBOX_PAUSE"), String(cString: asked) == rawValue else { return }
        if let file = getenv("SHAREVIA_TEST_OUTBOX_PAUSE_FILE") {
            let descriptor = open(file, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o600)
            if descriptor >= 0 {
                let line = rawValue + "\n"
                _ = line.withCString { write(descriptor, $0, strlen($0)) }
                close(descriptor)
            }
        }
        sleep(60)
    }
}
