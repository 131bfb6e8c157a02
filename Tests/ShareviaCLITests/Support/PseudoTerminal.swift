import Foundation
import ProcessRunning

/// Runs a program on a real pseudo-terminal, its controlling terminal, as a person at a terminal
/// would: what is typed is written to the terminal at the start (the line discipline holds it
/// until the program reads), and everything it prints (stdout and stderr, with the echo) is
/// read back. Python's `pty` module (Debian's /usr/bin/python3) opens the terminal.
enum PseudoTerminal {
    struct Run {
        var status: Int?
        /// What the terminal showed: the program's output and the echo of what was typed.
        var output: String
    }

    /// The helper: forks the program onto a new pty, types, copies the output to stdout until
    /// the program closes the terminal, and exits with the program's status.
    static let helper = """
        import os, pty, sys
        pid, fd = pty.fork()
        if pid == 0:
            os.execv(sys.argv[1], sys.argv[1:])
        os.write(fd, os.environ["PTY_TYPING"].encode())
        while True:
            try:
                chunk = os.read(fd, 4096)
            except OSError:
                break
            if not chunk:
                break
            sys.stdout.buffer.write(chunk)
        _, status = os.waitpid(pid, 0)
        sys.exit(os.waitstatus_to_exitcode(status) if os.WIFEXITED(status) else 128)
        """

    /// Runs `command` (an absolute path, then arguments) with `typing` typed; the environment is
    /// PATH, HOME, LANG and TMPDIR of this process plus `extra`. Killed after 60 s (a hang guard).
    static func run(_ command: [String], typing: String, environment extra: [String: String]) async throws -> Run {
        var environment = ProcessInfo.processInfo.environment.filter {
            ["PATH", "HOME", "LANG", "TMPDIR"].contains($0.key)
        }
        for (key, value) in extra { environment[key] = value }
        environment["PTY_TYPING"] = typing
        let output = try await ProcessRunner().run(
            "/usr/bin/python3",
            arguments: ["-c", helper] + command,
            environment: environment,
            timeout: .seconds(60)
        )
        return Run(
            status: output.exitStatus,
            output: String(decoding: output.standardOutput, as: UTF8.self) + output.errorText
        )
    }
}
