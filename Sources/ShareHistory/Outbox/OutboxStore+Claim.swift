import ShareCore

#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

extension OutboxStore {
    /// Claims one item for `owner`, in one `BEGIN IMMEDIATE` transaction committed before this
    /// returns (before any request of it goes out):
    ///
    /// 1. every `sending` item whose lease ran out (its runner was killed or stuck) becomes
    ///    `unknown`: its request may have gone out, so it is never simply `queued` again;
    /// 2. every `queued` item past its maximum age becomes `expired`;
    /// 3. the item is chosen: `only`, when given, if it is `queued` or `unknown`, whatever its next
    ///    try; else the `queued` or `unknown` item due first (next try at or before `now`);
    ///    either way not one claimed at or after `runStart` (a run tries an item once);
    /// 4. it becomes `sending`, leased to `owner` until `now + leaseSeconds`, its tries counted,
    ///    its first-sent time set when it had none.
    ///
    /// Its stored request and attachments are read after the commit.
    /// - Returns: The claim, or nil when nothing is due.
    /// - Throws: ``SQLiteError``.
    func claim(
        _ connection: SQLiteConnection,
        owner: String,
        leaseSeconds: Int64,
        now: Int64,
        runStart: Int64,
        only: Int64?
    ) throws(SQLiteError) -> OutboxClaim? {
        let leaseUntil = now.addingClamped(leaseSeconds.multipliedReportingOverflow(by: 1_000_000).partialValue)
        let claimed = try connection.immediateTransaction { () throws(SQLiteError) -> (OutboxItem, OutboxState)? in
            try tidyUp(connection, now: now)
            return try pick(
                connection,
                owner: owner,
                leaseUntil: leaseUntil,
                now: now,
                runStart: runStart,
                only: only
            )
        }
        guard let (item, previous) = claimed else { return nil }
        return OutboxClaim(
            item: item,
            previousState: previous,
            request: try storedRequest(connection, id: item.id),
            owner: owner,
            leaseUntilMicroseconds: leaseUntil
        )
    }

    /// Records how a claimed try ended, only if the lease is still the claim's (the item still
    /// `sending`, leased to the claim's owner): a run whose lease ran out and was taken over
    /// changes nothing.
    /// - Returns: The item as it is now, or nil when the lease was no longer the claim's.
    /// - Throws: ``SQLiteError``.
    func finish(
        _ connection: SQLiteConnection,
        _ claim: OutboxClaim,
        as end: OutboxTryEnd,
        now: Int64
    ) throws(SQLiteError) -> OutboxItem? {
        var state = OutboxState.queued
        var nextTry = claim.item.nextTryMicroseconds
        var words: String?
        var code: String?
        var retryAfter: Int64?
        var receipt: String?
        switch end {
        case .done(let delivered):
            state = delivered.outcome == .handedOff ? .handedOff : .delivered
            receipt = HistoryRow.receiptJSON(delivered)
            words = nil
        case .queued(let next, let said, let saidCode, let after):
            nextTry = next
            words = said.map(OutboxItemRow.words)
            code = saidCode
            retryAfter = after
        case .unknown(let next, let said, let saidCode):
            state = .unknown
            nextTry = next
            words = OutboxItemRow.words(said)
            code = saidCode
        case .failed(let said, let saidCode):
            state = .failed
            words = OutboxItemRow.words(said)
            code = saidCode
        }
        let keepsError = words != nil || code != nil
        let rows = try connection.rows(
            """
            UPDATE outbox_items SET state = ?3, next_try_us = ?4,
                last_error = CASE WHEN ?9 THEN ?5 ELSE last_error END,
                last_error_code = CASE WHEN ?9 THEN ?6 ELSE last_error_code END,
                retry_after_us = ?7, receipt = ?8, lease_owner = NULL, lease_until_us = NULL, updated_us = ?10
            WHERE id = ?1 AND state = 'sending' AND lease_owner = ?2
            RETURNING id, share_id, destination, state, created_us, next_try_us, expires_us, tries, first_sent_us,
                last_error, last_error_code, receipt
            """,
            [
                .integer(claim.item.id), .text(claim.owner), .text(state.rawValue), .integer(nextTry),
                words.sqlite, code.sqlite, retryAfter.map(SQLiteValue.integer) ?? .null, receipt.sqlite,
                .integer(keepsError ? 1 : 0), .integer(now),
            ],
            limits: OutboxItemRow.limits(rows: 1)
        )
        return try rows.first.map { row throws(SQLiteError) in try OutboxItemRow.item(row, path: path) }
    }

