import CSpawn
import Subprocess
import Synchronization
import SystemPackage

#if canImport(Glibc)
import Glibc
#endif

/// One run of one program through swift-subprocess, with what ``ProcessRunner`` adds on top:
/// a deadline, an answer grace period, and kills that reach the child's whole process group.
///
/// swift-subprocess spawns the child (its own process group, default signals, no descriptor
/// from 3 up), hands back its pidfd, streams stdout and stderr until the child exits (not until
/// EOF, so a daemonised grandchild holding the pipes can't block the run), and reaps it once
/// the body has returned. Every group kill happens inside the body, while the child is still
/// unreaped, so its group id can't have been reused by then.
final class ChildRun: Sendable {
    /// Why the run killed the child.
    enum Ending: Sendable {
        case timedOut, cancelled, lingered
    }

    private struct State: Sendable {
        /// The child's pid while it may be killed (spawned and not yet reaped), else 0.
        var pid: pid_t = 0
        /// Its pidfd while `pid` is set, or -1.
        var pidfd: Int32 = -1
        var ending: Ending?
        var stdout: [UInt8] = []
        var stderr: [UInt8] = []
        var answer = JSONAnswerWatch()
        /// Set once the child has exited and its group is dealt with: nothing ends the run after.
        var over = false
    }

    private let state = Mutex(State())
    private let invocation: ProcessInvocation
    private let maxOutput: Int
    /// Where the run's tasks and timers are served.
    private let executor: RunThreadExecutor

    private init(_ invocation: ProcessInvocation, executor: RunThreadExecutor) {
        self.invocation = invocation
        self.maxOutput = max(0, invocation.maxOutput)
        self.executor = executor
    }

    /// Runs `invocation` once, its tasks and timers on a thread of its own; a failure to start
    /// it is returned, not retried.
    static func run(_ invocation: ProcessInvocation) async -> Result<ProcessOutput, ProcessRunnerError> {
        await RunThreadExecutor.run { executor in
            await run(invocation, on: executor)
        }
    }

    private static func run(
        _ invocation: ProcessInvocation,
        on executor: RunThreadExecutor
    ) async -> Result<ProcessOutput, ProcessRunnerError> {
        let run = ChildRun(invocation, executor: executor)
        return await withTaskCancellationHandler {
            await run.spawnAndWait()
        } onCancel: {
            run.end(.cancelled)
        }
    }

    private func spawnAndWait() async -> Result<ProcessOutput, ProcessRunnerError> {
        let executable = invocation.executable
        let input: FileDescriptor?
        switch ChildStandardInput.open(invocation.standardInput) {
        case .success(let descriptor): input = descriptor
        case .failure(let failure):
            let stage: ProcessRunnerError.Stage = failure.path.map { .standardInput(path: $0) } ?? .spawn
            return .failure(ProcessRunnerError(executable: executable, errno: failure.errno, stage: stage))
        }
        var options = PlatformOptions()
        // A group of its own, so a deadline or a cancellation reaches everything it started.
        options.processGroupID = 0
        let configuration = Configuration(
            executable: .path(FilePath(executable)),
            arguments: Arguments(invocation.arguments),
            environment: invocation.environment.map(Self.environment) ?? .inherit,
            platformOptions: options
        )
        do {
            let result: ExecutionResult<Void, SequenceOutput, SequenceOutput>
            if let input {
                result = try await Subprocess.run(
                    configuration,
                    input: .fileDescriptor(input, closeAfterSpawningProcess: true),
                    output: .sequence,
                    error: .sequence
                ) { execution in await self.watch(execution) }
            } else {
                result = try await Subprocess.run(
                    configuration,
                    input: .none,
                    output: .sequence,
                    error: .sequence
                ) { execution in await self.watch(execution) }
            }
            return .success(output(result.terminationStatus))
        } catch let error as SubprocessError {
            return failure(error)
        } catch {
            return .failure(ProcessRunnerError(executable: executable, errno: EIO, stage: .output))
        }
    }

    /// The environment as `NAME=value` entries, sorted so runs are reproducible. Each carries its
    /// terminating NUL: swift-subprocess hands raw entries to `strdup` as they are.
    static func environment(_ variables: [String: String]) -> Environment {
        .custom(variables.map { "\($0.key)=\($0.value)" }.sorted().map { Array($0.utf8) + [0] })
    }

    /// The body: collects stdout and stderr, waits for the child's exit, kills its group when asked.
    private func watch<Input: InputProtocol>(_ execution: Execution<Input, SequenceOutput, SequenceOutput>) async {
        let identifier = execution.processIdentifier
        let killsGroup = invocation.killsProcessGroupOnExit
        if killsGroup { csv_live_group_add(identifier.value) }
        started(identifier.value, pidfd: identifier.processDescriptor)
        let deadline = ContinuousClock.now + invocation.timeout
        schedule(.timedOut, at: deadline)
        async let out: Void = collect(execution.standardOutput, isStandardOutput: true)
        async let err: Void = collect(execution.standardError, isStandardOutput: false)
        _ = await (out, err)
        await waitForExit(identifier.processDescriptor, pid: identifier.value)
        finish(killingGroup: killsGroup)
    }

    /// Records the spawned child; kills it at once if the run already ended (cancelled meanwhile)
    /// or the invocation's gate was closed while it was spawned.
    private func started(_ pid: pid_t, pidfd: Int32) {
        let gateClosed = invocation.gate?.isClosed == true
        state.withLock { state in
            state.pid = pid
            state.pidfd = pidfd
            if gateClosed && state.ending == nil { state.ending = .cancelled }
            if state.ending != nil { Self.killGroup(pid) }
        }
    }

