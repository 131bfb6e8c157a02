/// The history database's schema, as numbered migrations. `PRAGMA user_version` holds the number
/// of the last one applied; a database with a higher number was written by a newer sharevia and
/// is left alone.
///
/// A migration is only ever appended, never edited: version N of every database is the same.
///
/// The indexes serve the statistics without sorting (SQLite walks each in its order and skips
/// rows before `since`), and the queries name them (`INDEXED BY`), so the plan doesn't depend on
/// `ANALYZE` having run: over 1,000,000 shares, each statistic reads one index once.
enum HistorySchema {
    /// One step from version `version - 1` to `version`: its statements, then setting the version.
    struct Migration {
        let version: Int64
        let statements: StaticString
        /// `PRAGMA user_version = N` (a PRAGMA takes no bound parameter, so each is written out).
        let setVersion: StaticString
    }

    /// The version this sharevia writes.
    static var currentVersion: Int64 { migrations.last!.version }

    /// The tables a database of ``currentVersion`` has.
    static let tables = ["attempts", "share_images", "shares"]

    static let migrations: [Migration] = [
        Migration(
            version: 1,
            statements: """
                CREATE TABLE shares (
                    id TEXT PRIMARY KEY NOT NULL,
                    time_us INTEGER NOT NULL,
                    card_kind TEXT,
                    card_theme TEXT,
                    chain TEXT NOT NULL,
                    outcome TEXT NOT NULL,
                    delivered_by TEXT,
                    exit_code INTEGER,
                    threads_long_text INTEGER NOT NULL,
                    requires_alt_text INTEGER NOT NULL,
                    content_text TEXT
                ) STRICT;
                CREATE INDEX shares_by_time ON shares (time_us);
                CREATE INDEX shares_by_outcome ON shares (outcome, time_us);
                CREATE INDEX shares_by_card ON shares (card_kind, delivered_by, time_us);
                CREATE TABLE share_images (
                    share_id TEXT NOT NULL REFERENCES shares (id) ON DELETE CASCADE,
                    position INTEGER NOT NULL,
                    media_type TEXT NOT NULL,
                    alt_text TEXT,
                    bytes BLOB NOT NULL,
                    PRIMARY KEY (share_id, position)
                ) STRICT, WITHOUT ROWID;
                CREATE TABLE attempts (
                    share_id TEXT NOT NULL REFERENCES shares (id) ON DELETE CASCADE,
                    position INTEGER NOT NULL,
                    time_us INTEGER NOT NULL,
                    destination TEXT NOT NULL,
                    try INTEGER NOT NULL,
                    outcome TEXT NOT NULL,
                    error_code TEXT,
                    reason TEXT NOT NULL,
                    duration_ms REAL NOT NULL,
                    fell_back INTEGER NOT NULL,
                    receipt TEXT,
                    PRIMARY KEY (share_id, position)
                ) STRICT, WITHOUT ROWID;
                CREATE INDEX attempts_by_outcome ON attempts (destination, outcome, error_code, time_us, fell_back);
                CREATE INDEX attempts_by_duration ON attempts (destination, duration_ms, time_us);
                """,
            setVersion: "PRAGMA user_version = 1"
        )
    ]
}
