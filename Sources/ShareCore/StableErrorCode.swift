/// A stable error code of one error type, `Owner`: its text, such as `over-limit`, for tests,
/// JSON and the command line's advice.
///
/// The shape the package's `package` error types share: each declares its codes as static
/// members of `StableErrorCode<Self>` (`extension StableErrorCode where Owner == SQLiteError`), so
/// codes can be added without breaking a switch, and one type's codes can't stand for another's.
package struct StableErrorCode<Owner>: Sendable, Hashable, CustomStringConvertible {
    /// The stable string.
    package let description: String

    /// The code `description`; called only where `Owner`'s codes are declared.
    package init(_ description: String) { self.description = description }
}