    /// Steps 1 and 2 of ``claim(_:owner:leaseSeconds:now:runStart:only:)``: leases that ran out or
    /// whose run ended become `unknown`, items past their maximum age `expired`.
    private func tidyUp(_ connection: SQLiteConnection, now: Int64) throws(SQLiteError) {
        try connection.run(
            """
            UPDATE outbox_items SET state = 'unknown', lease_owner = NULL, lease_until_us = NULL,
                next_try_us = ?1, last_error = ?2, last_error_code = 'lease-expired', updated_us = ?1
            WHERE state = 'sending' AND lease_until_us <= ?1
            """,
            [
                .integer(now),
                .text(
                    "a run claimed it and stopped before it recorded how the try ended (its lease ran out); the request may have gone out"
                ),
            ]
        )
        try releaseLeasesOfEndedRuns(connection, now: now)
        _ = try Self.expire(connection, now: now)
    }

    /// Steps 3 and 4 of ``claim(_:owner:leaseSeconds:now:runStart:only:)``.
    private func pick(
        _ connection: SQLiteConnection,
        owner: String,
        leaseUntil: Int64,
        now: Int64,
        runStart: Int64,
        only: Int64?
    ) throws(SQLiteError) -> (OutboxItem, OutboxState)? {
        let chosen: [[SQLiteValue]]
        if let only {
            chosen = try connection.rows(
                """
                SELECT id, state FROM outbox_items
                WHERE id = ?1 AND state IN ('queued', 'unknown') AND (claimed_us IS NULL OR claimed_us < ?2)
                """,
                [.integer(only), .integer(runStart)],
                limits: SQLiteReadLimits(rows: 1, valueBytes: 64)
            )
        } else {
            chosen = try connection.rows(
                """
                SELECT id, state FROM outbox_items INDEXED BY outbox_due
                WHERE state IN ('queued', 'unknown') AND next_try_us <= ?1
                    AND (claimed_us IS NULL OR claimed_us < ?2)
                ORDER BY next_try_us, id LIMIT 1
                """,
                [.integer(now), .integer(runStart)],
                limits: SQLiteReadLimits(rows: 1, valueBytes: 64)
            )
        }
        guard let row = chosen.first, let id = row[0].integer,
            let previous = row[1].text.flatMap(OutboxState.init(rawValue:))
        else { return nil }
        let updated = try connection.rows(
            """
            UPDATE outbox_items SET state = 'sending', lease_owner = ?2, lease_until_us = ?3,
                first_sent_us = coalesce(first_sent_us, ?4), tries = tries + 1, claimed_us = ?4, updated_us = ?4
            WHERE id = ?1
            RETURNING id, share_id, destination, state, created_us, next_try_us, expires_us, tries, first_sent_us,
                last_error, last_error_code, receipt
            """,
            [.integer(id), .text(owner), .integer(leaseUntil), .integer(now)],
            limits: OutboxItemRow.limits(rows: 1)
        )
        guard let itemRow = updated.first else { return nil }
        return (try OutboxItemRow.item(itemRow, path: path), previous)
    }

