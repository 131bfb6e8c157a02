import CThreads
import ProcessRunning
import Synchronization

#if canImport(Glibc)
import Glibc
#endif

/// Turns SIGINT and SIGTERM during a share into cancellation, so the share stops the way a
/// timeout stops a delivery: the destination is cancelled, its temporary files are removed, the
/// report is printed (saying the share was interrupted) and `sharevia` exits with 130 or 143.
///
/// 1. ``start()`` catches both signals with a handler that only writes the signal's number to a
///    pipe (nothing else is safe in a handler); a watcher thread reads the pipe. Both signals are
///    unblocked (a parent may pass them on blocked); a signal the parent set to be ignored stays
///    ignored; programs sharevia starts get default handlers back at exec.
/// 2. Inside ``cancellingOnSignal(_:)`` (the share), the first signal cancels the command's task
///    (``watch(_:)``) and is remembered (``received``). Outside it, or for a second signal, the
///    process ends as the signal's default action would, at once.
/// 3. If the share has not stopped ``stopDeadline`` after the first signal (a destination that
///    ignores cancellation and blocks its thread), the process exits with 128 + the number anyway.
final class InterruptSignals: Sendable {
    private struct State {
        var task: Task<Void, Never>?
        var received: Int32?
        var cancellableScopes = 0
    }

    private let state = Mutex(State())
    private let readEnd: Int32

    /// How long a share may take to stop after the first signal.
    static let stopDeadline: Duration = .seconds(10)

    private init(readEnd: Int32) {
        self.readEnd = readEnd
    }

    /// Catches the signals and starts the watcher thread; nil (signals keep their default
    /// action) when no pipe or thread can be had.
    static func start() -> InterruptSignals? {
        let readEnd = cinterrupts_install()
        guard readEnd >= 0 else { return nil }
        let watcher = InterruptSignals(readEnd: readEnd)
        // Without the watcher, a signal's byte waits in the pipe and the share is never cancelled:
        // then end the process at once, as before.
        guard HelperThread.start({ watcher.watchPipe() }) != nil else {
            signal(SIGINT, SIG_DFL)
            signal(SIGTERM, SIG_DFL)
            return nil
        }
        return watcher
    }

    /// The task a signal cancels: the command's.
    func watch(_ task: Task<Void, Never>) {
        let cancelNow = state.withLock { state -> Bool in
            state.task = task
            return state.received != nil
        }
        if cancelNow { task.cancel() }
    }

    /// The first signal received inside ``cancellingOnSignal(_:)``: `SIGINT` or `SIGTERM`.
    var received: Int32? { state.withLock { $0.received } }

    /// Runs `body` with the first signal cancelling the command's task instead of ending the
    /// process.
    func cancellingOnSignal<Result>(_ body: () async throws -> Result) async rethrows -> Result {
        state.withLock { $0.cancellableScopes += 1 }
        defer { state.withLock { $0.cancellableScopes -= 1 } }
        return try await body()
    }

    /// `SIGINT` for 2, `SIGTERM` for 15.
    static func name(of signal: Int32) -> String {
        switch signal {
        case SIGINT: "SIGINT"
        case SIGTERM: "SIGTERM"
        default: "signal \(signal)"
        }
    }

    // MARK: - The watcher thread

    private enum Action {
        case die
        case cancel(Task<Void, Never>?)
    }

    private func watchPipe() {
        guard let signal = nextSignal(timeout: nil) else {
            // Nobody reads the pipe any more: the signals must end the process again.
            signal(SIGINT, SIG_DFL)
            signal(SIGTERM, SIG_DFL)
            return
        }
        let action = state.withLock { state -> Action in
            guard state.cancellableScopes > 0 else { return .die }
            state.received = signal
            return .cancel(state.task)
        }
        guard case .cancel(let task) = action else { die(signal) }
        task?.cancel()
        if let second = nextSignal(timeout: Self.stopDeadline) { die(second) }
        StandardStreams.printError(
            "error: interrupted by \(Self.name(of: signal)), and the share did not stop within "
                + "\(Self.stopDeadline.components.seconds) s; exiting without waiting for it"
        )
        LiveProcessGroups.killAll()
        _exit(128 + signal)
    }

    /// Ends the process as `signal` would, after killing the plugins it started (they lead
    /// process groups of their own, so a terminal's Ctrl-C never reaches them).
    private func die(_ signal: Int32) -> Never {
        LiveProcessGroups.killAll()
        cinterrupts_die(signal)
    }

    /// The next signal number from the pipe; nil at the timeout (or if the pipe fails).
    private func nextSignal(timeout: Duration?) -> Int32? {
        let deadline = timeout.map { ContinuousClock.now + $0 }
        while true {
            var wait: Int32 = -1
            if let deadline {
                let left = deadline - .now
                if left <= .zero { return nil }
                let (seconds, attoseconds) = left.components
                wait = Int32(seconds * 1000 + attoseconds / 1_000_000_000_000_000) + 1
            }
            var poller = pollfd(fd: readEnd, events: Int16(POLLIN), revents: 0)
            let ready = poll(&poller, 1, wait)
            if ready < 0 && errno == EINTR { continue }
            if ready < 0 { return nil }
            if ready == 0 { continue }
            var byte: UInt8 = 0
            let count = read(readEnd, &byte, 1)
            if count == 1 { return Int32(byte) }
            if count < 0 && errno == EINTR { continue }
            return nil
        }
    }
}
