import CSpawn
import Synchronization

#if canImport(Glibc)
import Glibc
#endif

/// A long-running program started in the background, such as an `Xvfb` server for tests.
///
/// The program leads its own process group, reads `/dev/null`, writes its output to a log file
/// (or `/dev/null`) and inherits no descriptor from 3 up. Stop it with ``stop(grace:)``, which
/// sends `SIGTERM` to the group, waits, then sends `SIGKILL`, and always reaps it. A process that
/// is dropped without being stopped is killed (group-wide, `SIGKILL`) by `deinit`.
///
/// ```swift
/// let server = try BackgroundProcess.start("/usr/bin/Xvfb", arguments: [":42", "-nolisten", "tcp"])
/// defer { Task { await server.stop() } }
/// ```
public final class BackgroundProcess: Sendable {
    /// The process id (also its process group id).
    public let pid: Int32
    private let state = Mutex(State())

    private struct State {
        var exitStatus: Int32?
    }

    private init(pid: Int32) {
        self.pid = pid
    }

    /// Starts the program and returns at once.
    ///
    /// - Parameters:
    ///   - executable: The absolute path of the program.
    ///   - arguments: The arguments, without the program name.
    ///   - environment: The child's environment, or nil to inherit ours.
    ///   - logPath: A file for its stdout and stderr (created or truncated, mode 0600), or nil.
    /// - Throws: ``ProcessRunnerError`` when it can't be started.
    public static func start(
        _ executable: String,
        arguments: [String] = [],
        environment: [String: String]? = nil,
        logPath: String? = nil
    ) throws(ProcessRunnerError) -> BackgroundProcess {
        let argv = CStringArray([executable] + arguments)
        let envp = environment.map { CStringArray(environment: $0) }
        var pid: pid_t = 0
        let rc = argv.withPointers { argvPointer in
            withOptionalPointers(envp) { envPointer in
                csv_spawn_detached(executable, argvPointer, envPointer, logPath, &pid)
            }
        }
        guard rc == 0 else { throw ProcessRunnerError(executable: executable, errno: rc) }
        return BackgroundProcess(pid: pid)
    }

    /// True while the program has not exited. Reaps it when it has.
    public var isRunning: Bool {
        state.withLock { state in
            guard state.exitStatus == nil else { return false }
            var status: Int32 = 0
            if csv_wait_exit(pid, 0, &status) != 0 {
                state.exitStatus = status
                return false
            }
            return true
        }
    }

    /// Sends a signal to the program's whole process group (`SIGSTOP` to freeze a server,
    /// `SIGKILL` to crash it). Does nothing once it has been reaped.
    public func signal(_ signal: Int32) {
        state.withLock { state in
            guard state.exitStatus == nil else { return }
            _ = kill(-pid, signal)
        }
    }

    /// Waits up to `timeout` for the program to exit on its own; true when it did.
    public func waitForExit(timeout: Duration) async -> Bool {
        if !isRunning { return true }
        let milliseconds = timeout.wholeMilliseconds
        let pid = self.pid
        let (exited, status): (Bool, Int32) = await withCheckedContinuation { continuation in
            BlockingThread.start {
                var status: Int32 = 0
                let rc = csv_wait_exit(pid, milliseconds, &status)
                continuation.resume(returning: (rc != 0, status))
            }
        }
        if exited { state.withLock { $0.exitStatus = $0.exitStatus ?? status } }
        return exited
    }

    /// Stops the program: `SIGTERM` (and `SIGCONT`, in case it was stopped) to its group, up to
    /// `grace` to exit, then `SIGKILL`. Returns once it has been reaped.
    public func stop(grace: Duration = .seconds(2)) async {
        guard isRunning else { return }
        signal(SIGTERM)
        signal(SIGCONT)
        if await waitForExit(timeout: grace) { return }
        signal(SIGKILL)
        _ = await waitForExit(timeout: .seconds(10))
    }

    deinit {
        let exited = state.withLock { $0.exitStatus != nil }
        if !exited {
            _ = kill(-pid, SIGKILL)
            var status: Int32 = 0
            _ = csv_wait_exit(pid, 1000, &status)
        }
    }
}