    /// Makes `unknown` every `sending` item whose lease is held by a run of this machine that
    /// ended (killed, crashed) before its lease ran out: its owner names the process
    /// (``OutboxRunner/owner(process:)``), and no process has that id any more. A lease whose
    /// owner names no process, or a live one, is waited out.
    private func releaseLeasesOfEndedRuns(_ connection: SQLiteConnection, now: Int64) throws(SQLiteError) {
        let held = try connection.rows(
            "SELECT id, lease_owner FROM outbox_items WHERE state = 'sending' AND lease_until_us > ?1",
            [.integer(now)],
            limits: SQLiteReadLimits(rows: OutboxLimits.listedItems, valueBytes: 4_096)
        )
        for row in held {
            guard let id = row[0].integer, let owner = row[1].text, OutboxRunOwner.hasEnded(owner: owner) else {
                continue
            }
            try connection.run(
                """
                UPDATE outbox_items SET state = 'unknown', lease_owner = NULL, lease_until_us = NULL,
                    next_try_us = ?2, last_error = ?3, last_error_code = 'run-ended', updated_us = ?2
                WHERE id = ?1 AND state = 'sending' AND lease_owner = ?4
                """,
                [
                    .integer(id), .integer(now),
                    .text(
                        "the run that claimed it ended before it recorded how the try ended; the request may have gone out"
                    ),
                    .text(owner),
                ]
            )
        }
    }

    /// Records how the `finished` tries ended and claims up to `count` more items, in one
    /// transaction: one commit (one sync to disk) for every try that ended while the last commit
    /// was being written, however many run at once. Each finish changes nothing when its lease is
    /// no longer the claim's (as ``finish(_:_:as:now:)``); each claim is committed before any
    /// request of it goes out (as ``claim(_:owner:leaseSeconds:now:runStart:only:)``). A try that
    /// failed for good queues its share for the next destination of its chain
    /// (``OutboxClaim/fallback(after:)``) in the same transaction.
    /// - Parameters:
    ///   - only: The items still to claim, last first; claimed or unclaimable ones are taken off.
    ///     Nil claims the items due first.
    /// - Returns: Each finished item in the order given (nil when its lease was lost), and the
    ///   claims, fewer than `count` when nothing more is due.
    /// - Throws: ``SQLiteError``; then nothing is recorded or claimed, and `only` is unchanged.
    func settle(
        _ connection: SQLiteConnection,
        finished: [(claim: OutboxClaim, end: OutboxTryEnd)],
        claiming count: Int,
        owner: String,
        leaseSeconds: Int64,
        now: Int64,
        runStart: Int64,
        only: inout [Int64]?
    ) throws(SQLiteError) -> (finished: [OutboxItem?], claims: [OutboxClaim]) {
        let leaseUntil = now.addingClamped(leaseSeconds.multipliedReportingOverflow(by: 1_000_000).partialValue)
        var remaining = only
        // A share that failed for good is queued for the next destination of its chain in the transaction that
        // records the failure (its request was queued once, so it passes the checks again; one that doesn't is
        // left failed).
        let fallbacks = finished.map { claim, end in
            claim.fallback(after: end).flatMap { fallback in
                (try? prepared(fallback.request, for: fallback.destination)).map { (fallback, $0) }
            }
        }
        let (items, chosen) = try connection.immediateTransaction {
            () throws(SQLiteError) -> ([OutboxItem?], [(OutboxItem, OutboxState)]) in
            var items: [OutboxItem?] = []
            for ((claim, end), fallback) in zip(finished, fallbacks) {
                let item = try finish(connection, claim, as: end, now: now)
                if item != nil, let ((request, destination), attachments) = fallback {
                    _ = try insert(
                        request,
                        for: destination,
                        attachments: attachments,
                        failure: nil,
                        now: now,
                        connection
                    )
                }
                items.append(item)
            }
            var chosen: [(OutboxItem, OutboxState)] = []
            guard count > 0 else { return (items, chosen) }
            try tidyUp(connection, now: now)
            while chosen.count < count {
                let id: Int64?
                if remaining != nil {
                    guard let next = remaining?.popLast() else { break }
                    id = next
                } else {
                    id = nil
                }
                let picked = try pick(
                    connection,
                    owner: owner,
                    leaseUntil: leaseUntil,
                    now: now,
                    runStart: runStart,
                    only: id
                )
                if let picked { chosen.append(picked) } else if id == nil { break }
            }
            return (items, chosen)
        }
        only = remaining
        var claims: [OutboxClaim] = []
        for (item, previous) in chosen {
            claims.append(
                OutboxClaim(
                    item: item,
                    previousState: previous,
                    request: try storedRequest(connection, id: item.id),
                    owner: owner,
                    leaseUntilMicroseconds: leaseUntil
                )
            )
        }
        return (items, claims)
    }

