import ShareCore
import Synchronization

#if canImport(Glibc)
import Glibc
#endif

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
final class CallingThreadExecutor: TaskExecutor, @unchecked Sendable {
    private struct Timer {
        let id: UInt64
        let deadline: ContinuousClock.Instant
        let continuation: UnsafeContinuation<Void, any Error>
    }

    /// Guarded by `mutex`; `condition` is signalled when a job, a timer or the end arrives.
    private struct State {
        var jobs: [UnownedJob] = []
        var timers: [Timer] = []
        var lastSleepID: UInt64 = 0
        /// Sleeps cancelled before they registered their timer.
        var cancelledSleeps: Set<UInt64> = []
        var finished = false
    }

    private var state = State()
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
            executor.withState { $0.finished = true }
            pthread_cond_signal(executor.condition)
        }
        started(task)
        executor.serve()
        return result.withLock { $0.take()! }
    }

    /// The router's delivery and timer tasks on this executor, their timeouts on ``clock``.
    var routerScheduling: RouterScheduling {
        RouterScheduling(taskExecutor: self, clock: clock)
    }

    /// A clock whose sleeps this executor's loop wakes.
    var clock: LoopClock { LoopClock(executor: self) }

    func enqueue(_ job: consuming ExecutorJob) {
        let job = UnownedJob(job)
        withState { $0.jobs.append(job) }
        pthread_cond_signal(condition)
    }

    // MARK: - The loop

    private func withState<T>(_ body: (inout State) -> T) -> T {
        pthread_mutex_lock(mutex)
        defer { pthread_mutex_unlock(mutex) }
        return body(&state)
    }

    /// Fires due timers (earliest first), then runs the jobs queued so far in their order, until
    /// the body's task finishes.
    private func serve() {
        pthread_mutex_lock(mutex)
        while !state.finished {
            var jobs: [UnownedJob] = []
            swap(&jobs, &state.jobs)
            let now = ContinuousClock.now
            let due = state.timers.filter { $0.deadline <= now }.sorted { $0.deadline < $1.deadline }
            state.timers.removeAll { $0.deadline <= now }
            if jobs.isEmpty && due.isEmpty {
                waitForWork(until: state.timers.lazy.map(\.deadline).min())
                continue
            }
            pthread_mutex_unlock(mutex)
            for timer in due { timer.continuation.resume() }
            for job in jobs { job.runSynchronously(on: asUnownedTaskExecutor()) }
            pthread_mutex_lock(mutex)
        }
        pthread_mutex_unlock(mutex)
    }

    /// Waits on `condition` (with `mutex` held) until signalled or, when given, the deadline.
    private func waitForWork(until deadline: ContinuousClock.Instant?) {
        guard let deadline else {
            pthread_cond_wait(condition, mutex)
            return
        }
        let remaining = deadline - .now
        guard remaining > .zero else { return }
        var wake = timespec()
        clock_gettime(CLOCK_MONOTONIC, &wake)
        let (seconds, attoseconds) = remaining.components
        let nanoseconds = Int(wake.tv_nsec) + Int(attoseconds / 1_000_000_000)
        wake.tv_sec += Int(seconds) + nanoseconds / 1_000_000_000
        wake.tv_nsec = nanoseconds % 1_000_000_000
        pthread_cond_timedwait(condition, mutex, &wake)
    }

    // MARK: - Sleeping

    /// Suspends until `deadline`; throws `CancellationError` when the task is cancelled first.
    fileprivate func sleep(until deadline: ContinuousClock.Instant) async throws {
        let id = withState { state -> UInt64 in
            state.lastSleepID += 1
            return state.lastSleepID
        }
        // A cancellation that raced the timer firing leaves its id behind; forget it.
        defer { withState { _ = $0.cancelledSleeps.remove(id) } }
        try await withTaskCancellationHandler {
            try await withUnsafeThrowingContinuation { (continuation: UnsafeContinuation<Void, any Error>) in
                let cancelledAlready = withState { state -> Bool in
                    if state.cancelledSleeps.remove(id) != nil { return true }
                    state.timers.append(Timer(id: id, deadline: deadline, continuation: continuation))
                    return false
                }
                if cancelledAlready {
                    continuation.resume(throwing: CancellationError())
                } else {
                    pthread_cond_signal(condition)
                }
            }
        } onCancel: {
            let continuation = withState { state -> UnsafeContinuation<Void, any Error>? in
                if let index = state.timers.firstIndex(where: { $0.id == id }) {
                    return state.timers.remove(at: index).continuation
                }
                state.cancelledSleeps.insert(id)
                return nil
            }
            continuation?.resume(throwing: CancellationError())
        }
    }

    /// `ContinuousClock` time, with sleeps woken by a ``CallingThreadExecutor``'s loop (so only
    /// while its ``CallingThreadExecutor/run(_:)`` serves it).
    struct LoopClock: Clock {
        let executor: CallingThreadExecutor

        var now: ContinuousClock.Instant { .now }
        var minimumResolution: Duration { ContinuousClock().minimumResolution }

        func sleep(until deadline: ContinuousClock.Instant, tolerance: Duration?) async throws {
            try await executor.sleep(until: deadline)
        }
    }
}
