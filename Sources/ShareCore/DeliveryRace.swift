import Synchronization

/// Runs one delivery against a timeout and the caller's cancellation, whichever comes first.
///
/// The delivery runs in its own task, on ``RouterScheduling/taskExecutor``, and the timer waits on
/// ``RouterScheduling/clock``. When the timeout wins, that task is cancelled and *not* awaited,
/// so a delivery stuck in a blocking call can't hang the share. When the caller is cancelled (a
/// share interrupted by SIGINT), the delivery is cancelled and given up to ``cancellationGrace``
/// to stop what it started and remove its temporary files, so the report comes after the
/// clean-up and says what really happened; one that takes longer is left behind, as on a timeout.
package enum DeliveryRace {
    /// How long a cancelled delivery may take to stop before the race gives up waiting for it.
    static let cancellationGrace: Duration = .seconds(3)

    package enum Outcome: Sendable {
        case success(DeliveryReceipt)
        case failure(ShareError)
        case timedOut
        case cancelled
    }

    package static func run(
        timeout: Duration,
        scheduling: RouterScheduling,
        _ body: @escaping @Sendable () async throws(ShareError) -> DeliveryReceipt
    ) async -> Outcome {
        let gate = Gate()
        let work = Task(executorPreference: scheduling.taskExecutor) { () -> Outcome in
            do throws(ShareError) {
                return .success(try await body())
            } catch {
                return error.code == .cancelled && Task.isCancelled ? .cancelled : .failure(error)
            }
        }
        return await withTaskCancellationHandler {
            await withCheckedContinuation { (continuation: CheckedContinuation<Outcome, Never>) in
                gate.install(continuation)
                let timer = Task(executorPreference: scheduling.taskExecutor) {
                    try? await scheduling.clock.sleep(for: timeout)
                    if !Task.isCancelled, gate.finish(.timedOut) { work.cancel() }
                }
                Task(executorPreference: scheduling.taskExecutor) {
                    let outcome = await work.value
                    _ = gate.finish(outcome)
                    timer.cancel()
                }
            }
        } onCancel: {
            // From here the timer's firing means the caller's cancellation, not a timeout.
            gate.callerCancelled()
            work.cancel()
            Task(executorPreference: scheduling.taskExecutor) {
                try? await scheduling.clock.sleep(for: cancellationGrace)
                _ = gate.finish(.cancelled)
            }
        }
    }

    /// Resumes the continuation exactly once, whoever finishes first.
    private final class Gate: Sendable {
        private struct State {
            var continuation: CheckedContinuation<Outcome, Never>?
            var pending: Outcome?
            var done = false
            var callerCancelled = false
        }
        private let state = Mutex(State())

        func install(_ continuation: CheckedContinuation<Outcome, Never>) {
            let early: Outcome? = state.withLock { state in
                if let pending = state.pending { return pending }
                state.continuation = continuation
                return nil
            }
            if let early { continuation.resume(returning: early) }
        }

        /// Marks the caller cancelled: a timeout that fires during the grace period is reported
        /// as the cancellation it is, so the report names where the share was interrupted.
        func callerCancelled() {
            state.withLock { $0.callerCancelled = true }
        }

        /// Returns true when this call decided the outcome.
        func finish(_ outcome: Outcome) -> Bool {
            let (won, continuation, outcome): (Bool, CheckedContinuation<Outcome, Never>?, Outcome) = state.withLock {
                state in
                var outcome = outcome
                if state.callerCancelled, case .timedOut = outcome { outcome = .cancelled }
                guard !state.done else { return (false, nil, outcome) }
                state.done = true
                if let continuation = state.continuation {
                    state.continuation = nil
                    return (true, continuation, outcome)
                }
                state.pending = outcome
                return (true, nil, outcome)
            }
            continuation?.resume(returning: outcome)
            return won
        }
    }
}
