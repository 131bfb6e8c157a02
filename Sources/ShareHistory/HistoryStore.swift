import ShareCore

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// sharevia's share history: every share's report, kept in an SQLite database.
///
/// A value naming the database file; each call opens its own connection, so two processes (or
/// tasks) can record at once: writes take the lock with `BEGIN IMMEDIATE` and wait up to 5 s for
/// each other. The database is opened in WAL mode with `synchronous=FULL` unless
/// ``HistoryDurability/normal`` is chosen.
///
/// ```swift
/// let store = HistoryStore(path: HistoryLocation.path(environment: environment)!)
/// let recording = store.record(report: report, options: request.options, card: nil)
/// for warning in recording.warnings { print(warning) }
/// ```
package struct HistoryStore: Sendable {
    /// The database file.
    package var path: String
    /// How recording syncs to disk: `.full` (the default) or `.normal`.
    package var durability: HistoryDurability
    /// How long one history or statistics read may take before SQLite stops it, in milliseconds.
    package var readDeadlineMilliseconds: Int

    package init(
        path: String,
        durability: HistoryDurability = .full,
        readDeadlineMilliseconds: Int = HistoryLimits.readMilliseconds
    ) {
        self.path = path
        self.durability = durability
        self.readDeadlineMilliseconds = readDeadlineMilliseconds
    }

    /// Records a share's report. Never throws: a share must not fail because history can't be
    /// written, so what went wrong comes back as a warning for the report.
    ///
    /// 1. Opens the database (creating it and its folder), refusing one written by a newer
    ///    sharevia without changing a byte of it, and migrating an older one.
    /// 2. Writes the share and its attempts in one `BEGIN IMMEDIATE` transaction.
    /// 3. When SQLite finds the database damaged (not a database, corrupt pages, not sharevia's
    ///    schema), moves it aside to `sharevia.sqlite.damaged-TIME` (its `-wal` too), warns, and
    ///    records the share in a fresh database.
    ///
    /// - Parameters:
    ///   - report: The share's report.
    ///   - options: The share's options; their ``ShareID`` is the record's id and time.
    ///   - card: The card's kind and theme, when a card was drawn.
    ///   - keepContent: The text and images to keep; nil (the default) keeps none.
    ///   - exitCode: The exit code the command ended with, if it is a command's share.
    /// - Returns: Whether the share was recorded, and the warnings for the report.
    package func record(
        report: ShareReport,
        options: ShareOptions,
        card: HistoryCard? = nil,
        keepContent: HistoryContent? = nil,
        exitCode: Int32? = nil
    ) -> HistoryRecording {
        let row = HistoryRow(report: report, options: options, card: card, content: keepContent, exitCode: exitCode)
        let notes = row.notes.map { HistoryWarning($0) }
        var recording = write([row], unwritten: "this share was not recorded")
        let moved = recording.warnings.filter { $0.movedTo != nil }
        recording.warnings = moved + notes + recording.warnings.filter { $0.movedTo == nil }
        return recording
    }

    /// Writes `rows` in one transaction. When SQLite finds the database damaged, moves it aside
    /// (warning), and writes them into a fresh one. Never throws: what went wrong is a warning
    /// starting `history: <unwritten>: `.
    func write(_ rows: [HistoryRow], unwritten: String) -> HistoryRecording {
        let identity = fileIdentity()
        do {
            try insert(rows)
            return HistoryRecording(recorded: true)
        } catch  where error.code == .damaged {
            guard identity == nil || identity == fileIdentity() else {
                // Another process moved it aside meanwhile; write into what is there now.
                return retry(rows, unwritten: unwritten)
            }
            let movedTo: String
            do {
                movedTo = try moveAside()
            } catch {
                return HistoryRecording(recorded: false, warnings: [unrecorded(error, unwritten)])
            }
            let moved = HistoryWarning(
                "history: \(path) was damaged (\(error.message)); it was moved to \(movedTo) and a new one started",
                error: error,
                movedTo: movedTo
            )
            var recording = retry(rows, unwritten: unwritten)
            recording.warnings.insert(moved, at: 0)
            return recording
        } catch {
            return HistoryRecording(recorded: false, warnings: [unrecorded(error, unwritten)])
        }
    }

    /// Checks the database with `PRAGMA quick_check`: the findings, empty when it is sound or
    /// doesn't exist yet.
    /// - Throws: ``SQLiteError`` when it can't be opened or is refused.
    package func check() throws(SQLiteError) -> [String] {
        guard
            let connection = try HistoryDatabase.openForReading(path, deadlineMilliseconds: readDeadlineMilliseconds)
        else { return [] }
        return try HistoryDatabase.quickCheck(connection)
    }

    private func retry(_ rows: [HistoryRow], unwritten: String) -> HistoryRecording {
        do {
            try insert(rows)
            return HistoryRecording(recorded: true)
        } catch {
            return HistoryRecording(recorded: false, warnings: [unrecorded(error, unwritten)])
        }
    }

    private func unrecorded(_ error: SQLiteError, _ unwritten: String) -> HistoryWarning {
        HistoryWarning("history: \(unwritten): \(error)", error: error)
    }

    private func insert(_ rows: [HistoryRow]) throws(SQLiteError) {
        let connection = try HistoryDatabase.openForWriting(path, durability: durability)
        try connection.immediateTransaction { () throws(SQLiteError) in
            for row in rows { try HistoryWriter.insert(row, into: connection) }
        }
    }

    /// Renames the database to `PATH.damaged-TIME` (and its `-wal` beside it; the `-shm` index
    /// is rebuilt by SQLite, so it is removed). Returns the new path.
    private func moveAside() throws(SQLiteError) -> String {
        var now = timespec()
        clock_gettime(CLOCK_REALTIME, &now)
        let days = Int64(now.tv_sec).quotientAndRemainder(dividingBy: 86_400)
        let (year, month, day) = CivilCalendar.civil(fromDays: days.quotient)
        let seconds = days.remainder
        func two(_ value: Int64) -> String { value < 10 ? "0\(value)" : "\(value)" }
        let stamp =
            "\(year)\(two(month))\(two(day))T\(two(seconds / 3600))\(two(seconds / 60 % 60))\(two(seconds % 60))Z"
        var target = "\(path).damaged-\(stamp)"
        var suffix = 1
        while access(target, F_OK) == 0 {
            suffix += 1
            target = "\(path).damaged-\(stamp)-\(suffix)"
        }
        guard rename(path, target) == 0 else {
            let reason = String(cString: strerror(errno))
            throw SQLiteError(
                .cantOpen,
                path: path,
                "the database is damaged and can't be moved aside (\(reason)); move or remove it yourself"
            )
        }
        if rename(path + "-wal", target + "-wal") != 0 { unlink(path + "-wal") }
        unlink(path + "-shm")
        return target
    }

    /// The file's device and inode, or nil when there is none.
    private func fileIdentity() -> [UInt64]? {
        var info = stat()
        guard stat(path, &info) == 0 else { return nil }
        return [UInt64(info.st_dev), UInt64(info.st_ino)]
    }
}
