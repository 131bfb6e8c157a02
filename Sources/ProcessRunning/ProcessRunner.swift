import CSpawn

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
    /// - Throws: ``ProcessRunnerError`` when the program can't be started.
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
        let rc: Int32 = argv.withPointers { argvPointer in
            withOptionalPointers(envp) { envPointer in
                switch invocation.standardInput {
                case .none:
                    return csv_run_with(
                        executable,
                        argvPointer,
                        envPointer,
                        nil,
                        0,
                        nil,
                        timeoutMilliseconds,
                        maxOutput,
                        cancel.pointer,
                        &raw
                    )
                case .file(let path):
                    return csv_run_with(
                        executable,
                        argvPointer,
                        envPointer,
                        nil,
                        0,
                        path,
                        timeoutMilliseconds,
                        maxOutput,
                        cancel.pointer,
                        &raw
                    )
                case .bytes(let input):
                    return input.withUnsafeBytes { bytes in
                        // An empty array still needs a non-NULL pointer to mean "empty stdin".
                        let base = bytes.baseAddress ?? UnsafeRawPointer(argvPointer)
                        return csv_run_with(
                            executable,
                            argvPointer,
                            envPointer,
                            base,
                            input.count,
                            nil,
                            timeoutMilliseconds,
                            maxOutput,
                            cancel.pointer,
                            &raw
                        )
                    }
                }
            }
        }
        defer { csv_result_free(&raw) }
        guard rc == 0 else {
            return .failure(ProcessRunnerError(executable: executable, errno: raw.spawn_errno))
        }
        let stdout = raw.out.map { [UInt8](UnsafeRawBufferPointer(start: $0, count: raw.out_len)) } ?? []
        let stderr = raw.err.map { [UInt8](UnsafeRawBufferPointer(start: $0, count: raw.err_len)) } ?? []
        return .success(
            ProcessOutput(
                exitStatus: raw.exit_status >= 0 ? Int(raw.exit_status) : nil,
                signal: raw.term_signal != 0 ? Int(raw.term_signal) : nil,
                timedOut: raw.timed_out != 0,
                cancelled: raw.cancelled != 0,
                standardOutput: stdout,
                standardError: stderr
            )
        )
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
