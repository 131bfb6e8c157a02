import ProcessRunning
import ShareCore
import Synchronization

/// Runs a command's async work on the thread that calls ``run(_:)``, starting no other thread.
///
/// Swift's global concurrent executor starts Dispatch's worker and timer threads the first time a
/// task or a sleep uses it, which costs 1 to 2 ms of a command that takes a few. The CLI runs each
/// command in a task that prefers this executor, and gives the router ``routerScheduling``, so the
/// router's delivery and timer tasks run here too and its timeouts sleep on ``clock``, whose
/// timers this loop fires.
///
/// Work that blocks the thread instead of suspending holds up everything else here, timeouts
/// included: blocking work belongs on a thread of its own, as sharevia's destinations do it
/// (`BlockingThread`, the process runner's waits). Tasks that don't prefer this executor run on
/// the global one as usual.
final class CallingThreadExecutor: TaskExecutor, Sendable {
    private let loop = JobLoop()

    private init() {}

    /// Runs `body` in a task that prefers a new executor of this kind, and serves that executor's
    /// jobs and timers on the calling thread until `body` returns.
    ///
    /// Jobs still queued when `body` returns are not run: this is for a process's top level,
    /// which exits next.
    ///
    /// - Parameter started: Called with the task that runs `body`, before it runs, so that a
    ///   signal can cancel it (``InterruptSignals``).
    static func run<Result: Sendable>(
        started: (Task<Void, Never>) -> Void = { _ in },
        _ body: @escaping @Sendable (CallingThreadExecutor) async -> Result
    ) -> Result {
        let executor = CallingThreadExecutor()
        let result = Mutex<Result?>(nil)
        let task = Task(executorPreference: executor) {
            let value = await body(executor)
            result.withLock { $0 = value }
            executor.loop.finish()
        }
        started(task)
        executor.loop.serve(on: executor.asUnownedTaskExecutor(), ending: .atOnce)
        return result.withLock { $0.take()! }
    }

    /// The router's delivery and timer tasks on this executor, their timeouts on ``clock``.
    var routerScheduling: RouterScheduling {
        RouterScheduling(taskExecutor: self, clock: clock)
    }

    /// A clock whose sleeps this executor's loop wakes.
    var clock: LoopClock { LoopClock(executor: self) }

    func enqueue(_ job: consuming ExecutorJob) {
        // After the end, a job is left unrun: the process exits next.
        _ = loop.enqueue(UnownedJob(job))
    }

    /// `ContinuousClock` time, with sleeps woken by a ``CallingThreadExecutor``'s loop (so only
    /// while its ``CallingThreadExecutor/run(started:_:)`` serves it).
    struct LoopClock: Clock {
        let executor: CallingThreadExecutor

        var now: ContinuousClock.Instant { .now }
        var minimumResolution: Duration { ContinuousClock().minimumResolution }

        func sleep(until deadline: ContinuousClock.Instant, tolerance: Duration?) async throws {
            try await executor.loop.sleep(until: deadline)
        }
    }
}
