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
    static let tables = ["attempts", "outbox_attachments", "outbox_items", "share_images", "shares"]

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
        ),
        // The outbox: what a network destination failed to take after its retries, kept with
        // its own copy of the attachments until it goes through, expires or is dropped.
        Migration(
            version: 2,
            statements: """
                CREATE TABLE outbox_items (
                    id INTEGER PRIMARY KEY,
                    share_id TEXT NOT NULL,
                    destination TEXT NOT NULL,
                    state TEXT NOT NULL,
                    request BLOB NOT NULL,
                    created_us INTEGER NOT NULL,
                    next_try_us INTEGER NOT NULL,
                    expires_us INTEGER NOT NULL,
                    tries INTEGER NOT NULL,
                    first_sent_us INTEGER,
                    last_error TEXT,
                    last_error_code TEXT,
                    retry_after_us INTEGER,
                    lease_owner TEXT,
                    lease_until_us INTEGER,
                    claimed_us INTEGER,
                    receipt TEXT,
                    updated_us INTEGER NOT NULL,
                    UNIQUE (share_id, destination)
                ) STRICT;
                CREATE INDEX outbox_due ON outbox_items (state, next_try_us);
                CREATE TABLE outbox_attachments (
                    item_id INTEGER NOT NULL REFERENCES outbox_items (id) ON DELETE CASCADE,
                    position INTEGER NOT NULL,
                    file_name TEXT NOT NULL,
                    media_type TEXT NOT NULL,
                    alt_text TEXT,
                    bytes BLOB NOT NULL,
                    PRIMARY KEY (item_id, position)
                ) STRICT, WITHOUT ROWID;
                """,
            setVersion: "PRAGMA user_version = 2"
        ),
    ]
}
