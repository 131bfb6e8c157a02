#if canImport(Glibc)
import Glibc
#endif

/// A program could not be run: it could not be started, its stdin file could not be opened, or
/// its output could not be kept.
package struct ProcessRunnerError: Error, Sendable, Hashable, CustomStringConvertible {
    /// What failed.
    package enum Stage: Sendable, Hashable {
        /// `posix_spawn` failed: the program is missing (`ENOENT`) or can't be executed.
        case spawn
        /// The file for the child's stdin could not be opened; nothing was spawned.
        case standardInput(path: String)
        /// The program ran, but memory ran out while keeping its output, so some of it is lost.
        case output
    }

    /// The program.
    package var executable: String
    /// The `errno` of the failure (`ENOENT`, `EACCES`, `ENOMEM`).
    package var errno: Int32
    /// What failed.
    package var stage: Stage

    /// Creates an error; test doubles use this to fake a program that can't start.
    package init(executable: String, errno: Int32, stage: Stage = .spawn) {
        self.executable = executable
        self.errno = errno
        self.stage = stage
    }

    /// True when the program itself does not exist (`ENOENT` from `posix_spawn`); a missing
    /// stdin file is not this.
    package var isNotFound: Bool { stage == .spawn && errno == ENOENT }

    package var description: String {
        let reason = String(cString: strerror(errno))
        switch stage {
        case .spawn: return "can't run \(executable): \(reason)"
        case .standardInput(let path): return "can't open \(path) as \(executable)'s input: \(reason)"
        case .output: return "\(executable) ran, but its output could not be kept: \(reason)"
        }
    }
}
