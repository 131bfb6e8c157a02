import ProcessRunning
import ShareCore
import Synchronization

#if canImport(Glibc)
import Glibc
#endif

/// Runs blocking work (copying files) on a thread of its own while the calling task waits, and
/// turns the task's cancellation (the router's timeout, an interrupt) into a flag the work reads.
///
/// The calling task suspends instead of blocking, so on sharevia's one-thread executor the
/// router's timer still fires; when it cancels the task, the work sees the flag at its next
/// check, cleans up (a staged file removes itself) and returns its error.
package enum CancellableBlockingWork {
    /// How many bodies are running. A process-wide count, as threads are: a command line that
    /// is about to exit waits for them with ``waitForWorkInFlight(upTo:)``.
    private static let inFlight = Atomic<Int>(0)

    /// Waits (at most `limit`) until no body started by ``run(_:)`` is running: a delivery the
    /// router abandoned at its timeout has been told to stop and is removing what it wrote, which
    /// takes one chunk's time. Called by a process before it exits.
    package static func waitForWorkInFlight(upTo limit: Duration) {
        let deadline = ContinuousClock.now + limit
        while inFlight.load(ordering: .acquiring) > 0 && ContinuousClock.now < deadline {
            var pause = timespec(tv_sec: 0, tv_nsec: 1_000_000)
            nanosleep(&pause, nil)
        }
    }

    /// Runs `body` on a new thread and returns what it returns.
    ///
    /// - Parameter body: The work; it is passed a function that tells whether the task was cancelled.
    /// - Throws: What `body` throws.
    static func run<Value: Sendable>(
        _ body: @escaping @Sendable (@escaping @Sendable () -> Bool) throws(ShareError) -> Value
    ) async throws(ShareError) -> Value {
        let flag = Flag()
        if Task.isCancelled { flag.set() }
        let result: Result<Value, ShareError> = await withTaskCancellationHandler {
            await withCheckedContinuation { (continuation: CheckedContinuation<Result<Value, ShareError>, Never>) in
                inFlight.add(1, ordering: .acquiringAndReleasing)
                BlockingThread.start {
                    let result = Result { () throws(ShareError) -> Value in try body { flag.isSet } }
                    inFlight.subtract(1, ordering: .acquiringAndReleasing)
                    continuation.resume(returning: result)
                }
            }
        } onCancel: {
            flag.set()
        }
        return try result.get()
    }

    /// A cancellation flag that any thread may set and read.
    private final class Flag: Sendable {
        private let value = Atomic<Bool>(false)
        var isSet: Bool { value.load(ordering: .acquiring) }
        func set() { value.store(true, ordering: .releasing) }
    }
}
