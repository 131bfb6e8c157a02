import ShareCore

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The outbox: shares that a network destination failed to take, kept in the history database
/// (tables `outbox_items`, `outbox_attachments`) with their own copy of the attachments until
/// they go through, fail for good, expire or are dropped.
///
/// A value naming the database file; each call opens its own connection with
/// `synchronous=FULL` (a commit is on disk before the call returns), so several processes can use
/// one outbox: writes take the lock with `BEGIN IMMEDIATE`.
///
/// ```swift
/// let outbox = OutboxStore(path: HistoryLocation.path(environment: environment)!)
/// let item = try outbox.enqueue(request, for: "mastodon", failure: error)
/// ```
package struct OutboxStore: Sendable {
    /// The database file.
    package var path: String
    /// When items are tried again, and when they expire.
    package var schedule: OutboxSchedule

    package init(path: String, schedule: OutboxSchedule = OutboxSchedule()) {
        self.path = path
        self.schedule = schedule
    }

    /// The current time: microseconds since 1970, UTC.
    package static func now() -> Int64 {
        var time = timespec()
        clock_gettime(CLOCK_REALTIME, &time)
        return Int64(time.tv_sec) * 1_000_000 + Int64(time.tv_nsec) / 1_000
    }

    /// Queues `request` for `destination`, which failed with `failure` (nil: queued without a try, due now).
    ///
    /// 1. Checks the request against ``OutboxLimits`` and refuses a flag that holds credentials.
    /// 2. Reads each attachment's bytes once (through its reader, at most
    ///    ``OutboxLimits/attachmentBytes`` each) and copies them into the database.
    /// 3. In one `BEGIN IMMEDIATE` transaction: returns the item already queued for the same share
    ///    and destination, or inserts a new one, `queued` with its next try after one minute (or
    ///    the server's `Retry-After`), or `unknown` when `failure` is `outcome-unknown`.
    ///
    /// The item is committed with `synchronous=FULL` before this returns.
    /// - Parameters:
    ///   - request: The share as it was asked for, with its ``ShareOptions`` (the same id).
    ///   - destination: The destination that failed.
    ///   - failure: Its last error: its words and code are the item's last error.
    ///   - now: The current time, microseconds since 1970.
    /// - Returns: The queued item.
    /// - Throws: ``SQLiteError``: `too-large` for a request or attachment over a cap, `failed`
    ///   for a flag with credentials or an attachment that can't be read, or the database's error.
    package func enqueue(
        _ request: OutboxRequest,
        for destination: DestinationID,
        failure: ShareError?,
        now: Int64 = OutboxStore.now()
    ) throws(SQLiteError) -> OutboxItem {
        let attachments = try prepared(request, for: destination)
        let connection = try HistoryDatabase.openForWriting(path, durability: .full)
        let item = try connection.immediateTransaction { () throws(SQLiteError) -> OutboxItem in
            try insert(request, for: destination, attachments: attachments, failure: failure, now: now, connection)
        }
        OutboxPause.afterQueue.pauseIfAsked()
        return item
    }

    /// A request checked against ``OutboxLimits`` with its attachments read: ready for ``insert(_:for:attachments:failure:now:_:)``.
    func prepared(
        _ request: OutboxRequest,
        for destination: DestinationID
    ) throws(SQLiteError) -> [OutboxAttachmentRow] {
        do {
            try request.validate()
        } catch {
            let code: SQLiteError.Code = error.code == .overLimit ? .tooLarge : .failed
            throw SQLiteError(code, path: path, "can't queue the share for \(destination): \(error)")
        }
        return try attachmentRows(request.content.attachments, destination: destination)
    }

    /// Step 3 of ``enqueue(_:for:failure:now:)``, inside the caller's transaction on `connection`.
    func insert(
        _ request: OutboxRequest,
        for destination: DestinationID,
        attachments: [OutboxAttachmentRow],
        failure: ShareError?,
        now: Int64,
        _ connection: SQLiteConnection
    ) throws(SQLiteError) -> OutboxItem {
        let existing = try connection.rows(
            """
            SELECT id, share_id, destination, state, created_us, next_try_us, expires_us, tries, first_sent_us,
                last_error, last_error_code, receipt
            FROM outbox_items WHERE share_id = ? AND destination = ?
            """,
            [.text(request.options.id.description), .text(destination.rawValue)],
            limits: OutboxItemRow.limits(rows: 1)
        )
        if let row = existing.first { return try OutboxItemRow.item(row, path: path) }
        let unknown = failure?.code == .outcomeUnknown
        let error = failure.map(OutboxItemRow.lastError)
        let inserted = try connection.rows(
            """
            INSERT INTO outbox_items (share_id, destination, state, request, created_us, next_try_us, expires_us,
                tries, first_sent_us, last_error, last_error_code, retry_after_us, updated_us)
            VALUES (?, ?, ?, ?, ?, ?, ?, 0, ?, ?, ?, ?, ?)
            RETURNING id, share_id, destination, state, created_us, next_try_us, expires_us, tries, first_sent_us,
                last_error, last_error_code, receipt
            """,
            [
                .text(request.options.id.description), .text(destination.rawValue),
                .text((unknown ? OutboxState.unknown : .queued).rawValue), .blob(request.encoded()),
                .integer(now),
                .integer(failure.map { schedule.nextTry(afterTries: 0, failure: $0, now: now) } ?? now),
                .integer(schedule.expiry(created: now)),
                // An unknown share's request went out at the latest now, and not before the share was made.
                unknown ? .integer(min(now, Int64(clamping: request.options.id.microseconds))) : .null,
                error.map { .text($0.words) } ?? .null, error.map { .text($0.code) } ?? .null,
                failure.map { OutboxItemRow.retryAfter($0, now: now) } ?? .null,
                .integer(now),
            ],
            limits: OutboxItemRow.limits(rows: 1)
        )
        guard let row = inserted.first else {
            throw SQLiteError(.failed, path: path, "the outbox item was not inserted")
        }
        let item = try OutboxItemRow.item(row, path: path)
        let insert = try connection.prepare(
            """
            INSERT INTO outbox_attachments (item_id, position, file_name, media_type, alt_text, bytes)
            VALUES (?, ?, ?, ?, ?, ?)
            """
        )
        for (position, attachment) in attachments.enumerated() {
            try insert.run([
                .integer(item.id), .integer(Int64(position)), .text(attachment.fileName),
                .text(attachment.mediaType), attachment.altText.sqlite, .blob(attachment.bytes),
            ])
        }
        return item
    }

    /// Every item, newest first (at most ``OutboxLimits/listedItems``); none when there is no
    /// database yet.
    /// - Throws: ``SQLiteError``.
    package func items() throws(SQLiteError) -> [OutboxItem] {
        guard access(path, F_OK) == 0 else { return [] }
        let connection = try HistoryDatabase.openForWriting(path, durability: .full)
        let rows = try connection.rows(
            """
            SELECT id, share_id, destination, state, created_us, next_try_us, expires_us, tries, first_sent_us,
                last_error, last_error_code, receipt
            FROM outbox_items ORDER BY created_us DESC, id DESC LIMIT 10000
            """,
            limits: OutboxItemRow.limits(rows: OutboxLimits.listedItems)
        )
        var items: [OutboxItem] = []
        for row in rows { items.append(try OutboxItemRow.item(row, path: path)) }
        return items
    }

    /// The item numbered `id`, or nil when there is none.
    /// - Throws: ``SQLiteError``.
    package func item(_ id: Int64) throws(SQLiteError) -> OutboxItem? {
        guard access(path, F_OK) == 0 else { return nil }
        let connection = try HistoryDatabase.openForWriting(path, durability: .full)
        let rows = try connection.rows(
            """
            SELECT id, share_id, destination, state, created_us, next_try_us, expires_us, tries, first_sent_us,
                last_error, last_error_code, receipt
            FROM outbox_items WHERE id = ?
            """,
            [.integer(id)],
            limits: OutboxItemRow.limits(rows: 1)
        )
        return try rows.first.map { row throws(SQLiteError) in try OutboxItemRow.item(row, path: path) }
    }

    /// Removes the item numbered `id` and its attachments, whatever its state.
    /// - Returns: False when there was no such item.
    /// - Throws: ``SQLiteError``.
    package func drop(_ id: Int64) throws(SQLiteError) -> Bool {
        guard access(path, F_OK) == 0 else { return false }
        let connection = try HistoryDatabase.openForWriting(path, durability: .full)
        let rows = try connection.rows(
            "DELETE FROM outbox_items WHERE id = ? RETURNING id",
            [.integer(id)],
            limits: SQLiteReadLimits(rows: 1, valueBytes: 64)
        )
        return !rows.isEmpty
    }

    /// Makes the item numbered `id` (nil: every item) due now, whatever its next try said: a
    /// `queued` or `unknown` item keeps its state (an `unknown` one is still checked before it is
    /// sent again); a `failed` or `expired` one is `queued` again, with a new maximum age from now.
    /// Items `sending`, `delivered` or `handed-off` are left alone.
    /// - Returns: The ids of the items made due.
    /// - Throws: ``SQLiteError``.
    package func makeDue(_ id: Int64?, now: Int64 = OutboxStore.now()) throws(SQLiteError) -> [Int64] {
        guard access(path, F_OK) == 0 else { return [] }
        let connection = try HistoryDatabase.openForWriting(path, durability: .full)
        let rows = try connection.rows(
            """
            UPDATE outbox_items SET
                next_try_us = ?1,
                expires_us = CASE WHEN state IN ('failed', 'expired') THEN max(expires_us, ?2) ELSE expires_us END,
                state = CASE WHEN state IN ('failed', 'expired') THEN 'queued' ELSE state END,
                updated_us = ?1
            WHERE (?3 IS NULL OR id = ?3) AND state IN ('queued', 'unknown', 'failed', 'expired')
            RETURNING id
            """,
            [.integer(now), .integer(schedule.expiry(created: now)), id.map(SQLiteValue.integer) ?? .null],
            limits: SQLiteReadLimits(rows: Int.max, valueBytes: 64)
        )
        return rows.compactMap { $0.first?.integer }.sorted()
    }

    /// Marks `expired` every `queued` item past its maximum age; its content is kept until it is
    /// dropped. (An `unknown` item waits for a check or a person's word, and doesn't expire.)
    /// - Returns: The ids of the items that expired.
    /// - Throws: ``SQLiteError``.
    package func expire(now: Int64 = OutboxStore.now()) throws(SQLiteError) -> [Int64] {
        guard access(path, F_OK) == 0 else { return [] }
        let connection = try HistoryDatabase.openForWriting(path, durability: .full)
        return try Self.expire(connection, now: now)
    }

    static func expire(_ connection: SQLiteConnection, now: Int64) throws(SQLiteError) -> [Int64] {
        let rows = try connection.rows(
            """
            UPDATE outbox_items SET state = 'expired', updated_us = ?1
            WHERE state = 'queued' AND expires_us <= ?1
            RETURNING id
            """,
            [.integer(now)],
            limits: SQLiteReadLimits(rows: Int.max, valueBytes: 64)
        )
        return rows.compactMap { $0.first?.integer }.sorted()
    }

    /// The attachments' bytes, read once each within the outbox's caps.
    private func attachmentRows(
        _ attachments: [ShareAttachment],
        destination: DestinationID
    ) throws(SQLiteError) -> [OutboxAttachmentRow] {
        var rows: [OutboxAttachmentRow] = []
        var total = 0
        for attachment in attachments {
            let data: [UInt8]
            do {
                data = Array(
                    try attachment.data(
                        limit: OutboxLimits.attachmentBytes,
                        rule: "the outbox's limit for one queued attachment"
                    )
                )
            } catch {
                let code: SQLiteError.Code = error.code == .contentRejected ? .tooLarge : .failed
                throw SQLiteError(code, path: path, "can't queue the share for \(destination): \(error.message)")
            }
            total += data.count
            guard total <= OutboxLimits.allAttachmentBytes else {
                throw SQLiteError(
                    .tooLarge,
                    path: path,
                    "can't queue the share for \(destination): its attachments hold more than the \(OutboxLimits.allAttachmentBytes) bytes the outbox keeps for one item"
                )
            }
            rows.append(
                OutboxAttachmentRow(
                    fileName: attachment.fileName,
                    mediaType: attachment.mimeType,
                    altText: attachment.altText,
                    bytes: data
                )
            )
        }
        return rows
    }
}
