import PostgresNIO
import ShareCore
import ShareHistory

extension PostgresOutboxStore {
    /// Every item, newest first (at most ``OutboxLimits/listedItems``).
    /// - Throws: ``PostgresOutboxError``.
    package func items() async throws(PostgresOutboxError) -> [OutboxItem] {
        try await run("can't list the outbox") {
            try await PostgresItemRow.items(
                client.query(
                    """
                    SELECT \(unescaped: Self.itemColumns) FROM sharevia_outbox_items
                    ORDER BY created_us DESC, id DESC LIMIT \(OutboxLimits.listedItems)
                    """,
                    logger: logger
                )
            )
        }
    }

    /// The item numbered `id`, or nil when there is none.
    /// - Throws: ``PostgresOutboxError``.
    package func item(_ id: Int64) async throws(PostgresOutboxError) -> OutboxItem? {
        try await run("can't read outbox item \(id)") {
            try await PostgresItemRow.items(
                client.query(
                    "SELECT \(unescaped: Self.itemColumns) FROM sharevia_outbox_items WHERE id = \(id)",
                    logger: logger
                )
            ).first
        }
    }

    /// Removes the item numbered `id` and its attachments, whatever its state.
    /// - Returns: False when there was no such item.
    /// - Throws: ``PostgresOutboxError``.
    package func drop(_ id: Int64) async throws(PostgresOutboxError) -> Bool {
        try await run("can't drop outbox item \(id)") {
            var dropped = false
            for try await _ in try await client.query(
                "DELETE FROM sharevia_outbox_items WHERE id = \(id) RETURNING id",
                logger: logger
            ).decode(Int64.self) {
                dropped = true
            }
            return dropped
        }
    }

    /// Makes the item numbered `id` (nil: every item) due now, as the SQLite outbox's `makeDue` does: `queued`
    /// and `unknown` items keep their state; `failed` and `expired` ones are `queued` again with a new maximum
    /// age; others are left alone. Wakes idle workers.
    /// - Returns: The ids of the items made due.
    /// - Throws: ``PostgresOutboxError``.
    package func makeDue(
        _ id: Int64?,
        now: Int64 = PostgresOutboxStore.now()
    ) async throws(PostgresOutboxError)
        -> [Int64]
    {
        let expires = schedule.expiry(created: now)
        return try await run("can't make outbox items due") {
            try await client.withTransaction(logger: logger) { connection in
                var ids: [Int64] = []
                for try await found in try await connection.query(
                    """
                    UPDATE sharevia_outbox_items SET next_try_us = \(now),
                        expires_us = CASE WHEN state IN ('failed', 'expired') THEN greatest(expires_us, \(expires))
                            ELSE expires_us END,
                        state = CASE WHEN state IN ('failed', 'expired') THEN 'queued' ELSE state END,
                        updated_us = \(now)
                    WHERE (\(id)::bigint IS NULL OR id = \(id)) AND state IN ('queued', 'unknown', 'failed', 'expired')
                    RETURNING id
                    """,
                    logger: logger
                ).decode(Int64.self) {
                    ids.append(found)
                }
                if !ids.isEmpty {
                    try await connection.query("SELECT pg_notify(\(PostgresOutboxSchema.channel), '')", logger: logger)
                }
                return ids.sorted()
            }
        }
    }

    /// Deletes the items delivered or handed off before `before` (microseconds since 1970), with their attachments.
    /// - Returns: How many were deleted.
    /// - Throws: ``PostgresOutboxError``.
    package func prune(deliveredBefore before: Int64) async throws(PostgresOutboxError) -> Int {
        try await run("can't prune the outbox") {
            var count = 0
            for try await _ in try await client.query(
                """
                DELETE FROM sharevia_outbox_items
                WHERE state IN ('delivered', 'handed-off') AND updated_us < \(before)
                RETURNING id
                """,
                logger: logger
            ).decode(Int64.self) {
                count += 1
            }
            return count
        }
    }

    /// The queue's figures at `now`, for `sharevia stats --outbox`.
    /// - Throws: ``PostgresOutboxError``.
    package func statistics(
        now: Int64 = PostgresOutboxStore.now()
    ) async throws(PostgresOutboxError)
        -> OutboxQueueStatistics
    {
        try await run("can't read the outbox's statistics") {
            var statistics = OutboxQueueStatistics()
            for try await (state, count) in try await client.query(
                "SELECT state, count(*) FROM sharevia_outbox_items GROUP BY state",
                logger: logger
            ).decode((String, Int64).self) {
                guard let known = OutboxState(rawValue: state) else {
                    throw PostgresOutboxError(.damaged, "outbox items have the state '\(state)'")
                }
                statistics.depth[known] = Int(count)
            }
            let minute = now - 60_000_000
            let hour = now - 3_600_000_000
            for try await (oldest, lastMinute, lastHour) in try await client.query(
                """
                SELECT
                    (SELECT min(created_us) FROM sharevia_outbox_items
                        WHERE state IN ('queued', 'unknown') AND next_try_us <= \(now)),
                    (SELECT count(*) FROM sharevia_outbox_items
                        WHERE state IN ('delivered', 'handed-off') AND updated_us > \(minute)),
                    (SELECT count(*) FROM sharevia_outbox_items
                        WHERE state IN ('delivered', 'handed-off') AND updated_us > \(hour))
                """,
                logger: logger
            ).decode((Int64?, Int64, Int64).self) {
                statistics.oldestDueAgeMicroseconds = oldest.map { max(0, now - $0) }
                statistics.deliveredLastMinute = Int(lastMinute)
                statistics.deliveredLastHour = Int(lastHour)
            }
            return statistics
        }
    }
}
