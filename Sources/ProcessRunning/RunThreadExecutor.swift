import Synchronization

/// A task executor with a thread of its own, for one run of one program: every job of the run's
/// tasks (swift-subprocess's reads and its wait included) and every timer of the run (the
/// deadline, the answer grace period) is served there, never on Swift's shared pool.
///
/// On a machine with two cores the shared pool has two threads; work that blocks them (a caller's
/// synchronous wait, a test's) would otherwise hold up the run: a child that writes more than a
/// pipe holds could not be read, and its deadline would pass unseen. The thread ends when the
/// run's body returns.
///
/// Executors are kept once made and reused by later runs, never freed: a task refers to the
/// executor it prefers without owning it, and swift-subprocess's I/O thread may still resume a
/// task of a finished run. Such a straggler runs on the shared pool, or on the thread of the run
/// that reuses the executor.
final class RunThreadExecutor: TaskExecutor, Sendable {
    /// The run's task, for a cancellation that arrives while it starts.
    private struct Run {
        var task: Task<Void, Never>?
        var cancelled = false
    }

    private let loop = JobLoop()
    private let current = Mutex(Run())
    /// Executors whose run is over, for the next runs.
    private static let idle = Mutex<[RunThreadExecutor]>([])

    private init() {}

    /// Runs `body` in a task that prefers a new executor of this kind, served on a new thread
    /// until `body` returns. Cancelling the calling task cancels the one running `body`.
    static func run<Result: Sendable>(
        _ body: @escaping @Sendable (RunThreadExecutor) async -> Result
    ) async -> Result {
        let executor = idle.withLock { $0.popLast() } ?? RunThreadExecutor()
        executor.loop.reset()
        executor.current.withLock { $0 = Run() }
        return await withTaskCancellationHandler {
            await withCheckedContinuation { continuation in
                let task = Task(executorPreference: executor) {
                    let value = await body(executor)
                    executor.loop.finish()
                    continuation.resume(returning: value)
                }
                let cancelNow = executor.current.withLock { run -> Bool in
                    run.task = task
                    return run.cancelled
                }
                if cancelNow { task.cancel() }
                BlockingThread.start {
                    executor.loop.serve(on: executor.asUnownedTaskExecutor(), ending: .afterTheQueue)
                    idle.withLock { $0.append(executor) }
                }
            }
        } onCancel: {
            let task = executor.current.withLock { run -> Task<Void, Never>? in
                run.cancelled = true
                return run.task
            }
            task?.cancel()
        }
    }

    func enqueue(_ job: UnownedJob) {
        // Once the thread is gone, a straggler (a finished task's last step) runs on the pool.
        if !loop.enqueue(job) { globalConcurrentExecutor.enqueue(job) }
    }

    /// Calls `fire` on this executor's thread at `deadline`, unless the run is over by then.
    func at(_ deadline: ContinuousClock.Instant, _ fire: @escaping @Sendable () -> Void) {
        loop.at(deadline, fire)
    }

    /// Suspends the calling task (which must prefer this executor) for `duration`.
    func sleep(for duration: Duration) async {
        await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
            at(.now + duration) { continuation.resume() }
        }
    }
}
