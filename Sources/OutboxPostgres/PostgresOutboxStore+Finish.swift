import PostgresNIO
import ShareCore
import ShareHistory

extension PostgresOutboxStore {
    /// Extends the leases `owner` holds on `ids` until `until` (microseconds since 1970), for a worker still
    /// sending them.
    /// - Returns: The ids whose lease was renewed; one missing was taken over (its lease ran out) or finished.
    /// - Throws: ``PostgresOutboxError``.
    package func renewLeases(owner: String, ids: [Int64], until: Int64) async throws(PostgresOutboxError) -> [Int64] {
        guard !ids.isEmpty else { return [] }
        return try await run("can't renew the outbox leases of \(owner)") {
            var renewed: [Int64] = []
            for try await id in try await client.query(
                """
                UPDATE sharevia_outbox_items SET lease_until_us = \(until)
                WHERE id IN (
                    SELECT id FROM sharevia_outbox_items
                    WHERE id = ANY(\(ids)) AND state = 'sending' AND lease_owner = \(owner)
                    ORDER BY id FOR UPDATE)
                RETURNING id
                """,
                logger: logger
            ).decode(Int64.self) {
                renewed.append(id)
            }
            return renewed.sorted()
        }
    }

    /// Records how a claimed try ended, only if the lease is still the claim's (the item still `sending`,
    /// leased to the claim's owner): a worker whose lease ran out and was taken over changes nothing.
    ///
    /// A `.queued` end with a `retryAfter` (a rate limit's reset) also pauses its destination until then, for
    /// every worker: nothing of it is claimed before. Finishing an item of a destination with a concurrency limit
    /// notifies the workers (a slot is free).
    /// - Returns: The item as it is now, or nil when the lease was no longer the claim's.
    /// - Throws: ``PostgresOutboxError``.
    package func finish(
        _ claim: OutboxClaim,
        as end: OutboxTryEnd,
        now: Int64 = PostgresOutboxStore.now()
    ) async throws(PostgresOutboxError) -> OutboxItem? {
        try await run("can't record how outbox item \(claim.item.id)'s try ended") {
            try await client.withTransaction(logger: logger) { connection in
                try await record(claim, as: end, now: now, on: connection)
            }
        }
    }

    /// ``finish(_:as:now:)`` inside the caller's transaction on `connection`.
    func record(
        _ claim: OutboxClaim,
        as end: OutboxTryEnd,
        now: Int64,
        on connection: PostgresConnection
    ) async throws -> OutboxItem? {
        var state = OutboxState.queued
        var nextTry = claim.item.nextTryMicroseconds
        var words: String?
        var code: String?
        var retryAfter: Int64?
        var receipt: String?
        switch end {
        case .done(let delivered):
            state = delivered.outcome == .handedOff ? .handedOff : .delivered
            receipt = OutboxBackendSupport.receiptJSON(delivered)
        case .queued(let next, let said, let saidCode, let after):
            nextTry = next
            words = said.map(OutboxBackendSupport.words)
            code = saidCode
            retryAfter = after
        case .unknown(let next, let said, let saidCode):
            state = .unknown
            nextTry = next
            words = OutboxBackendSupport.words(said)
            code = saidCode
        case .failed(let said, let saidCode):
            state = .failed
            words = OutboxBackendSupport.words(said)
            code = saidCode
        }
        let keepsError = words != nil || code != nil
        let stateName = state.rawValue
        let id = claim.item.id
        let owner = claim.owner
        let destination = claim.item.destination.rawValue
        // One statement: when the item was still the claim's and its destination has a concurrency limit, a slot
        // is free, and the workers waiting for one are woken.
        let rows = try await PostgresItemRow.items(
            connection.query(
                """
                WITH finished AS (
                    UPDATE sharevia_outbox_items SET state = \(stateName), next_try_us = \(nextTry),
                        last_error = CASE WHEN \(keepsError) THEN \(words) ELSE last_error END,
                        last_error_code = CASE WHEN \(keepsError) THEN \(code) ELSE last_error_code END,
                        retry_after_us = \(retryAfter), receipt = \(receipt), lease_owner = NULL,
                        lease_until_us = NULL, updated_us = \(now)
                    WHERE id = \(id) AND state = 'sending' AND lease_owner = \(owner)
                    RETURNING \(unescaped: Self.itemColumns)),
                woken AS (
                    SELECT pg_notify(\(PostgresOutboxSchema.channel), d.destination)
                    FROM sharevia_outbox_destinations d JOIN finished f ON f.destination = d.destination
                    WHERE d.concurrency IS NOT NULL)
                SELECT \(unescaped: Self.itemColumns) FROM finished, (SELECT count(*) FROM woken) AS wakes
                """,
                logger: logger
            )
        )
        if let retryAfter, !rows.isEmpty, case .queued = end {
            try await pause(destination, until: retryAfter, on: connection)
        }
        return rows.first
    }

    /// Pauses `destination` for every worker until `until` (a later pause already there is kept).
    func pause(_ destination: String, until: Int64, on connection: PostgresConnection) async throws {
        try await connection.query(
            """
            INSERT INTO sharevia_outbox_destinations (destination, paused_until_us) VALUES (\(destination), \(until))
            ON CONFLICT (destination) DO UPDATE SET paused_until_us =
                greatest(coalesce(sharevia_outbox_destinations.paused_until_us, 0), excluded.paused_until_us)
            """,
            logger: logger
        )
    }

    /// Sets how many items of `destination` may be `sending` at once across every worker; nil for no limit.
    /// - Throws: ``PostgresOutboxError`` (`invalid-request` for a limit below 1).
    package func setConcurrencyLimit(_ limit: Int?, for destination: DestinationID) async throws(PostgresOutboxError) {
        if let limit, limit < 1 || limit > Int(Int32.max) {
            throw PostgresOutboxError(
                .invalidRequest,
                "a destination's concurrency limit must be from 1 to \(Int32.max)"
            )
        }
        let value = limit.map { Int32($0) }
        let name = destination.rawValue
        try await run("can't set the concurrency limit of \(destination)") {
            try await client.query(
                """
                INSERT INTO sharevia_outbox_destinations (destination, concurrency) VALUES (\(name), \(value))
                ON CONFLICT (destination) DO UPDATE SET concurrency = excluded.concurrency
                """,
                logger: logger
            )
        }
    }

    /// Until when `destination` is paused for every worker (microseconds since 1970), or nil.
    /// - Throws: ``PostgresOutboxError``.
    package func pausedUntil(_ destination: DestinationID) async throws(PostgresOutboxError) -> Int64? {
        let name = destination.rawValue
        return try await run("can't read the pause of \(destination)") {
            var until: Int64?
            for try await found in try await client.query(
                "SELECT paused_until_us FROM sharevia_outbox_destinations WHERE destination = \(name)",
                logger: logger
            ).decode(Int64?.self) {
                until = found
            }
            return until
        }
    }
}
