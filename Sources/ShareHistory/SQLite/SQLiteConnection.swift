import CSQLite

/// One connection to an SQLite database through Debian's libsqlite3, loaded with dlopen at the
/// first open.
///
/// Every statement is a `StaticString`, so SQL is never built from values: values go in as bound
/// parameters only. A connection is used by one task at a time and closed when released.
package final class SQLiteConnection {
    /// How to open the file.
    package enum Mode: Sendable {
        /// Read-only; the file must exist.
        case readOnly
        /// Read-write, creating the file when it doesn't exist.
        case readWrite
    }

    /// The database file.
    package let path: String
    private let handle: OpaquePointer

    /// Opens the database at `path`. The connection waits up to `busyTimeoutMilliseconds` for
    /// another process's lock, and doesn't checkpoint on close until
    /// ``checkpointOnClose(_:)`` turns it on (so a file that is only read is never written).
    /// - Throws: ``SQLiteError`` (`library-missing`, `cant-open`, `damaged`).
    package init(
        path: String,
        mode: Mode,
        busyTimeoutMilliseconds: Int32 = SQLiteConnection.defaultBusyTimeoutMilliseconds
    ) throws(SQLiteError) {
        self.path = path
        var handle: OpaquePointer?
        var message = [CChar](repeating: 0, count: 512)
        let readOnly: Int32 = mode == .readOnly ? 1 : 0
        let code = csqlite_open(path, readOnly, 1 - readOnly, &handle, &message, Int32(message.count))
        guard code == CSQLITE_OK, let handle else {
            let words = String(decoding: message.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
            if code == CSQLITE_NO_LIBRARY { throw SQLiteError(.libraryMissing, path: path, words) }
            throw SQLiteConnection.error(code, path: path, words)
        }
        self.handle = handle
        csqlite_busy_timeout(handle, busyTimeoutMilliseconds)
        // Caps one value at 256 MiB (above the kept-content cap) and one statement at 64 KiB.
        csqlite_set_limits(handle, 256 << 20, 64 << 10)
    }

    deinit { csqlite_close(handle) }

    /// How long a connection waits for another's lock unless told otherwise: 5 s.
    package static let defaultBusyTimeoutMilliseconds: Int32 = 5_000

    /// Waits up to `milliseconds` for another connection's lock from now on (0: not at all).
    package func busyTimeout(milliseconds: Int32) {
        csqlite_busy_timeout(handle, milliseconds)
    }

    /// Turns the checkpoint SQLite does when the last connection closes on or off (off at open).
    package func checkpointOnClose(_ on: Bool) {
        csqlite_checkpoint_on_close(handle, on ? 1 : 0)
    }

    /// Interrupts any statement still running `milliseconds` from now (nil: no deadline); it then
    /// throws `timed-out`.
    package func deadline(milliseconds: Int?) {
        csqlite_set_deadline(handle, milliseconds ?? 0)
    }

    /// Runs SQL without parameters or results: PRAGMAs, transaction control, schema statements
    /// (several, separated by semicolons).
    /// - Throws: ``SQLiteError``.
    package func execute(_ sql: StaticString) throws(SQLiteError) {
        let code = sql.withUTF8Buffer { buffer in
            buffer.withMemoryRebound(to: CChar.self) { csqlite_exec(handle, $0.baseAddress) }
        }
        guard code == CSQLITE_OK else { throw failure(code) }
    }

    /// Prepares `sql` (one statement) for running, once or many times.
    /// - Throws: ``SQLiteError``.
    package func prepare(_ sql: StaticString) throws(SQLiteError) -> SQLiteStatement {
        var statement: OpaquePointer?
        let code = sql.withUTF8Buffer { buffer in
            buffer.withMemoryRebound(to: CChar.self) { csqlite_prepare(handle, $0.baseAddress, &statement) }
        }
        guard code == CSQLITE_OK, let statement else { throw failure(code) }
        return SQLiteStatement(statement, connection: self)
    }

    /// Runs `sql` with `values` bound to its parameters, for its effect.
    /// - Throws: ``SQLiteError``.
    package func run(_ sql: StaticString, _ values: [SQLiteValue] = []) throws(SQLiteError) {
        let statement = try prepare(sql)
        try statement.run(values)
    }

    /// The rows `sql` returns with `values` bound, at most `limits.rows` of them.
    /// - Throws: ``SQLiteError`` (`too-large` when a value or the row count is over `limits`).
    package func rows(
        _ sql: StaticString,
        _ values: [SQLiteValue] = [],
        limits: SQLiteReadLimits = SQLiteReadLimits()
    ) throws(SQLiteError) -> [[SQLiteValue]] {
        let statement = try prepare(sql)
        return try statement.rows(values, limits: limits)
    }

    /// Runs `body` inside `BEGIN IMMEDIATE` … `COMMIT`, which takes the write lock up front (so two
    /// processes never both read, then both write); rolls back when `body` throws.
    /// - Throws: ``SQLiteError`` from `BEGIN`, `body` or `COMMIT`.
    package func immediateTransaction<Result>(
        _ body: () throws(SQLiteError) -> Result
    ) throws(SQLiteError) -> Result {
        try execute("BEGIN IMMEDIATE")
        do {
            let result = try body()
            try execute("COMMIT")
            return result
        } catch {
            try? execute("ROLLBACK")
            throw error
        }
    }

    /// The error for a result code of this connection, with SQLite's own words.
    func failure(_ code: Int32) -> SQLiteError {
        SQLiteConnection.error(code, path: path, String(cString: csqlite_errmsg(handle)))
    }

    /// The error for a result code, with advice for its kind.
    static func error(_ code: Int32, path: String, _ words: String) -> SQLiteError {
        switch code & 0xff {
        case CSQLITE_BUSY, CSQLITE_LOCKED:
            return SQLiteError(
                .busy,
                path: path,
                "another process kept the database locked (SQLite: \(words)); try again",
                resultCode: code
            )
        case CSQLITE_CORRUPT, CSQLITE_NOTADB:
            return SQLiteError(.damaged, path: path, "the database is damaged (SQLite: \(words))", resultCode: code)
        case CSQLITE_INTERRUPT:
            return SQLiteError(
                .timedOut,
                path: path,
                "reading the database took too long and was stopped (SQLite: \(words))",
                resultCode: code
            )
        case CSQLITE_FULL:
            return SQLiteError(
                .full,
                path: path,
                "the disk is full (SQLite: \(words)); free some space",
                resultCode: code
            )
        case CSQLITE_TOOBIG:
            return SQLiteError(.tooLarge, path: path, "a value is too large (SQLite: \(words))", resultCode: code)
        case CSQLITE_CANTOPEN, CSQLITE_PERM, CSQLITE_READONLY:
            return SQLiteError(
                .cantOpen,
                path: path,
                "can't be opened for writing (SQLite: \(words)); check that its folder exists and that you may write there",
                resultCode: code
            )
        default:
            return SQLiteError(.failed, path: path, "SQLite: \(words)", resultCode: code)
        }
    }

    /// True when libsqlite3 is loaded into this process (for tests that check a path never loads it).
    package static var libraryLoaded: Bool { csqlite_library_loaded() != 0 }
}
