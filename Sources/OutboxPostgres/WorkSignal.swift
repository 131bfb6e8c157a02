import Synchronization

/// A flag that `NOTIFY`s raise and an idle worker waits on: raised while nobody waits, the next wait
/// returns at once, so a share queued between a claim and the wait is not slept through.
final class WorkSignal: Sendable {
    private struct State {
        var raised = false
        var waiter: CheckedContinuation<Void, Never>?
    }

    private let state = Mutex(State())

    /// Raises the flag, waking the waiter if there is one.
    func raise() {
        let waiter = state.withLock { state in
            state.raised = true
            defer { state.waiter = nil }
            return state.waiter
        }
        waiter?.resume()
    }

    /// Waits until the flag is raised (and lowers it), or the task is cancelled.
    /// - Returns: True when raised, false when cancelled.
    func wait() async -> Bool {
        await withTaskCancellationHandler {
            await withCheckedContinuation { (waiter: CheckedContinuation<Void, Never>) in
                let resumeNow = state.withLock { state in
                    if state.raised || Task.isCancelled { return true }
                    state.waiter = waiter
                    return false
                }
                if resumeNow { waiter.resume() }
            }
            return state.withLock { state in
                defer { state.raised = false }
                return state.raised
            }
        } onCancel: {
            let waiter = state.withLock { state in
                defer { state.waiter = nil }
                return state.waiter
            }
            waiter?.resume()
        }
    }
}
