import PostgresNIO
import ShareCore
import ShareHistory

extension PostgresOutboxStore {
    /// A request checked against ``OutboxLimits`` and encoded, its attachments' bytes read once: ready to insert.
    struct PreparedItem: Sendable {
        var request: OutboxRequest
        var encoded: [UInt8]
        var attachments: [[UInt8]]
        var destination: DestinationID
        var failure: ShareError?
    }

    /// Queues `request` for `destination` in a transaction of its own, and wakes idle workers (`NOTIFY`) when it
    /// commits.
    ///
    /// The same share id and destination queued again returns the item already there (the share id is the
    /// idempotency key), unchanged.
    /// - Parameters:
    ///   - failure: The share's own error, when it failed before being queued: its words are the item's last error,
    ///     its next try one backoff step later (or the server's `Retry-After`), `unknown` for `outcome-unknown`.
    ///     Nil queues it due now.
    ///   - now: The current time, microseconds since 1970.
    /// - Throws: ``PostgresOutboxError``: `too-large` or `invalid-request` before anything is written, or the
    ///   server's or connection's error.
    package func enqueue(
        _ request: OutboxRequest,
        for destination: DestinationID,
        failure: ShareError? = nil,
        now: Int64 = PostgresOutboxStore.now()
    ) async throws(PostgresOutboxError) -> OutboxItem {
        let prepared = try prepare(request, for: destination, failure: failure)
        return try await run("can't queue the share for \(destination)") {
            try await client.withTransaction(logger: logger) { connection in
                try await insert(prepared, now: now, on: connection)
            }
        }
    }

    /// Queues `request` for `destination` inside the caller's own transaction on `connection`: the transactional
    /// outbox. The item (and the `NOTIFY` that wakes workers) exists only if that transaction commits; rolled
    /// back, nothing was queued. `connection` must be inside a transaction (`BEGIN` ran, or `withTransaction`); the
    /// enqueue runs under a savepoint of its own.
    /// - Throws: as ``enqueue(_:for:failure:now:)``, and `invalid-request` when `connection` is in no transaction;
    ///   after an error the caller's transaction is as it was before the call.
    package func enqueue(
        _ request: OutboxRequest,
        for destination: DestinationID,
        failure: ShareError? = nil,
        now: Int64 = PostgresOutboxStore.now(),
        on connection: PostgresConnection
    ) async throws(PostgresOutboxError) -> OutboxItem {
        let prepared = try prepare(request, for: destination, failure: failure)
        return try await run("can't queue the share for \(destination)") {
            // A savepoint: refused outside a transaction (so nothing is half-queued there), and rolled back to on
            // an error of ours, which then leaves the caller's transaction usable.
            do {
                try await connection.query("SAVEPOINT sharevia_outbox_enqueue", logger: logger)
            } catch let error as PSQLError where error.serverInfo?[.sqlState] == "25P01" {
                throw PostgresOutboxError(
                    .invalidRequest,
                    "can't queue the share for \(destination) inside the caller's transaction: the connection is in none (run BEGIN first, or use enqueue without a connection)"
                )
            }
            do {
                let item = try await insert(prepared, now: now, on: connection)
                try await connection.query("RELEASE SAVEPOINT sharevia_outbox_enqueue", logger: logger)
                return item
            } catch {
                _ = try? await connection.query("ROLLBACK TO SAVEPOINT sharevia_outbox_enqueue", logger: logger)
                throw error
            }
        }
    }

    /// Checks the request and reads its attachments, before any database work.
    func prepare(
        _ request: OutboxRequest,
        for destination: DestinationID,
        failure: ShareError?
    ) throws(PostgresOutboxError) -> PreparedItem {
        do {
            try request.validate()
            return PreparedItem(
                request: request,
                encoded: request.encoded(),
                attachments: try OutboxBackendSupport.attachmentBytes(request.content.attachments),
                destination: destination,
                failure: failure
            )
        } catch {
            throw PostgresOutboxError(
                error.code == .overLimit ? .tooLarge : .invalidRequest,
                redactor.redact("can't queue the share for \(destination): \(error)")
            )
        }
    }

    /// Inserts the item (or finds the one already queued) and its attachments, and notifies, on `connection`,
    /// inside a transaction the caller holds.
    func insert(_ item: PreparedItem, now: Int64, on connection: PostgresConnection) async throws -> OutboxItem {
        let shareID = item.request.options.id.description
        let destination = item.destination.rawValue
        let unknown = item.failure?.code == .outcomeUnknown
        let error = item.failure.map(OutboxBackendSupport.lastError)
        let nextTry = item.failure.map { schedule.nextTry(afterTries: 0, failure: $0, now: now) } ?? now
        let state = (unknown ? OutboxState.unknown : .queued).rawValue
        // An unknown share's request went out at the latest now, and not before the share was made.
        let firstSent: Int64? = unknown ? min(now, Int64(clamping: item.request.options.id.microseconds)) : nil
        let retryAfter = item.failure.flatMap { OutboxBackendSupport.retryAfter($0, now: now) }
        let expires = schedule.expiry(created: now)
        let request = ByteBuffer(bytes: item.encoded)
        let inserted = try await PostgresItemRow.items(
            connection.query(
                """
                INSERT INTO sharevia_outbox_items (share_id, destination, state, request, created_us, next_try_us,
                    expires_us, tries, first_sent_us, last_error, last_error_code, retry_after_us, updated_us)
                VALUES (\(shareID), \(destination), \(state), \(request), \(now), \(nextTry), \(expires), 0,
                    \(firstSent), \(error?.words), \(error?.code), \(retryAfter), \(now))
                ON CONFLICT (share_id, destination) DO NOTHING
                RETURNING \(unescaped: Self.itemColumns)
                """,
                logger: logger
            )
        )
        guard let new = inserted.first else {
            let existing = try await PostgresItemRow.items(
                connection.query(
                    """
                    SELECT \(unescaped: Self.itemColumns) FROM sharevia_outbox_items
                    WHERE share_id = \(shareID) AND destination = \(destination)
                    """,
                    logger: logger
                )
            )
            guard let found = existing.first else {
                throw PostgresOutboxError(.server, "the outbox item was neither inserted nor found")
            }
            return found
        }
        for (position, bytes) in item.attachments.enumerated() {
            let attachment = item.request.content.attachments[position]
            try await connection.query(
                """
                INSERT INTO sharevia_outbox_attachments (item_id, position, file_name, media_type, alt_text, bytes)
                VALUES (\(new.id), \(Int32(position)), \(attachment.fileName), \(attachment.mimeType),
                    \(attachment.altText), \(ByteBuffer(bytes: bytes)))
                """,
                logger: logger
            )
        }
        try await connection.query(
            "SELECT pg_notify(\(PostgresOutboxSchema.channel), \(destination))",
            logger: logger
        )
        return new
    }
}
