import CSpawn

#if canImport(Glibc)
import Glibc
#endif

/// Runs external programs without ever blocking on a daemonising child.
///
/// Foundation's `Process` waits for EOF on descriptors that a forked grandchild inherits, so it
/// hangs on `xclip`, which leaves a child behind as the selection owner. This runner spawns with
/// `posix_spawn`, closes every descriptor from 3 up in the child, stops reading when the direct
/// child exits (woken by a pidfd, so a short command costs no polling delay), and kills the
/// child's process group at the deadline or when the calling task is cancelled. The blocking
/// wait runs on a thread of its own, never on Swift's cooperative pool nor Dispatch's.
///
/// ```swift
/// let output = try await ProcessRunner().run(ProcessInvocation(
///     executable: "/usr/bin/xclip", arguments: ["-selection", "clipboard", "-i", path],
///     timeout: .seconds(5)))
/// ```
public struct ProcessRunner: CommandRunning {
    /// Creates a runner.
    public init() {}

    /// Runs the invocation and returns what the program did.
    ///
    /// When the calling task is cancelled the child's process group is killed and the output
    /// has ``ProcessOutput/cancelled`` set; a task cancelled before the call spawns nothing.
    ///
    /// - Throws: ``ProcessRunnerError`` when the program can't be started, its stdin file can't
    ///   be opened, or its output can't be kept.
    public func run(_ invocation: ProcessInvocation) async throws(ProcessRunnerError) -> ProcessOutput {
        if Task.isCancelled { return ProcessOutput(exitStatus: nil, cancelled: true) }
        let flag = CancelFlag()
        let result: Result<ProcessOutput, ProcessRunnerError> = await withTaskCancellationHandler {
            await withCheckedContinuation { continuation in
                BlockingThread.start {
                    continuation.resume(returning: Self.runBlocking(invocation, cancel: flag))
                }
            }
        } onCancel: {
            flag.raise()
        }
        return try result.get()
    }

    /// Runs `executable` (an absolute path) with `arguments` and returns what it did.
    ///
    /// - Parameters:
    ///   - executable: The absolute path of the program.
    ///   - arguments: The arguments, without the program name.
    ///   - environment: The child's environment, or nil to inherit ours.
    ///   - input: Bytes for the child's stdin, or nil for `/dev/null`.
    ///   - timeout: How long to wait before killing the child's process group.
    ///   - maxOutput: How many bytes of stdout and of stderr to keep.
    /// - Throws: ``ProcessRunnerError`` when the program can't be started.
    public func run(
        _ executable: String,
        arguments: [String],
        environment: [String: String]? = nil,
        input: [UInt8]? = nil,
        timeout: Duration = .seconds(10),
        maxOutput: Int = 64 << 20
    ) async throws(ProcessRunnerError) -> ProcessOutput {
        try await run(
            ProcessInvocation(
                executable: executable,
                arguments: arguments,
                environment: environment,
                standardInput: input.map { .bytes($0) } ?? .none,
                timeout: timeout,
                maxOutput: maxOutput
            )
        )
    }

    private static func runBlocking(
        _ invocation: ProcessInvocation,
        cancel: CancelFlag
    ) -> Result<ProcessOutput, ProcessRunnerError> {
        let argv = CStringArray([invocation.executable] + invocation.arguments)
        let envp = invocation.environment.map { CStringArray(environment: $0) }
        let timeoutMilliseconds = invocation.timeout.wholeMilliseconds
        let maxOutput = max(0, invocation.maxOutput)
        let executable = invocation.executable
        var raw = csv_result()
        var options = csv_run_options(
            kill_group_on_exit: invocation.killsProcessGroupOnExit ? 1 : 0,
            stop_after_json_object: invocation.answerGracePeriod == nil ? 0 : 1,
            grace_ms: invocation.answerGracePeriod?.wholeMilliseconds ?? 0
        )
        func spawnAndWait() -> Int32 {
            argv.withPointers { argvPointer in
                withOptionalPointers(envp) { envPointer in
                    withStandardInput(invocation.standardInput) { data, count, path in
                        csv_run_with_options(
                            executable,
                            argvPointer,
                            envPointer,
                            data,
                            count,
                            path,
                            timeoutMilliseconds,
                            maxOutput,
                            cancel.pointer,
                            &options,
                            &raw
                        )
                    }
                }
            }
        }
        // A program written a moment ago can be "busy" (ETXTBSY) while a child forked by another
        // thread still holds the writer's descriptor until its exec; that passes in milliseconds.
        var rc = spawnAndWait()
        var busyRetries = 0
        while rc != 0, raw.spawn_errno == ETXTBSY, busyRetries < 100 {
            csv_result_free(&raw)
            raw = csv_result()
            busyRetries += 1
            usleep(10_000)
            rc = spawnAndWait()
        }
        defer { csv_result_free(&raw) }
        guard rc == 0 else {
            if raw.stdin_errno != 0, case .file(let path) = invocation.standardInput {
                return .failure(
                    ProcessRunnerError(
                        executable: executable,
                        errno: raw.stdin_errno,
                        stage: .standardInput(path: path)
                    )
                )
            }
            return .failure(ProcessRunnerError(executable: executable, errno: raw.spawn_errno))
        }
        guard raw.out_of_memory == 0 else {
            return .failure(ProcessRunnerError(executable: executable, errno: ENOMEM, stage: .output))
        }
        let stdout = raw.out.map { [UInt8](UnsafeRawBufferPointer(start: $0, count: raw.out_len)) } ?? []
        let stderr = raw.err.map { [UInt8](UnsafeRawBufferPointer(start: $0, count: raw.err_len)) } ?? []
        var output = ProcessOutput(
            exitStatus: raw.exit_status >= 0 ? Int(raw.exit_status) : nil,
            signal: raw.term_signal != 0 ? Int(raw.term_signal) : nil,
            timedOut: raw.timed_out != 0,
            cancelled: raw.cancelled != 0,
            standardOutput: stdout,
            standardError: stderr
        )
        output.answeredThenLingered = raw.answered_then_lingered != 0
        return .success(output)
    }
}

/// Runs `body` with csv_run's three stdin arguments: the bytes and their count (a non-NULL
/// pointer even for no bytes, which means "empty stdin"), or the file's path, or all NULL.
private func withStandardInput<R>(
    _ input: ProcessInvocation.StandardInput,
    _ body: (UnsafeRawPointer?, Int, String?) -> R
) -> R {
    switch input {
    case .none:
        return body(nil, 0, nil)
    case .file(let path):
        return body(nil, 0, path)
    case .bytes(let bytes):
        return bytes.withUnsafeBytes { buffer in
            withUnsafePointer(to: 0) { empty in
                body(buffer.baseAddress ?? UnsafeRawPointer(empty), buffer.count, nil)
            }
        }
    }
}

/// Owns a C cancel flag that the blocking wait watches and a cancellation handler raises.
private final class CancelFlag: Sendable {
    // The flag is an atomic int in C; the pointer itself never changes.
    nonisolated(unsafe) let pointer: OpaquePointer?

    init() { pointer = csv_cancel_flag_create() }

    func raise() { csv_cancel_flag_raise(pointer) }

    deinit { csv_cancel_flag_destroy(pointer) }
}
