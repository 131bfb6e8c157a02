import ShareCore

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

extension OutboxStore {
    /// Removes the items delivered or handed off before `before` (microseconds since 1970), with their attachments.
    /// - Returns: How many were removed.
    /// - Throws: ``SQLiteError``.
    package func prune(deliveredBefore before: Int64) throws(SQLiteError) -> Int {
        guard access(path, F_OK) == 0 else { return 0 }
        let connection = try HistoryDatabase.openForWriting(path, durability: .full)
        let rows = try connection.rows(
            "DELETE FROM outbox_items WHERE state IN ('delivered', 'handed-off') AND updated_us < ? RETURNING id",
            [.integer(before)],
            limits: SQLiteReadLimits(rows: Int.max, valueBytes: 64)
        )
        return rows.count
    }

    /// The queue's figures at `now`: depth by state, the age of the oldest due item, what was delivered in the last
    /// minute and hour.
    /// - Throws: ``SQLiteError``.
    package func statistics(now: Int64) throws(SQLiteError) -> OutboxQueueStatistics {
        var statistics = OutboxQueueStatistics()
        guard access(path, F_OK) == 0 else { return statistics }
        let connection = try HistoryDatabase.openForWriting(path, durability: .full)
        let limits = SQLiteReadLimits(rows: 16, valueBytes: 64)
        for row in try connection.rows("SELECT state, count(*) FROM outbox_items GROUP BY state", limits: limits) {
            guard case .text(let name) = row[0], let state = OutboxState(rawValue: name),
                case .integer(let count) = row[1]
            else {
                throw SQLiteError(.damaged, path: path, "an outbox item has a state this sharevia doesn't know")
            }
            statistics.depth[state] = Int(count)
        }
        let row = try connection.rows(
            """
            SELECT
                (SELECT min(created_us) FROM outbox_items WHERE state IN ('queued', 'unknown') AND next_try_us <= ?1),
                (SELECT count(*) FROM outbox_items WHERE state IN ('delivered', 'handed-off') AND updated_us > ?2),
                (SELECT count(*) FROM outbox_items WHERE state IN ('delivered', 'handed-off') AND updated_us > ?3)
            """,
            [.integer(now), .integer(now - 60_000_000), .integer(now - 3_600_000_000)],
            limits: limits
        ).first
        if case .integer(let oldest) = row?[0] { statistics.oldestDueAgeMicroseconds = max(0, now - oldest) }
        if case .integer(let minute) = row?[1] { statistics.deliveredLastMinute = Int(minute) }
        if case .integer(let hour) = row?[2] { statistics.deliveredLastHour = Int(hour) }
        return statistics
    }

    /// When the next item is due or the next lease ends, microseconds since 1970; nil when nothing waits.
    /// - Throws: ``SQLiteError``.
    package func nextDue() throws(SQLiteError) -> Int64? {
        guard access(path, F_OK) == 0 else { return nil }
        let connection = try HistoryDatabase.openForWriting(path, durability: .full)
        let row = try connection.rows(
            """
            SELECT min(
                coalesce((SELECT min(max(next_try_us, coalesce(retry_after_us, 0))) FROM outbox_items
                    WHERE state IN ('queued', 'unknown')), 9223372036854775807),
                coalesce((SELECT min(lease_until_us) FROM outbox_items WHERE state = 'sending'), 9223372036854775807))
            """,
            limits: SQLiteReadLimits(rows: 1, valueBytes: 64)
        ).first
        guard case .integer(let next) = row?[0], next != .max else { return nil }
        return next
    }
}