    /// Ends the run for `reason`: kills the child's group now if it is running (the first reason
    /// wins), or as soon as it has been spawned.
    ///
    /// A deadline or a grace period that comes due once the child has exited ends nothing: a
    /// timer that ran late (the task pool busy) must not turn a finished run into a timeout.
    func end(_ reason: Ending) {
        state.withLock { state in
            guard !state.over else { return }
            if reason != .cancelled, state.pid > 0, state.pidfd >= 0, Self.hasExited(state.pidfd, pid: state.pid) {
                return
            }
            if state.ending == nil { state.ending = reason }
            if state.pid > 0 { Self.killGroup(state.pid) }
        }
    }

    /// Ends the run for `reason` at `instant`, unless it is over by then.
    private func schedule(_ reason: Ending, at instant: ContinuousClock.Instant) {
        executor.at(instant) { [self] in end(reason) }
    }

    /// The child has exited and is not reaped yet: kill what it left in its group if asked, then
    /// forget the pid so that nothing can signal its group once it is reaped.
    private func finish(killingGroup: Bool) {
        state.withLock { state in
            if killingGroup, state.pid > 0 {
                _ = kill(-state.pid, SIGKILL)
                csv_live_group_remove(state.pid)
            }
            state.pid = 0
            state.pidfd = -1
            state.over = true
        }
    }

    private static func killGroup(_ pid: pid_t) {
        _ = kill(-pid, SIGKILL)
        _ = kill(pid, SIGKILL)
    }

    /// Reads one stream to its end (EOF, or the child's exit), keeping at most `maxOutput` bytes.
    private func collect(_ stream: SubprocessOutputSequence, isStandardOutput: Bool) async {
        do {
            for try await buffer in stream {
                buffer.withUnsafeBytes { append($0, isStandardOutput: isStandardOutput) }
            }
        } catch {
            // Cancelled or failed reading: what was read is kept; the child is waited for anyway.
        }
    }

    private func append(_ bytes: UnsafeRawBufferPointer, isStandardOutput: Bool) {
        let grace = isStandardOutput ? invocation.answerGracePeriod : nil
        let answered = state.withLock { state -> Bool in
            if isStandardOutput {
                state.stdout.append(contentsOf: bytes.prefix(max(0, maxOutput - state.stdout.count)))
            } else {
                state.stderr.append(contentsOf: bytes.prefix(max(0, maxOutput - state.stderr.count)))
            }
            // Scanned as it arrives, even past maxOutput, so a long answer still counts.
            guard grace != nil, !state.answer.isComplete else { return false }
            return state.answer.scan(bytes)
        }
        if answered, let grace { schedule(.lingered, at: .now + grace) }
    }

    /// Waits until the child has exited, without reaping it (its group id stays reserved).
    ///
    /// Its output ended, which happens at its exit (or when it closed both pipes), so this is
    /// usually over at the first look. The deadline and cancellation kill it meanwhile.
    private func waitForExit(_ pidfd: Int32, pid: pid_t) async {
        var pause = Duration.microseconds(200)
        while !Self.hasExited(pidfd, pid: pid) {
            await executor.sleep(for: pause)
            pause = min(pause * 2, .milliseconds(10))
        }
    }

    private static func hasExited(_ pidfd: Int32, pid: pid_t) -> Bool {
        var info = siginfo_t()
        let rc: Int32
        if pidfd >= 0 {
            // P_PIDFD (3), which Glibc's Swift module does not name.
            rc = waitid(idtype_t(rawValue: 3), id_t(pidfd), &info, WEXITED | WNOHANG | WNOWAIT)
        } else {
            rc = waitid(P_PID, id_t(pid), &info, WEXITED | WNOHANG | WNOWAIT)
        }
        // An error (ECHILD) means there is nothing left to wait for.
        return rc != 0 || info._sifields._sigchld.si_pid != 0
    }

    /// What the program did, from its termination status and what this run saw.
    private func output(_ status: TerminationStatus) -> ProcessOutput {
        state.withLock { state in
            var exitStatus: Int?
            var signal: Int?
            switch status {
            case .exited(let code): exitStatus = Int(code)
            case .signaled(let number): signal = Int(number)
            }
            var output = ProcessOutput(
                exitStatus: state.ending == nil ? exitStatus : nil,
                signal: state.ending == .lingered ? nil : signal,
                timedOut: state.ending == .timedOut,
                cancelled: state.ending == .cancelled,
                standardOutput: state.stdout,
                standardError: state.stderr
            )
            output.answeredThenLingered = state.ending == .lingered
            return output
        }
    }

    private func failure(_ error: SubprocessError) -> Result<ProcessOutput, ProcessRunnerError> {
        let failure = Self.spawnError(error, executable: invocation.executable)
        if failure.stage == .output, state.withLock({ $0.ending == .cancelled }) {
            return .success(ProcessOutput(exitStatus: nil, cancelled: true))
        }
        return .failure(failure)
    }

    /// What a swift-subprocess error thrown by `run` means here: a failure to start (stage
    /// `spawn`), or one while the program ran (stage `output`).
    static func spawnError(_ error: any Error, executable: String) -> ProcessRunnerError {
        guard let error = error as? SubprocessError else {
            return ProcessRunnerError(executable: executable, errno: EIO, stage: .output)
        }
        let code: Int32
        if error.code == .executableNotFound {
            // swift-subprocess reports every ENOENT, EACCES and ENOTDIR as "not found"; a file that
            // is there but can't be run is told apart so its message says so.
            code = access(executable, F_OK) == 0 ? EACCES : ENOENT
        } else {
            code = error.underlyingError?.rawValue ?? EIO
        }
        let stage: ProcessRunnerError.Stage =
            error.code == .spawnFailed || error.code == .executableNotFound ? .spawn : .output
        return ProcessRunnerError(executable: executable, errno: code, stage: stage)
    }
}
