import Synchronization

#if canImport(Glibc)
import Glibc
#endif

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
final class RunThreadExecutor: TaskExecutor, @unchecked Sendable {
    private struct Timer {
        let deadline: ContinuousClock.Instant
        let fire: @Sendable () -> Void
    }

    /// Guarded by `mutex`; `condition` is signalled when a job, a timer or the end arrives.
    private struct State {
        var jobs: [UnownedJob] = []
        var timers: [Timer] = []
        var finished = false
        var task: Task<Void, Never>?
        var cancelled = false
    }

    private var state = State()
    /// Executors whose run is over, for the next runs.
    private static let idle = Mutex<[RunThreadExecutor]>([])
    private let mutex = UnsafeMutablePointer<pthread_mutex_t>.allocate(capacity: 1)
    private let condition = UnsafeMutablePointer<pthread_cond_t>.allocate(capacity: 1)

    private init() {
        pthread_mutex_init(mutex, nil)
        var attributes = pthread_condattr_t()
        pthread_condattr_init(&attributes)
        pthread_condattr_setclock(&attributes, CLOCK_MONOTONIC)
        pthread_cond_init(condition, &attributes)
        pthread_condattr_destroy(&attributes)
    }

    deinit {
        pthread_cond_destroy(condition)
        pthread_mutex_destroy(mutex)
        condition.deallocate()
        mutex.deallocate()
    }

    /// Runs `body` in a task that prefers a new executor of this kind, served on a new thread
    /// until `body` returns. Cancelling the calling task cancels the one running `body`.
    static func run<Result: Sendable>(
        _ body: @escaping @Sendable (RunThreadExecutor) async -> Result
    ) async -> Result {
        let executor = idle.withLock { $0.popLast() } ?? RunThreadExecutor()
        executor.withState { $0 = State() }
        return await withTaskCancellationHandler {
            await withCheckedContinuation { continuation in
                let task = Task(executorPreference: executor) {
                    let value = await body(executor)
                    executor.withState { $0.finished = true }
                    pthread_cond_signal(executor.condition)
                    continuation.resume(returning: value)
                }
                let cancelNow = executor.withState { state -> Bool in
                    state.task = task
                    return state.cancelled
                }
                if cancelNow { task.cancel() }
                BlockingThread.start {
                    executor.serve()
                    idle.withLock { $0.append(executor) }
                }
            }
        } onCancel: {
            let task = executor.withState { state -> Task<Void, Never>? in
                state.cancelled = true
                return state.task
            }
            task?.cancel()
        }
    }

    func enqueue(_ job: UnownedJob) {
        let served = withState { state -> Bool in
            guard !state.finished || !state.jobs.isEmpty else { return false }
            state.jobs.append(job)
            return true
        }
        // Once the thread is gone, a straggler (a finished task's last step) runs on the pool.
        guard served else { return globalConcurrentExecutor.enqueue(job) }
        pthread_cond_signal(condition)
    }

    /// Calls `fire` on this executor's thread at `deadline`, unless the run is over by then.
    func at(_ deadline: ContinuousClock.Instant, _ fire: @escaping @Sendable () -> Void) {
        withState { $0.timers.append(Timer(deadline: deadline, fire: fire)) }
        pthread_cond_signal(condition)
    }

    /// Suspends the calling task (which must prefer this executor) for `duration`.
    func sleep(for duration: Duration) async {
        await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
            at(.now + duration) { continuation.resume() }
        }
    }

    /// Runs jobs and due timers until the body has returned and no job is left.
    private func serve() {
        while true {
            var jobs: [UnownedJob] = []
            var due: [Timer] = []
            pthread_mutex_lock(mutex)
            while true {
                let now = ContinuousClock.now
                due = state.timers.filter { $0.deadline <= now }
                state.timers.removeAll { $0.deadline <= now }
                if !state.jobs.isEmpty || !due.isEmpty || state.finished { break }
                if let next = state.timers.map(\.deadline).min() {
                    var wake = Self.monotonicTimespec(after: next - now)
                    pthread_cond_timedwait(condition, mutex, &wake)
                } else {
                    pthread_cond_wait(condition, mutex)
                }
            }
            jobs = state.jobs
            state.jobs = []
            let done = state.finished && jobs.isEmpty && due.isEmpty
            if done {
                // Timers still set belong to a run that is over; sleepers among them resume now.
                due = state.timers
                state.timers = []
            }
            pthread_mutex_unlock(mutex)
            for timer in due { timer.fire() }
            for job in jobs { job.runSynchronously(on: asUnownedTaskExecutor()) }
            if done { return }
        }
    }

    private func withState<R>(_ body: (inout State) -> R) -> R {
        pthread_mutex_lock(mutex)
        defer { pthread_mutex_unlock(mutex) }
        return body(&state)
    }

    /// CLOCK_MONOTONIC now plus `delay`, as pthread_cond_timedwait takes it.
    private static func monotonicTimespec(after delay: Duration) -> timespec {
        var now = timespec()
        clock_gettime(CLOCK_MONOTONIC, &now)
        let (seconds, attoseconds) = max(delay, .zero).components
        var result = timespec(
            tv_sec: now.tv_sec + Int(seconds),
            tv_nsec: now.tv_nsec + Int(attoseconds / 1_000_000_000)
        )
        if result.tv_nsec >= 1_000_000_000 {
            result.tv_sec += 1
            result.tv_nsec -= 1_000_000_000
        }
        return result
    }
}
