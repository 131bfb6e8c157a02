import PostgresNIO

/// The PostgreSQL outbox's tables, as numbered migrations recorded in `sharevia_outbox_schema(version)`.
///
/// ``migrate(_:logger:)`` runs in one transaction under a transaction-level advisory lock, so two workers
/// starting at once apply each migration once; a database whose version is newer than ``latestVersion`` is
/// refused and left unchanged.
///
/// Tables (times are microseconds since 1970, UTC, as in the SQLite outbox):
/// - `sharevia_outbox_items`: the SQLite outbox's `outbox_items`, column for column (`request` is `bytea`);
/// - `sharevia_outbox_attachments`: each item's attachments, their bytes as `bytea`;
/// - `sharevia_outbox_destinations`: per destination, `paused_until_us` (a rate limit's reset that pauses
///   it for every worker) and `concurrency` (the most items of it `sending` at once, NULL for no limit).
package enum PostgresOutboxSchema {
    /// The advisory lock's key (`pg_advisory_xact_lock`): "sharevia" in ASCII.
    static let lockKey: Int64 = 0x73_68_61_72_65_76_69_61
    /// The channel `NOTIFY` wakes idle workers on.
    package static let channel = "sharevia_outbox"

    /// One migration: its version and its statements, run in order.
    struct Migration: Sendable {
        var version: Int
        var statements: [String]
    }

    /// Every migration, oldest first.
    static let migrations: [Migration] = [
        Migration(
            version: 1,
            statements: [
                """
                CREATE TABLE sharevia_outbox_items (
                    id bigserial PRIMARY KEY,
                    share_id text NOT NULL,
                    destination text NOT NULL,
                    state text NOT NULL CHECK (state IN
                        ('queued', 'sending', 'delivered', 'handed-off', 'failed', 'unknown', 'expired')),
                    request bytea NOT NULL CHECK (octet_length(request) <= \(OutboxLimitsSQL.requestBytes)),
                    created_us bigint NOT NULL,
                    next_try_us bigint NOT NULL,
                    expires_us bigint NOT NULL,
                    tries integer NOT NULL DEFAULT 0,
                    first_sent_us bigint,
                    last_error text,
                    last_error_code text,
                    retry_after_us bigint,
                    lease_owner text,
                    lease_until_us bigint,
                    claimed_us bigint,
                    receipt text,
                    updated_us bigint NOT NULL,
                    UNIQUE (share_id, destination)
                )
                """,
                """
                CREATE INDEX sharevia_outbox_due ON sharevia_outbox_items (next_try_us, id)
                    WHERE state IN ('queued', 'unknown')
                """,
                """
                CREATE INDEX sharevia_outbox_leases ON sharevia_outbox_items (lease_until_us)
                    WHERE state = 'sending'
                """,
                """
                CREATE INDEX sharevia_outbox_done ON sharevia_outbox_items (updated_us)
                    WHERE state IN ('delivered', 'handed-off')
                """,
                """
                CREATE TABLE sharevia_outbox_attachments (
                    item_id bigint NOT NULL REFERENCES sharevia_outbox_items (id) ON DELETE CASCADE,
                    position integer NOT NULL,
                    file_name text NOT NULL,
                    media_type text NOT NULL,
                    alt_text text,
                    bytes bytea NOT NULL CHECK (octet_length(bytes) <= \(OutboxLimitsSQL.attachmentBytes)),
                    PRIMARY KEY (item_id, position)
                )
                """,
                """
                CREATE TABLE sharevia_outbox_destinations (
                    destination text PRIMARY KEY,
                    paused_until_us bigint,
                    concurrency integer CHECK (concurrency IS NULL OR concurrency > 0)
                )
                """,
            ]
        ),
        // Each claim expires the queued items past their maximum age: without this index it read every queued item.
        Migration(
            version: 2,
            statements: [
                """
                CREATE INDEX sharevia_outbox_expiry ON sharevia_outbox_items (expires_us)
                    WHERE state = 'queued'
                """
            ]
        ),
    ]

    /// The newest version this code knows.
    package static var latestVersion: Int { migrations.last?.version ?? 0 }

    /// Brings the schema up to ``latestVersion`` on `connection`, in one transaction under an advisory lock.
    /// - Returns: The version the database had before (0 for none).
    /// - Throws: ``PostgresOutboxError`` `newer-schema` (nothing changed) or the server's error.
    static func migrate(_ connection: PostgresConnection, logger: Logger) async throws -> Int {
        try await connection.withTransaction(logger: logger) { connection in
            try await connection.query("SELECT pg_advisory_xact_lock(\(lockKey))", logger: logger)
            try await connection.query(
                """
                CREATE TABLE IF NOT EXISTS sharevia_outbox_schema (
                    only_row boolean PRIMARY KEY DEFAULT true CHECK (only_row),
                    version integer NOT NULL
                )
                """,
                logger: logger
            )
            try await connection.query(
                "INSERT INTO sharevia_outbox_schema (version) VALUES (0) ON CONFLICT (only_row) DO NOTHING",
                logger: logger
            )
            var version = 0
            for try await found in try await connection.query(
                "SELECT version FROM sharevia_outbox_schema",
                logger: logger
            ).decode(Int.self) {
                version = found
            }
            guard version <= latestVersion else {
                throw PostgresOutboxError(
                    .newerSchema,
                    "the database's outbox schema is version \(version), newer than the \(latestVersion) this sharevia knows: update sharevia (nothing was changed)"
                )
            }
            for migration in migrations where migration.version > version {
                for statement in migration.statements {
                    try await connection.query(PostgresQuery(unsafeSQL: statement), logger: logger)
                }
                try await connection.query(
                    "UPDATE sharevia_outbox_schema SET version = \(migration.version)",
                    logger: logger
                )
            }
            return version
        }
    }
}
