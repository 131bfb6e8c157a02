#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Opens the history database for writing (migrating it to ``HistorySchema/currentVersion``) or
/// for reading, and checks that it is sharevia's.
enum HistoryDatabase {
    /// Opens `path` for writing: creates the folder (mode 0700) and the file, refuses a newer
    /// database before anything is written to it, then turns on WAL with `durability`'s
    /// `synchronous` and applies the migrations it lacks in one `BEGIN IMMEDIATE` transaction.
    ///
    /// The connection doesn't checkpoint when it closes: the WAL file stays beside the database
    /// and is reused (SQLite checkpoints it in a commit once it holds 1,000 pages), which spares
    /// every share the checkpoint's writes and syncs.
    /// - Throws: ``SQLiteError`` (`newer-version`, `damaged`, `cant-open`, `busy`, ...).
    static func openForWriting(
        _ path: String,
        durability: HistoryDurability = .full
    ) throws(SQLiteError)
        -> SQLiteConnection
    {
        try makeFolder(containing: path)
        let connection = try SQLiteConnection(path: path, mode: .readWrite)
        // Nothing is written until the version is known: the connection doesn't checkpoint on
        // close, and reading the version changes no byte.
        // One read gives the version and the journal mode: a database in WAL already (every one
        // sharevia wrote) needs no switch.
        // The count of schema entries comes from the same read (one statement, one snapshot): a
        // version 0 with tables is another program's, never a sharevia that committed its first
        // migration between two reads.
        let state = try connection.rows(
            "SELECT user_version, journal_mode, (SELECT count(*) FROM sqlite_schema) FROM pragma_user_version, pragma_journal_mode",
            limits: SQLiteReadLimits(rows: 1, valueBytes: 64)
        )
        let version = state.first?.first?.integer ?? 0
        try refuseNewer(version, path: path)
        if version == 0 { try requireEmpty(connection, schemaEntries: state.first?.last?.integer ?? 0) }
        if state.first?.dropFirst().first?.text?.lowercased() != "wal" { try useWAL(connection) }
        switch durability {
        case .full: try connection.execute("PRAGMA synchronous = FULL")
        case .normal: try connection.execute("PRAGMA synchronous = NORMAL")
        }
        try connection.execute("PRAGMA foreign_keys = ON")
        trimWAL(connection)
        if version < HistorySchema.currentVersion {
            try connection.immediateTransaction { () throws(SQLiteError) in
                // Another process may have migrated between the read above and this lock.
                let locked = try userVersion(connection)
                try refuseNewer(locked, path: path)
                for migration in HistorySchema.migrations where migration.version > locked {
                    try connection.execute(migration.statements)
                    try connection.execute(migration.setVersion)
                }
            }
        }
        try requireTables(connection)
        return connection
    }

    /// Opens `path` read-only, or returns nil when there is no database yet (no file, or one
    /// that no sharevia has written to). Reads stop after `deadlineMilliseconds`.
    /// - Throws: ``SQLiteError`` (`newer-version`, `damaged`, `cant-open`, ...).
    static func openForReading(_ path: String, deadlineMilliseconds: Int) throws(SQLiteError) -> SQLiteConnection? {
        guard access(path, F_OK) == 0 else { return nil }
        let connection = try SQLiteConnection(path: path, mode: .readOnly)
        connection.deadline(milliseconds: deadlineMilliseconds)
        let state = try connection.rows(
            "SELECT user_version, (SELECT count(*) FROM sqlite_schema) FROM pragma_user_version",
            limits: SQLiteReadLimits(rows: 1, valueBytes: 64)
        )
        let version = state.first?.first?.integer ?? 0
        try refuseNewer(version, path: path)
        if version == 0 {
            try requireEmpty(connection, schemaEntries: state.first?.last?.integer ?? 0)
            return nil
        }
        guard version == HistorySchema.currentVersion else {
            // Only possible once there are several versions: an older database is migrated by
            // the next share that records; until then, reading it as it is would misread it.
            throw SQLiteError(
                .failed,
                path: path,
                "the history database is at schema version \(version); record a share to bring it up to date"
            )
        }
        try requireTables(connection)
        return connection
    }

    /// Switches the database to WAL (a no-op once it is), waiting for another process as the busy
    /// timeout would.
    ///
    /// Leaving rollback mode takes the exclusive lock while the statement already holds a shared
    /// one. When another connection holds the write lock meanwhile (a second sharevia creating the
    /// same fresh database), SQLite answers `SQLITE_BUSY` at once instead of calling the busy
    /// handler, since waiting while holding a shared lock could deadlock. The statement has then
    /// released its lock, so trying again after a short sleep is safe: the other writer finishes,
    /// and the switch goes through (or finds the file already in WAL).
    /// - Throws: ``SQLiteError`` (`busy` after ``walSwitchMilliseconds``, `failed` when the file
    ///   can't use WAL).
    static func useWAL(_ connection: SQLiteConnection) throws(SQLiteError) {
        var start = timespec()
        clock_gettime(CLOCK_MONOTONIC, &start)
        var pause: UInt32 = 1_000
        while true {
            do throws(SQLiteError) {
                let rows = try connection.rows(
                    "PRAGMA journal_mode = WAL",
                    limits: SQLiteReadLimits(rows: 1, valueBytes: 64)
                )
                let mode = rows.first?.first?.text ?? ""
                guard mode.lowercased() == "wal" else {
                    throw SQLiteError(
                        .failed,
                        path: connection.path,
                        "the database can't use write-ahead logging (its journal mode stayed \(mode)); keep it on a local file system"
                    )
                }
                return
            } catch  where error.code == .busy {
                var now = timespec()
                clock_gettime(CLOCK_MONOTONIC, &now)
                let waited =
                    (Int(now.tv_sec) - Int(start.tv_sec)) * 1_000 + (Int(now.tv_nsec) - Int(start.tv_nsec)) / 1_000_000
                guard waited < walSwitchMilliseconds else { throw error }
                usleep(pause)
                pause = min(pause * 2, 20_000)
            }
        }
    }

