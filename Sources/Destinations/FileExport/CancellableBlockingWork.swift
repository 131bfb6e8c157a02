import ProcessRunning
import ShareCore
import Synchronization

/// Runs blocking work (copying files) on a thread of its own while the calling task waits, and
/// turns the task's cancellation (the router's timeout, an interrupt) into a flag the work reads.
///
/// The calling task suspends instead of blocking, so on sharevia's one-thread executor the
/// router's timer still fires; when it cancels the task, the work sees the flag at its next
/// check, cleans up (a staged file removes itself) and returns its error.
enum CancellableBlockingWork {
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
                BlockingThread.start {
                    let result = Result { () throws(ShareError) -> Value in try body { flag.isSet } }
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
