import Synchronization

/// A clock that moves only when a test moves it, so the router's timeouts, backoff and
/// cancellation grace run at once and in an order the test decides.
///
/// Pass it to the router in ``ShareCore/RouterScheduling``, wait until the router sleeps for
/// the wait you expect, then move the clock past it:
///
/// ```swift
/// let clock = ManualClock()
/// let router = ShareRouter(registry: registry, scheduling: RouterScheduling(clock: clock))
/// let share = Task { try await router.share(content, via: ["flaky"]) }
/// await clock.waitForSleep(of: .milliseconds(200))   // the backoff before the first retry
/// clock.advance(by: .milliseconds(200))
/// let report = try await share.value
/// ```
public final class ManualClock: Clock, Sendable {
    /// A point on a manual clock: how far it was moved from its start.
    public struct Instant: InstantProtocol {
        /// The time since the clock's start.
        public var offset: Duration

        /// The instant `offset` after the clock's start.
        public init(offset: Duration) { self.offset = offset }

        public func advanced(by duration: Duration) -> Instant { Instant(offset: offset + duration) }
        public func duration(to other: Instant) -> Duration { other.offset - offset }
        public static func < (lhs: Instant, rhs: Instant) -> Bool { lhs.offset < rhs.offset }
    }

    private struct Sleeper {
        var id: Int
        var deadline: Instant
        var continuation: CheckedContinuation<Void, any Error>
    }

    private struct Watcher {
        var duration: Duration
        var continuation: CheckedContinuation<Void, Never>
    }

    private struct State {
        var now = Instant(offset: .zero)
        var nextID = 0
        var sleepers: [Sleeper] = []
        var watchers: [Watcher] = []
        var requested: [Duration] = []
    }

    private let state = Mutex(State())

    /// A clock at its start, moved by nothing but ``advance(by:)``.
    public init() {}

    public var now: Instant { state.withLock { $0.now } }

    public var minimumResolution: Duration { .zero }

    /// Every sleep asked of this clock, as the time from then to its deadline, in order.
    public var requestedSleeps: [Duration] { state.withLock { $0.requested } }

    /// How many sleeps are waiting for the clock to move.
    public var sleeperCount: Int { state.withLock { $0.sleepers.count } }

    /// Waits until `deadline`, which comes only when the clock is moved to it or past it.
    ///
    /// - Throws: `CancellationError` when the task is cancelled first.
    public func sleep(until deadline: Instant, tolerance: Duration? = nil) async throws {
        let id = state.withLock { state in
            state.nextID += 1
            return state.nextID
        }
        try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<Void, any Error>) in
                let (resume, watchers) = state.withLock { state -> (Result<Void, any Error>?, [Watcher]) in
                    state.requested.append(state.now.duration(to: deadline))
                    if Task.isCancelled { return (.failure(CancellationError()), []) }
                    if deadline <= state.now { return (.success(()), []) }
                    state.sleepers.append(Sleeper(id: id, deadline: deadline, continuation: continuation))
                    return (nil, Self.satisfied(&state))
                }
                for watcher in watchers { watcher.continuation.resume() }
                if let resume { continuation.resume(with: resume) }
            }
        } onCancel: {
            let sleeper = state.withLock { state -> Sleeper? in
                guard let index = state.sleepers.firstIndex(where: { $0.id == id }) else { return nil }
                return state.sleepers.remove(at: index)
            }
            sleeper?.continuation.resume(throwing: CancellationError())
        }
    }

    /// Moves the clock on by `duration` and wakes every sleep whose deadline that reaches.
    public func advance(by duration: Duration) {
        let due = state.withLock { state -> [Sleeper] in
            state.now = state.now.advanced(by: duration)
            let now = state.now
            let due = state.sleepers.filter { $0.deadline <= now }.sorted { $0.deadline < $1.deadline }
            state.sleepers.removeAll { $0.deadline <= now }
            return due
        }
        for sleeper in due { sleeper.continuation.resume() }
    }

    /// Waits until something sleeps on this clock until `duration` from now (the clock's now
    /// when the wait ends), such as the router's backoff before a retry. It waits for as long as
    /// nothing does: ask for the wait the code really makes (a backoff is capped by
    /// ``ShareCore/RetryPolicy/maxBackoff``).
    public func waitForSleep(of duration: Duration) async {
        await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
            let ready = state.withLock { state -> Bool in
                if Self.isSleeping(duration, in: state) { return true }
                state.watchers.append(Watcher(duration: duration, continuation: continuation))
                return false
            }
            if ready { continuation.resume() }
        }
    }

    private static func isSleeping(_ duration: Duration, in state: State) -> Bool {
        state.sleepers.contains { state.now.duration(to: $0.deadline) == duration }
    }

    /// Removes and returns the watchers whose sleep has begun.
    private static func satisfied(_ state: inout State) -> [Watcher] {
        let current = state
        let ready = state.watchers.filter { isSleeping($0.duration, in: current) }
        state.watchers.removeAll { isSleeping($0.duration, in: current) }
        return ready
    }
}