    /// Checkpoints the WAL into the database and truncates it to nothing once it holds more than
    /// ``walTrimPages`` pages, without waiting for another process (a busy database is left for
    /// the next writer).
    ///
    /// Every sharevia process opens the database afresh, and the first connection after the last
    /// one closed rebuilds the WAL's index by reading the whole WAL (about 1.7 µs a page here).
    /// SQLite's own automatic checkpoint doesn't help a process that exits after one commit: it
    /// copies the pages, but the WAL is only restarted by that connection's next write, so it
    /// keeps growing, and past 1,000 pages every commit checkpoints all of it again. Truncating
    /// at 128 pages (about 16 shares) keeps opening the database near 0.1 ms; the writer that
    /// trims pays the checkpoint's syncs.
    static func trimWAL(_ connection: SQLiteConnection) {
        var info = stat()
        guard stat(connection.path + "-wal", &info) == 0, Int(info.st_size) > 32 + walTrimPages * (24 + 4_096)
        else { return }
        connection.busyTimeout(milliseconds: 0)
        _ = try? connection.rows("PRAGMA wal_checkpoint(TRUNCATE)", limits: SQLiteReadLimits(rows: 1, valueBytes: 64))
        connection.busyTimeout(milliseconds: SQLiteConnection.defaultBusyTimeoutMilliseconds)
    }

    /// The WAL's size, in pages, above which ``trimWAL(_:)`` truncates it.
    static let walTrimPages = 128

    /// How long ``useWAL(_:)`` tries: the connection's busy timeout.
    static let walSwitchMilliseconds = 5_000

    /// The database's `PRAGMA user_version`.
    static func userVersion(_ connection: SQLiteConnection) throws(SQLiteError) -> Int64 {
        let rows = try connection.rows("PRAGMA user_version", limits: SQLiteReadLimits(rows: 1, valueBytes: 64))
        return rows.first?.first?.integer ?? 0
    }

    /// The result of `PRAGMA quick_check`: empty when the database is sound, else SQLite's
    /// findings (at most 20).
    static func quickCheck(_ connection: SQLiteConnection) throws(SQLiteError) -> [String] {
        let rows = try connection.rows(
            "PRAGMA quick_check(20)",
            limits: SQLiteReadLimits(rows: 20, valueBytes: 4_096)
        )
        let findings = rows.compactMap { $0.first?.text }
        return findings == ["ok"] ? [] : findings
    }

    private static func refuseNewer(_ version: Int64, path: String) throws(SQLiteError) {
        guard version > HistorySchema.currentVersion else { return }
        throw SQLiteError(
            .newerVersion,
            path: path,
            "a newer sharevia wrote this history database (schema version \(version); this sharevia knows up to \(HistorySchema.currentVersion)); it was left unchanged: update sharevia to read or record history"
        )
    }

    /// A database at version 0 must hold nothing: one with tables is another program's.
    /// `schemaEntries` must come from the same read as the version 0 it goes with.
    private static func requireEmpty(_ connection: SQLiteConnection, schemaEntries: Int64) throws(SQLiteError) {
        guard schemaEntries == 0 else {
            throw SQLiteError(
                .damaged,
                path: connection.path,
                "the file is an SQLite database of another program (no sharevia schema version, but tables)"
            )
        }
    }

    /// sharevia's tables must be tables (not views, which could run anything on a read).
    private static func requireTables(_ connection: SQLiteConnection) throws(SQLiteError) {
        let rows = try connection.rows(
            "SELECT name FROM sqlite_schema WHERE type = 'table' AND name IN ('shares', 'attempts', 'share_images', 'outbox_items', 'outbox_attachments') ORDER BY name",
            limits: SQLiteReadLimits(rows: 5, valueBytes: 64)
        )
        guard rows.compactMap({ $0.first?.text }) == HistorySchema.tables else {
            throw SQLiteError(
                .damaged,
                path: connection.path,
                "the database lacks sharevia's tables (shares, attempts, share_images, outbox_items, outbox_attachments) at schema version \(HistorySchema.currentVersion)"
            )
        }
    }

    /// Creates the folders above `path` that are missing, with mode 0700 (as the XDG spec asks
    /// of the state home).
    private static func makeFolder(containing path: String) throws(SQLiteError) {
        var prefix = path.hasPrefix("/") ? "" : "."
        let parts = path.split(separator: "/", omittingEmptySubsequences: true).dropLast()
        for part in parts {
            prefix += "/" + part
            if mkdir(prefix, 0o700) != 0 && errno != EEXIST {
                let reason = String(cString: strerror(errno))
                throw SQLiteError(.cantOpen, path: path, "can't create the folder \(prefix): \(reason)")
            }
        }
    }
}
