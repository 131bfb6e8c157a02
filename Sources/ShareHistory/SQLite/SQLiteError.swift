/// A failure of the SQLite layer: a stable code, the database file, and a message that says what
/// happened and what to do.
package struct SQLiteError: Error, Sendable, Hashable, CustomStringConvertible {
    /// What kind of failure this is. A struct over a private enum, so codes can be added.
    package struct Code: Sendable, Hashable, CustomStringConvertible {
        private enum Base: String, Sendable {
            case libraryMissing = "library-missing"
            case cantOpen = "cant-open"
            case busy
            case damaged
            case newerVersion = "newer-version"
            case tooLarge = "too-large"
            case timedOut = "timed-out"
            case full
            case failed
        }
        private let base: Base
        private init(_ base: Base) { self.base = base }

        /// libsqlite3.so.0 can't be loaded.
        package static let libraryMissing = Code(.libraryMissing)
        /// The file or its folder can't be opened or created.
        package static let cantOpen = Code(.cantOpen)
        /// Another process held the database locked for longer than the busy timeout.
        package static let busy = Code(.busy)
        /// The file is not an SQLite database, or fails its integrity check, or lacks sharevia's tables.
        package static let damaged = Code(.damaged)
        /// A newer sharevia wrote the database; this one leaves it as it is.
        package static let newerVersion = Code(.newerVersion)
        /// A value or a result is over the cap this layer reads.
        package static let tooLarge = Code(.tooLarge)
        /// A statement ran past its deadline and was interrupted.
        package static let timedOut = Code(.timedOut)
        /// The disk (or the database's size limit) is full.
        package static let full = Code(.full)
        /// Any other SQLite error; the message quotes SQLite's words.
        package static let failed = Code(.failed)

        /// The stable string, such as `newer-version`.
        package var description: String { base.rawValue }
    }

    /// What kind of failure this is.
    package var code: Code
    /// The database file.
    package var path: String
    /// What happened and what to do, in one line.
    package var message: String
    /// SQLite's extended result code, when SQLite gave one.
    package var resultCode: Int32?

    package init(_ code: Code, path: String, _ message: String, resultCode: Int32? = nil) {
        self.code = code
        self.path = path
        self.message = message
        self.resultCode = resultCode
    }

    /// `PATH: MESSAGE`.
    package var description: String { "\(path): \(message)" }
}
