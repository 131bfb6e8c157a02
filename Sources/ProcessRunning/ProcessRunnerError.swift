#if canImport(Glibc)
import Glibc
#endif

/// A program could not be started.
public struct ProcessRunnerError: Error, Sendable, CustomStringConvertible {
    /// The program.
    public var executable: String
    /// The `errno` from `posix_spawn` (`ENOENT`, `EACCES`).
    public var errno: Int32

    /// Creates an error; test doubles use this to fake a program that can't start.
    public init(executable: String, errno: Int32) {
        self.executable = executable
        self.errno = errno
    }

    /// True when the program does not exist (`ENOENT`).
    public var isNotFound: Bool { errno == ENOENT }

    public var description: String {
        let reason = String(cString: strerror(errno))
        return "can't run \(executable): \(reason)"
    }
}