    /// The item's stored request with its attachments, or why it can't be read.
    private func storedRequest(
        _ connection: SQLiteConnection,
        id: Int64
    ) throws(SQLiteError) -> Result<OutboxRequest, OutboxRequestError> {
        let request: [[SQLiteValue]]
        do {
            request = try connection.rows(
                "SELECT request FROM outbox_items WHERE id = ?",
                [.integer(id)],
                limits: SQLiteReadLimits(rows: 1, valueBytes: OutboxLimits.requestBytes)
            )
        } catch  where error.code == .tooLarge {
            return .failure(
                OutboxRequestError(
                    .overLimit,
                    field: nil,
                    "over the \(OutboxLimits.requestBytes) bytes a stored request may have"
                )
            )
        }
        let attachmentRows: [[SQLiteValue]]
        do {
            attachmentRows = try connection.rows(
                "SELECT file_name, media_type, alt_text, bytes FROM outbox_attachments WHERE item_id = ? ORDER BY position",
                [.integer(id)],
                limits: SQLiteReadLimits(rows: OutboxLimits.attachments, valueBytes: OutboxLimits.attachmentBytes)
            )
        } catch  where error.code == .tooLarge {
            return .failure(
                OutboxRequestError(
                    .overLimit,
                    field: "attachments",
                    "more than \(OutboxLimits.attachments) attachments, or one over \(OutboxLimits.attachmentBytes) bytes"
                )
            )
        }
        var attachments: [ShareAttachment] = []
        for row in attachmentRows {
            guard row.count == 4, let name = row[0].text, let type = row[1].text else {
                return .failure(
                    OutboxRequestError(.malformed, field: "attachments", "an attachment lacks its name or type")
                )
            }
            let bytes = row[3].blob ?? []
            attachments.append(
                OutboxAttachmentRow(fileName: name, mediaType: type, altText: row[2].text, bytes: bytes).attachment
            )
        }
        guard let bytes = request.first?.first?.blob else {
            return .failure(OutboxRequestError(.malformed, field: nil, "the item has no stored request"))
        }
        return Result { () throws(OutboxRequestError) in
            try OutboxRequest(decoding: bytes, attachments: attachments)
        }
    }
}

extension OutboxStore {
    /// Claims one item for `owner` on a connection of its own: see
    /// ``claim(_:owner:leaseSeconds:now:runStart:only:)``.
    /// - Throws: ``SQLiteError``.
    package func claim(
        owner: String,
        leaseSeconds: Int64,
        now: Int64 = OutboxStore.now(),
        runStart: Int64? = nil,
        only: Int64? = nil
    ) throws(SQLiteError) -> OutboxClaim? {
        let connection = try HistoryDatabase.openForWriting(path, durability: .full)
        return try claim(
            connection,
            owner: owner,
            leaseSeconds: leaseSeconds,
            now: now,
            runStart: runStart ?? .max,
            only: only
        )
    }

    /// Records how a claimed try ended, on a connection of its own: see ``finish(_:_:as:now:)``.
    /// - Returns: The item as it is now, or nil when the lease was no longer the claim's.
    /// - Throws: ``SQLiteError``.
    package func finish(
        _ claim: OutboxClaim,
        as end: OutboxTryEnd,
        now: Int64 = OutboxStore.now()
    ) throws(SQLiteError) -> OutboxItem? {
        let connection = try HistoryDatabase.openForWriting(path, durability: .full)
        return try finish(connection, claim, as: end, now: now)
    }
}
