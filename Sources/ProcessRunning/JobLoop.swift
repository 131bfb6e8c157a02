import Synchronization

#if canImport(Glibc)
import Glibc
#endif

/// The jobs and timers of a task executor that one thread serves: the thread that calls
/// ``serve(on:ending:)``. A mutex guards them; a condition variable on the monotonic clock wakes
/// the thread when a job, a timer or the end arrives, or when the next timer is due.
///
/// ``RunThreadExecutor`` (a thread per program run) and the CLI's calling-thread executor (the
/// main thread of a command) are each one of these and what differs between them: which thread
/// serves, and what happens at the end.
package final class JobLoop: @unchecked Sendable {
    /// What ``serve(on:ending:)`` does once ``finish()`` is called.
    package enum Ending: Sendable {
        /// Return at once; jobs still queued are not run. For a process's top level, which exits
        /// next.
        case atOnce
        /// Run the jobs still queued, then fire every timer left (its sleepers resume), then
        /// return; a job that arrives after that is refused (``enqueue(_:)`` returns false).
        case afterTheQueue
    }

    private struct Timer {
        let id: UInt64
        let deadline: ContinuousClock.Instant
        /// Called on the serving thread when due (false), or by a cancellation (true).
        let fire: @Sendable (_ cancelled: Bool) -> Void
    }

    /// Guarded by `mutex`.
    private struct State {
        var jobs: [UnownedJob] = []
        var timers: [Timer] = []
        var lastTimerID: UInt64 = 0
        /// Sleeps cancelled before they set their timer.
        var cancelledSleeps: Set<UInt64> = []
        var finished = false
    }

    private var state = State()
    private let mutex = UnsafeMutablePointer<pthread_mutex_t>.allocate(capacity: 1)
    private let condition = UnsafeMutablePointer<pthread_cond_t>.allocate(capacity: 1)

    package init() {
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

    /// Empties the loop for another run: no jobs, no timers, not finished.
    package func reset() { withState { $0 = State() } }

    /// Queues `job` for the serving thread; false when the loop has finished and has nothing left
    /// to run, so the caller runs it elsewhere (or not at all).
    package func enqueue(_ job: UnownedJob) -> Bool {
        let taken = withState { state -> Bool in
            guard !state.finished || !state.jobs.isEmpty else { return false }
            state.jobs.append(job)
            return true
        }
        if taken { pthread_cond_signal(condition) }
        return taken
    }

    /// Calls `fire` on the serving thread at `deadline` (or at the end, for
    /// ``Ending/afterTheQueue``).
    package func at(_ deadline: ContinuousClock.Instant, _ fire: @escaping @Sendable () -> Void) {
        withState { state in
            state.lastTimerID += 1
            state.timers.append(Timer(id: state.lastTimerID, deadline: deadline) { _ in fire() })
        }
        pthread_cond_signal(condition)
    }

    /// Suspends until `deadline`, woken by the serving thread; throws `CancellationError` when
    /// the task is cancelled first.
    package func sleep(until deadline: ContinuousClock.Instant) async throws {
        let id = withState { state -> UInt64 in
            state.lastTimerID += 1
            return state.lastTimerID
        }
        // A cancellation that raced the timer firing leaves its id behind; forget it.
        defer { withState { _ = $0.cancelledSleeps.remove(id) } }
        try await withTaskCancellationHandler {
            try await withUnsafeThrowingContinuation { (continuation: UnsafeContinuation<Void, any Error>) in
                let timer = Timer(id: id, deadline: deadline) { cancelled in
                    if cancelled { continuation.resume(throwing: CancellationError()) } else { continuation.resume() }
                }
                let cancelledAlready = withState { state -> Bool in
                    if state.cancelledSleeps.remove(id) != nil { return true }
                    state.timers.append(timer)
                    return false
                }
                if cancelledAlready {
                    timer.fire(true)
                } else {
                    pthread_cond_signal(condition)
                }
            }
        } onCancel: {
            let timer = withState { state -> Timer? in
                if let index = state.timers.firstIndex(where: { $0.id == id }) { return state.timers.remove(at: index) }
                state.cancelledSleeps.insert(id)
                return nil
            }
            timer?.fire(true)
        }
    }

    /// Ends the serving: ``serve(on:ending:)`` returns as its `ending` says.
    package func finish() {
        withState { $0.finished = true }
        pthread_cond_signal(condition)
    }

    /// Fires due timers (earliest first) and runs the queued jobs in their order on `executor`,
    /// waiting for more in between, until ``finish()`` and then as `ending` says.
    package func serve(on executor: UnownedTaskExecutor, ending: Ending) {
        while true {
            pthread_mutex_lock(mutex)
            var due: [Timer] = []
            while true {
                let now = ContinuousClock.now
                due = state.timers.filter { $0.deadline <= now }.sorted { $0.deadline < $1.deadline }
                state.timers.removeAll { $0.deadline <= now }
                if !state.jobs.isEmpty || !due.isEmpty || state.finished { break }
                waitForWork(until: state.timers.lazy.map(\.deadline).min())
            }
            if state.finished && ending == .atOnce {
                pthread_mutex_unlock(mutex)
                return
            }
            let jobs = state.jobs
            state.jobs = []
            let done = state.finished && jobs.isEmpty && due.isEmpty
            if done {
                // Timers still set belong to a run that is over; sleepers among them resume now.
                due = state.timers
                state.timers = []
            }
            pthread_mutex_unlock(mutex)
            for timer in due { timer.fire(false) }
            for job in jobs { job.runSynchronously(on: executor) }
            if done { return }
        }
    }

    private func withState<R>(_ body: (inout State) -> R) -> R {
        pthread_mutex_lock(mutex)
        defer { pthread_mutex_unlock(mutex) }
        return body(&state)
    }

    /// Waits on `condition` (with `mutex` held) until signalled or, when given, `deadline`.
    private func waitForWork(until deadline: ContinuousClock.Instant?) {
        guard let deadline else {
            pthread_cond_wait(condition, mutex)
            return
        }
        var now = timespec()
        clock_gettime(CLOCK_MONOTONIC, &now)
        let (seconds, attoseconds) = max(deadline - .now, .zero).components
        var wake = timespec(
            tv_sec: now.tv_sec + Int(seconds),
            tv_nsec: now.tv_nsec + Int(attoseconds / 1_000_000_000)
        )
        if wake.tv_nsec >= 1_000_000_000 {
            wake.tv_sec += 1
            wake.tv_nsec -= 1_000_000_000
        }
        pthread_cond_timedwait(condition, mutex, &wake)
    }
}
