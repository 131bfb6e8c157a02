#if canImport(Glibc)
import Glibc
#endif

/// Runs external programs without ever blocking on a daemonising child.
///
/// Children are spawned through swift-subprocess. Foundation's `Process` waits for EOF on
/// descriptors that a forked grandchild inherits, so it hangs on `xclip`, which leaves a child
/// behind as the selection owner; swift-subprocess stops reading when the direct child exits.
/// Each child leads its own process group, gets no descriptor from 3 up, and has its group killed
/// at the deadline or when the calling task is cancelled (at once, in the cancellation handler).
///
/// ```swift
/// let output = try await ProcessRunner().run(ProcessInvocation(
///     executable: "/usr/bin/xclip", arguments: ["-selection", "clipboard", "-i", path],
///     timeout: .seconds(5)))
/// ```
package struct ProcessRunner: CommandRunning {
    /// Creates a runner.
    package init() {}

    /// Runs the invocation and returns what the program did.
    ///
    /// When the calling task is cancelled the child's process group is killed and the output
    /// has ``ProcessOutput/cancelled`` set; a task cancelled before the call spawns nothing.
    ///
    /// - Throws: ``ProcessRunnerError`` when the program can't be started, its stdin file can't
    ///   be opened, or its output can't be kept.
    package func run(_ invocation: ProcessInvocation) async throws(ProcessRunnerError) -> ProcessOutput {
        // A program written a moment ago can be "busy" (ETXTBSY) while a child forked by another
        // thread still holds the writer's descriptor until its exec; that passes in milliseconds.
        var busyRetries = 0
        while true {
            if Task.isCancelled { return ProcessOutput(exitStatus: nil, cancelled: true) }
            switch await ChildRun.run(invocation) {
            case .success(let output):
                return output
            case .failure(let error) where error.stage == .spawn && error.errno == ETXTBSY && busyRetries < 100:
                busyRetries += 1
                try? await Task.sleep(for: .milliseconds(10))
            case .failure(let error):
                throw error
            }
        }
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
    package func run(
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
}
