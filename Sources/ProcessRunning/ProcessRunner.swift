import CSpawn
import Dispatch

#if canImport(Glibc)
import Glibc
#endif

/// Runs external programs without ever blocking on a daemonising child.
///
/// Foundation's `Process` waits for EOF on descriptors that a forked grandchild inherits, so it
/// hangs on `xclip`, which leaves a child behind as the selection owner. This runner spawns with
/// `posix_spawn`, closes every descriptor from 3 up in the child, stops reading when the direct
/// child exits, and kills the child's process group at the deadline. The blocking wait runs on a
/// Dispatch thread, never on Swift's cooperative pool.
public struct ProcessRunner: Sendable {
    /// Creates a runner.
    public init() {}

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
        let result: Result<ProcessOutput, ProcessRunnerError> = await withCheckedContinuation { continuation in
            DispatchQueue.global().async {
                continuation.resume(returning: Self.runBlocking(
                    executable, arguments: arguments, environment: environment, input: input,
                    timeout: timeout, maxOutput: maxOutput))
            }
        }
        return try result.get()
    }

    private static func runBlocking(
        _ executable: String, arguments: [String], environment: [String: String]?, input: [UInt8]?,
        timeout: Duration, maxOutput: Int
    ) -> Result<ProcessOutput, ProcessRunnerError> {
        let argv = CStringArray([executable] + arguments)
        let envp = environment.map { CStringArray($0.map { "\($0.key)=\($0.value)" }.sorted()) }
        let (seconds, attoseconds) = timeout.components
        let timeoutMilliseconds = Int(seconds) * 1000 + Int(attoseconds / 1_000_000_000_000_000)
        var raw = csv_result()
        let rc: Int32 = argv.withPointers { argvPointer in
            func call(_ envPointer: UnsafePointer<UnsafeMutablePointer<CChar>?>?) -> Int32 {
                if let input {
                    return input.withUnsafeBytes { bytes in
                        // An empty array still needs a non-NULL pointer to mean "empty stdin".
                        let base = bytes.baseAddress ?? UnsafeRawPointer(argvPointer)
                        return csv_run(executable, argvPointer, envPointer, base, input.count, timeoutMilliseconds, maxOutput, &raw)
                    }
                }
                return csv_run(executable, argvPointer, envPointer, nil, 0, timeoutMilliseconds, maxOutput, &raw)
            }
            if let envp { return envp.withPointers { call($0) } }
            return call(nil)
        }
        defer { csv_result_free(&raw) }
        guard rc == 0 else {
            return .failure(ProcessRunnerError(executable: executable, errno: raw.spawn_errno))
        }
        let stdout = raw.out.map { [UInt8](UnsafeRawBufferPointer(start: $0, count: raw.out_len)) } ?? []
        let stderr = raw.err.map { [UInt8](UnsafeRawBufferPointer(start: $0, count: raw.err_len)) } ?? []
        return .success(ProcessOutput(
            exitStatus: raw.exit_status >= 0 ? Int(raw.exit_status) : nil,
            signal: raw.term_signal != 0 ? Int(raw.term_signal) : nil,
            timedOut: raw.timed_out != 0,
            standardOutput: stdout,
            standardError: stderr))
    }
}

/// What a finished (or killed) program did.
public struct ProcessOutput: Sendable, Hashable {
    /// The exit code, or nil when a signal ended it.
    public var exitStatus: Int?
    /// The signal that ended it, if any.
    public var signal: Int?
    /// True when the deadline passed and the runner killed it.
    public var timedOut: Bool
    /// Captured standard output.
    public var standardOutput: [UInt8]
    /// Captured standard error.
    public var standardError: [UInt8]

    /// True when it exited with status 0 in time.
    public var succeeded: Bool { exitStatus == 0 && !timedOut }

    /// Standard error as text, trimmed, for error messages.
    public var errorText: String {
        String(decoding: standardError, as: UTF8.self).trimmingCharacters(in: " \n\r\t")
    }
}

/// A program could not be started.
public struct ProcessRunnerError: Error, Sendable, CustomStringConvertible {
    /// The program.
    public var executable: String
    /// The `errno` from `posix_spawn` (`ENOENT`, `EACCES`).
    public var errno: Int32

    public var description: String {
        let reason = String(cString: strerror(errno))
        return "can't run \(executable): \(reason)"
    }
}

extension String {
    fileprivate func trimmingCharacters(in set: String) -> String {
        let characters = Set(set)
        var slice = Substring(self)
        while let first = slice.first, characters.contains(first) { slice = slice.dropFirst() }
        while let last = slice.last, characters.contains(last) { slice = slice.dropLast() }
        return String(slice)
    }
}

/// A NULL-terminated array of C strings that lives as long as the value.
private final class CStringArray {
    private var pointers: [UnsafeMutablePointer<CChar>?]

    init(_ strings: [String]) {
        pointers = strings.map { strdup($0) } + [nil]
    }

    deinit { for pointer in pointers { free(pointer) } }

    func withPointers<R>(_ body: (UnsafePointer<UnsafeMutablePointer<CChar>?>) -> R) -> R {
        pointers.withUnsafeBufferPointer { body($0.baseAddress!) }
    }
}
