import Subprocess
import Synchronization
import SystemPackage

#if canImport(Glibc)
import Glibc
#endif

/// A long-running program started in the background, such as an `Xvfb` server for tests.
///
/// Started through swift-subprocess: the program leads its own process group, reads `/dev/null`,
/// writes its output to a log file (or `/dev/null`) and inherits no descriptor from 3 up. Stop it
/// with ``stop(grace:)``, which sends `SIGTERM` to the group, waits, then sends `SIGKILL`. It is
/// always reaped, by the task that started it. A process that is dropped without being stopped is
/// killed (group-wide, `SIGKILL`) by `deinit`.
///
/// ```swift
/// let server = try await BackgroundProcess.start("/usr/bin/Xvfb", arguments: [":42", "-nolisten", "tcp"])
/// defer { Task { await server.stop() } }
/// ```
package final class BackgroundProcess: Sendable {
    /// The process id (also its process group id).
    package let pid: Int32
    private let tracker: ExitTracker

    private init(pid: Int32, tracker: ExitTracker) {
        self.pid = pid
        self.tracker = tracker
    }

    /// Starts the program and returns once it is running.
    ///
    /// - Parameters:
    ///   - executable: The absolute path of the program.
    ///   - arguments: The arguments, without the program name.
    ///   - environment: The child's environment, or nil to inherit ours.
    ///   - logPath: A file for its stdout and stderr (created or truncated, mode 0600), or nil.
    /// - Throws: ``ProcessRunnerError`` when it can't be started.
    package static func start(
        _ executable: String,
        arguments: [String] = [],
        environment: [String: String]? = nil,
        logPath: String? = nil
    ) async throws(ProcessRunnerError) -> BackgroundProcess {
        let flags = logPath == nil ? O_WRONLY | O_CLOEXEC : O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC
        let log = open(logPath ?? "/dev/null", flags, 0o600)
        guard log >= 0 else { throw ProcessRunnerError(executable: executable, errno: errno) }
        let logCopy = fcntl(log, F_DUPFD_CLOEXEC, 0)
        guard logCopy >= 0 else {
            let code = errno
            close(log)
            throw ProcessRunnerError(executable: executable, errno: code)
        }
        var options = PlatformOptions()
        options.processGroupID = 0
        let configuration = Configuration(
            executable: .path(FilePath(executable)),
            arguments: Arguments(arguments),
            environment: environment.map(ChildRun.environment) ?? .inherit,
            platformOptions: options
        )
        let tracker = ExitTracker()
        let started: Result<Int32, ProcessRunnerError> = await withCheckedContinuation { continuation in
            let reply = ReplyOnce(continuation)
            // Detached: the program outlives the caller's task; this task waits for it and reaps it.
            Task.detached {
                do {
                    _ = try await Subprocess.run(
                        configuration,
                        input: .none,
                        output: .fileDescriptor(FileDescriptor(rawValue: log), closeAfterSpawningProcess: true),
                        error: .fileDescriptor(FileDescriptor(rawValue: logCopy), closeAfterSpawningProcess: true)
                    ) { execution in
                        tracker.started(execution.processIdentifier.value)
                        reply.send(.success(execution.processIdentifier.value))
                        await tracker.waitForExit(execution.processIdentifier.processDescriptor)
                    }
                } catch {
                    tracker.markExited()
                    reply.send(.failure(ChildRun.spawnError(error, executable: executable)))
                }
            }
        }
        return BackgroundProcess(pid: try started.get(), tracker: tracker)
    }

    /// True while the program has not exited.
    package var isRunning: Bool { !tracker.hasExited }

    /// Sends a signal to the program's whole process group (`SIGSTOP` to freeze a server,
    /// `SIGKILL` to crash it). Does nothing once it has exited.
    package func signal(_ signal: Int32) {
        tracker.signalGroup(signal)
    }

    /// Waits up to `timeout` for the program to exit on its own; true when it did.
    package func waitForExit(timeout: Duration) async -> Bool {
        let deadline = ContinuousClock.now + timeout
        while isRunning {
            guard ContinuousClock.now < deadline else { return false }
            try? await Task.sleep(for: .milliseconds(5))
        }
        return true
    }

    /// Stops the program: `SIGTERM` (and `SIGCONT`, in case it was stopped) to its group, up to
    /// `grace` to exit, then `SIGKILL`. Returns once it has exited.
    package func stop(grace: Duration = .seconds(2)) async {
        guard isRunning else { return }
        signal(SIGTERM)
        signal(SIGCONT)
        if await waitForExit(timeout: grace) { return }
        signal(SIGKILL)
        _ = await waitForExit(timeout: .seconds(10))
    }

    deinit {
        tracker.signalGroup(SIGKILL)
    }
}

/// Whether a background program has exited, and its group's signals while it has not.
///
/// Exit is seen through the pidfd before swift-subprocess reaps the program, and signals are
/// sent under the same lock, so no signal can reach a group whose id was freed and reused.
private final class ExitTracker: Sendable {
    private struct State {
        var pid: Int32 = 0
        var exited = false
    }

    private let state = Mutex(State())

    var hasExited: Bool { state.withLock { $0.exited } }

    func started(_ pid: Int32) {
        state.withLock { $0.pid = pid }
    }

    func markExited() {
        state.withLock { $0.exited = true }
    }

    func signalGroup(_ signal: Int32) {
        state.withLock { state in
            guard !state.exited, state.pid > 0 else { return }
            _ = kill(-state.pid, signal)
        }
    }

    /// Returns once the program has exited (not reaped yet), waiting on a thread of its own.
    func waitForExit(_ pidfd: Int32) async {
        await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
            BlockingThread.start {
                var descriptor = pollfd(fd: pidfd, events: Int16(POLLIN), revents: 0)
                while poll(&descriptor, 1, -1) < 0 && errno == EINTR {}
                continuation.resume()
            }
        }
        markExited()
    }
}

/// Resumes a continuation with the first value sent; later ones are dropped.
private final class ReplyOnce: Sendable {
    private let continuation = Mutex<CheckedContinuation<Result<Int32, ProcessRunnerError>, Never>?>(nil)

    init(_ continuation: CheckedContinuation<Result<Int32, ProcessRunnerError>, Never>) {
        self.continuation.withLock { $0 = continuation }
    }

    func send(_ value: Result<Int32, ProcessRunnerError>) {
        continuation.withLock { $0.take() }?.resume(returning: value)
    }
}
