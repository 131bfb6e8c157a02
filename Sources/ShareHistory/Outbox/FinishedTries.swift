import Synchronization

/// Where a run's concurrent tries leave how they ended, for the run to record together: the run
/// waits until at least one has ended, then takes every one that has.
final class FinishedTries<Try: Sendable>: Sendable {
    private struct State {
        var ended: [Try] = []
        var waiter: CheckedContinuation<Void, Never>?
    }

    private let state = Mutex(State())

    /// Leaves one ended try, waking the run if it waits.
    func put(_ ended: Try) {
        let waiter = state.withLock { state in
            state.ended.append(ended)
            defer { state.waiter = nil }
            return state.waiter
        }
        waiter?.resume()
    }

    /// Every try that has ended since the last call, without waiting (none when none has).
    func takeAvailable() -> [Try] {
        state.withLock { state in
            defer { state.ended = [] }
            return state.ended
        }
    }

    /// Every try that has ended since the last call, waiting for one when none has. Not
    /// cancellable: the tries it waits for end on their own, cancelled with the run.
    func takeAll() async -> [Try] {
        while true {
            let taken = state.withLock { state in
                defer { state.ended = [] }
                return state.ended
            }
            if !taken.isEmpty { return taken }
            await withCheckedContinuation { (waiter: CheckedContinuation<Void, Never>) in
                let endedMeanwhile = state.withLock { state in
                    if state.ended.isEmpty { state.waiter = waiter }
                    return !state.ended.isEmpty
                }
                if endedMeanwhile { waiter.resume() }
            }
        }
    }
}
