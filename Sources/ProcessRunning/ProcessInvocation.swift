/// One program to run: what, with which arguments and environment, fed what, for how long.
///
/// A value rather than a parameter list, so ``CommandRunning`` conformers (the real
/// ``ProcessRunner`` and test doubles) keep one small requirement as options are added.
package struct ProcessInvocation: Sendable, Hashable {
    /// The absolute path of the program.
    package var executable: String
    /// The arguments, without the program name.
    package var arguments: [String]
    /// The child's environment, or nil to inherit ours.
    package var environment: [String: String]?
    /// What the child reads on stdin.
    package var standardInput: StandardInput
    /// How long to wait before killing the child's process group.
    package var timeout: Duration
    /// How many bytes of stdout and of stderr to keep; the rest is read and dropped.
    package var maxOutput: Int
    /// Whether the child's whole process group is killed once the child exits, so nothing it
    /// started outlives it, and also when SIGINT, SIGTERM or SIGHUP (still at their default
    /// action) end this process meanwhile. Off by default: `xclip` must leave its selection
    /// owner behind.
    package var killsProcessGroupOnExit = false
    /// When set, the run ends this long after stdout holds one complete top-level JSON object
    /// even if the child has not exited (its group is then killed and
    /// ``ProcessOutput/answeredThenLingered`` set), so a program that answers and lingers is
    /// not taken for one that never answered. Nil (the default) waits for the child's exit.
    package var answerGracePeriod: Duration?
    /// When set, a child spawned after the gate was closed has its process group killed as soon
    /// as the spawn returns, so a caller that gave up while the spawn was under way (and killed
    /// what already ran) leaves nothing running. Nil by default.
    package var gate: StartGate?

    /// Creates an invocation; by default stdin is `/dev/null`, the timeout 10 s, output kept up to 64 MiB.
    package init(
        executable: String,
        arguments: [String] = [],
        environment: [String: String]? = nil,
        standardInput: StandardInput = .none,
        timeout: Duration = .seconds(10),
        maxOutput: Int = 64 << 20
    ) {
        self.executable = executable
        self.arguments = arguments
        self.environment = environment
        self.standardInput = standardInput
        self.timeout = timeout
        self.maxOutput = maxOutput
    }

    /// What a child reads on its standard input.
    package enum StandardInput: Sendable, Hashable {
        /// `/dev/null`.
        case none
        /// These bytes, through a pipe that is closed after the last one.
        case bytes([UInt8])
        /// The file at this path, opened read-only before the child is spawned; a failed open is
        /// a ``ProcessRunnerError`` with stage ``ProcessRunnerError/Stage/standardInput(path:)``.
        case file(path: String)
    }
}
