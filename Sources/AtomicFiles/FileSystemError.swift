#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A system call that failed: which step, and the `errno` it set.
package struct FileSystemError: Error, Sendable, Hashable {
    /// What was being done, such as "create a temporary file".
    package var step: String
    /// The `errno` value.
    package var code: Int32

    /// Creates a failure for `step` with the current `errno`, or `code` when given.
    package init(_ step: String, code: Int32 = errno) {
        self.step = step
        self.code = code
    }

    /// The system's words for ``code``, such as "No space left on device".
    package var reason: String { String(cString: strerror(code)) }
}
