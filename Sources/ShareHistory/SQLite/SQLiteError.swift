import ShareCore

/// A failure of the SQLite layer: a stable code, the database file, and a message that says what
/// happened and what to do.
package struct SQLiteError: Error, Sendable, Hashable, CustomStringConvertible {
    /// What kind of failure this is (its codes are below), such as `newer-version`.
    package typealias Code = StableErrorCode<SQLiteError>

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

extension StableErrorCode where Owner == SQLiteError {
    /// libsqlite3.so.0 can't be loaded.
    package static var libraryMissing: Self { Self("library-missing") }
    /// The file or its folder can't be opened or created.
    package static var cantOpen: Self { Self("cant-open") }
    /// Another process held the database locked for longer than the busy timeout.
    package static var busy: Self { Self("busy") }
    /// The file is not an SQLite database, or fails its integrity check, or lacks sharevia's tables.
    package static var damaged: Self { Self("damaged") }
    /// A newer sharevia wrote the database; this one leaves it as it is.
    package static var newerVersion: Self { Self("newer-version") }
    /// A value or a result is over the cap this layer reads.
    package static var tooLarge: Self { Self("too-large") }
    /// A statement ran past its deadline and was interrupted.
    package static var timedOut: Self { Self("timed-out") }
    /// The disk (or the database's size limit) is full.
    package static var full: Self { Self("full") }
    /// Any other SQLite error; the message quotes SQLite's words.
    package static var failed: Self { Self("failed") }
}
