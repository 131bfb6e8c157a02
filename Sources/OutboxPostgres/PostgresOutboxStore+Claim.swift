import PostgresNIO
import ShareCore
import ShareHistory

extension PostgresOutboxStore {
    /// Claims up to `count` due items for `owner`, in one transaction committed before this returns (before any
    /// request of them goes out):
    ///
    /// 1. every `sending` item whose lease ran out (its worker died or stalled) becomes `unknown`: its request
    ///    may have gone out, so it is never simply `queued` again; every `queued` item past its maximum age
    ///    becomes `expired` (rows another worker holds are skipped, `SKIP LOCKED`). A store does this at most
    ///    once a second (``TidyUpSchedule``), one statement; a `queued` item past its age is never claimed
    ///    in between;
    /// 2. the destinations with a concurrency limit are locked, so claimers count their `sending` items one at
    ///    a time;
    /// 3. `queued` and `unknown` items due by `now`, of no destination paused past `now` and within each limit,
    ///    due first, are chosen with `SELECT … FOR UPDATE SKIP LOCKED` (so two claimers never get one item) and
    ///    become `sending`, leased to `owner` until `now + leaseSeconds`, their tries counted and first-sent time
    ///    set when they had none.
    ///
    /// - Parameters:
    ///   - owner: Who claims: unique to one worker (its host, process and a random part), renewing and finishing
    ///     with the same.
    /// - Returns: The claims (fewer than `count`, or none, when fewer are due), each with its stored request.
    /// - Throws: ``PostgresOutboxError``; then nothing was claimed.
    package func claim(
        owner: String,
        leaseSeconds: Int64,
        count: Int,
        now: Int64 = PostgresOutboxStore.now()
    ) async throws(PostgresOutboxError) -> [OutboxClaim] {
        guard count > 0 else { return [] }
        return try await settle(finished: [], claiming: count, owner: owner, leaseSeconds: leaseSeconds, now: now)
            .claims
    }

    /// Records how the `finished` tries ended and claims up to `count` more items, in one transaction: one commit
    /// for every try a worker saw end since its last, however many it runs at once. Each finish changes nothing
    /// when its lease is no longer the claim's (as ``finish(_:as:now:)``); the claims are made as
    /// ``claim(owner:leaseSeconds:count:now:)`` makes them, committed before any request of them goes out.
    /// - Returns: Each finished item in the order given (nil when its lease was lost), and the claims.
    /// - Throws: ``PostgresOutboxError``; then nothing was recorded or claimed.
    package func settle(
        finished: [(claim: OutboxClaim, end: OutboxTryEnd)],
        claiming count: Int,
        owner: String,
        leaseSeconds: Int64,
        now: Int64 = PostgresOutboxStore.now(),
        only: [Int64]? = nil
    ) async throws(PostgresOutboxError) -> (finished: [OutboxItem?], claims: [OutboxClaim]) {
        let leaseUntil = OutboxBackendSupport.adding(seconds: leaseSeconds, to: now)
        let doing = finished.isEmpty ? "can't claim outbox items" : "can't record the outbox's tries and claim more"
        // A failed transaction undoes its tidy-up too: the next claim does it then.
        let tidies = count > 0 && tidyUps.isDue(at: now)
        do {
            return try await settle(
                finished: finished,
                claiming: count,
                owner: owner,
                leaseUntil: leaseUntil,
                tidies: tidies,
                now: now,
                only: only,
                doing: doing
            )
        } catch {
            if tidies { tidyUps.forget() }
            throw error
        }
    }

    private func settle(
        finished: [(claim: OutboxClaim, end: OutboxTryEnd)],
        claiming count: Int,
        owner: String,
        leaseUntil: Int64,
        tidies: Bool,
        now: Int64,
        only: [Int64]?,
        doing: String
    ) async throws(PostgresOutboxError) -> (finished: [OutboxItem?], claims: [OutboxClaim]) {
        try await run(doing) {
            try await client.withTransaction(logger: logger) { connection in
                // Rows are locked in id order, as a lease renewal locks them, so the two never deadlock.
                var recorded: [Int: OutboxItem?] = [:]
                for (index, (claim, end)) in finished.enumerated().sorted(by: {
                    $0.1.claim.item.id < $1.1.claim.item.id
                }) {
                    recorded[index] = try await record(claim, as: end, now: now, on: connection)
                }
                let items = finished.indices.map { recorded[$0] ?? nil }
                guard count > 0 else { return (items, []) }
                if tidies { try await tidyUp(now: now, on: connection) }
                let chosen = try await choose(
                    count: count,
                    only: only,
                    owner: owner,
                    leaseUntil: leaseUntil,
                    now: now,
                    on: connection
                )
                let requests = try await storedRequests(chosen.map { ($0.item.id, $0.request) }, on: connection)
                var claims: [OutboxClaim] = []
                for picked in chosen {
                    claims.append(
                        OutboxBackendSupport.claim(
                            item: picked.item,
                            previousState: picked.previous,
                            request: requests[picked.item.id]
                                ?? .failure(
                                    OutboxRequestError(.malformed, field: nil, "the item has no stored request")
                                ),
                            owner: owner,
                            leaseUntilMicroseconds: leaseUntil
                        )
                    )
                }
                return (items, claims)
            }
        }
    }

    /// Step 1 of ``claim(owner:leaseSeconds:count:now:)``, in one statement.
    func tidyUp(now: Int64, on connection: PostgresConnection) async throws {
        let words =
            "a worker claimed it and stopped before it recorded how the try ended (its lease ran out); the request may have gone out"
        try await connection.query(
            """
            WITH ran_out AS (
                UPDATE sharevia_outbox_items SET state = 'unknown', lease_owner = NULL, lease_until_us = NULL,
                    next_try_us = \(now), last_error = \(words), last_error_code = 'lease-expired', updated_us = \(now)
                WHERE id IN (
                    SELECT id FROM sharevia_outbox_items WHERE state = 'sending' AND lease_until_us <= \(now)
                    FOR UPDATE SKIP LOCKED)
                RETURNING 1),
            too_old AS (
                UPDATE sharevia_outbox_items SET state = 'expired', updated_us = \(now)
                WHERE id IN (
                    SELECT id FROM sharevia_outbox_items WHERE state = 'queued' AND expires_us <= \(now)
                    FOR UPDATE SKIP LOCKED)
                RETURNING 1)
            SELECT (SELECT count(*) FROM ran_out), (SELECT count(*) FROM too_old)
            """,
            logger: logger
        )
    }

    /// An item a claim took: the item, its state before, and its stored request as the claim read it.
    struct Picked {
        var item: OutboxItem
        var previous: OutboxState
        var request: StoredRequest
    }

    /// An item's stored request: its bytes (nil when over ``OutboxLimits/requestBytes``, or none), and its
    /// length.
    struct StoredRequest {
        var bytes: ByteBuffer?
        var length: Int32?
    }

    /// Steps 2 and 3 of ``claim(owner:leaseSeconds:count:now:)``: the items claimed.
    func choose(
        count: Int,
        only: [Int64]? = nil,
        owner: String,
        leaseUntil: Int64,
        now: Int64,
        on connection: PostgresConnection
    ) async throws -> [Picked] {
        // The limited destinations, locked; then (a statement of its own, so it sees what the claimers that held
        // the lock committed) how many more of each may be sending.
        var limited: [String] = []
        for try await name in try await connection.query(
            """
            SELECT destination FROM sharevia_outbox_destinations WHERE concurrency IS NOT NULL
            ORDER BY destination FOR UPDATE
            """,
            logger: logger
        ).decode(String.self) {
            limited.append(name)
        }
        var slots: [(String, Int)] = []
        if !limited.isEmpty {
            for try await (name, free) in try await connection.query(
                """
                SELECT d.destination, d.concurrency - (
                    SELECT count(*) FROM sharevia_outbox_items i
                    WHERE i.destination = d.destination AND i.state = 'sending')::integer
                FROM sharevia_outbox_destinations d WHERE d.destination = ANY(\(limited))
                ORDER BY d.destination
                """,
                logger: logger
            ).decode((String, Int32).self) where free > 0 {
                slots.append((name, Int(free)))
            }
        }
        var chosen: [Picked] = []
        for (name, free) in slots where chosen.count < count {
            chosen += try await pick(
                limit: min(free, count - chosen.count),
                destination: name,
                excluding: [],
                only: only,
                owner: owner,
                leaseUntil: leaseUntil,
                now: now,
                on: connection
            )
        }
        if chosen.count < count {
            chosen += try await pick(
                limit: count - chosen.count,
                destination: nil,
                excluding: limited,
                only: only,
                owner: owner,
                leaseUntil: leaseUntil,
                now: now,
                on: connection
            )
        }
        return chosen
    }

    /// Claims up to `limit` due items of `destination` (nil: of any destination not in `excluding`), of `only`
    /// when given, reading each one's stored request in the same statement. A `queued` item past its maximum
    /// age is left for the next tidy-up, never claimed.
    private func pick(
        limit: Int,
        destination: String?,
        excluding: [String],
        only: [Int64]?,
        owner: String,
        leaseUntil: Int64,
        now: Int64,
        on connection: PostgresConnection
    ) async throws -> [Picked] {
        let rows = try await connection.query(
            """
            WITH picked AS (
                SELECT i.id, i.state FROM sharevia_outbox_items i
                WHERE i.state IN ('queued', 'unknown') AND i.next_try_us <= \(now)
                    AND (i.state = 'unknown' OR i.expires_us > \(now))
                    AND (\(destination)::text IS NULL OR i.destination = \(destination))
                    AND NOT (i.destination = ANY(\(excluding)))
                    AND (\(only == nil) OR i.id = ANY(\(only ?? [])))
                    AND NOT EXISTS (
                        SELECT 1 FROM sharevia_outbox_destinations d
                        WHERE d.destination = i.destination AND d.paused_until_us > \(now))
                ORDER BY i.next_try_us, i.id
                LIMIT \(Int64(limit))
                FOR UPDATE OF i SKIP LOCKED)
            UPDATE sharevia_outbox_items o SET state = 'sending', lease_owner = \(owner), lease_until_us = \(leaseUntil),
                first_sent_us = coalesce(o.first_sent_us, \(now)), tries = o.tries + 1, claimed_us = \(now),
                updated_us = \(now)
            FROM picked WHERE o.id = picked.id
            RETURNING o.id, o.share_id, o.destination, o.state, o.created_us, o.next_try_us, o.expires_us, o.tries,
                o.first_sent_us, o.last_error, o.last_error_code, o.receipt, picked.state,
                CASE WHEN octet_length(o.request) <= \(OutboxLimits.requestBytes) THEN o.request END,
                octet_length(o.request)
            """,
            logger: logger
        )
        var chosen: [Picked] = []
        for try await (
            id, share, destination, state, created, nextTry, expires, tries, sent, words, code, receipt, previous,
            request, length
        )
            in rows.decode(
                (
                    Int64, String, String, String, Int64, Int64, Int64, Int32, Int64?, String?, String?, String?,
                    String, ByteBuffer?, Int32?
                ).self
            )
        {
            let item = try PostgresItemRow.item(
                (id, share, destination, state, created, nextTry, expires, tries, sent, words, code, receipt)
            )
            guard let state = OutboxState(rawValue: previous) else {
                throw PostgresOutboxError(.damaged, "outbox item \(item.id) had the state '\(previous)'")
            }
            chosen.append(Picked(item: item, previous: state, request: StoredRequest(bytes: request, length: length)))
        }
        return chosen.sorted {
            ($0.item.nextTryMicroseconds, $0.item.id) < ($1.item.nextTryMicroseconds, $1.item.id)
        }
    }

    /// The items' requests with their attachments, or why each can't be read: the requests as the claim read
    /// them, the attachments in one query for all of them, each read within its cap.
    func storedRequests(
        _ requests: [(Int64, StoredRequest)],
        on connection: PostgresConnection
    ) async throws -> [Int64: Result<OutboxRequest, OutboxRequestError>] {
        guard !requests.isEmpty else { return [:] }
        let ids = requests.map(\.0)
        var stored: [Int64: ByteBuffer] = [:]
        var results: [Int64: Result<OutboxRequest, OutboxRequestError>] = [:]
        for (id, request) in requests {
            if let bytes = request.bytes {
                stored[id] = bytes
            } else if let length = request.length, Int(length) > OutboxLimits.requestBytes {
                results[id] = .failure(
                    OutboxRequestError(
                        .overLimit,
                        field: nil,
                        "over the \(OutboxLimits.requestBytes) bytes a stored request may have"
                    )
                )
            }
        }
        // At most one attachment over the cap is read per item, and never the bytes of one over its cap.
        var attachments: [Int64: [ShareAttachment]] = [:]
        for try await (id, name, type, alt, bytes) in try await connection.query(
            """
            SELECT item_id, file_name, media_type, alt_text,
                CASE WHEN octet_length(bytes) <= \(OutboxLimits.attachmentBytes) THEN bytes END
            FROM (
                SELECT a.*, row_number() OVER (PARTITION BY item_id ORDER BY position) AS n
                FROM sharevia_outbox_attachments a WHERE item_id = ANY(\(ids))
            ) numbered
            WHERE n <= \(OutboxLimits.attachments + 1)
            ORDER BY item_id, position
            """,
            logger: logger
        ).decode((Int64, String, String, String?, ByteBuffer?).self) {
            guard results[id] == nil else { continue }
            guard (attachments[id]?.count ?? 0) < OutboxLimits.attachments, let bytes else {
                results[id] = .failure(
                    OutboxRequestError(
                        .overLimit,
                        field: "attachments",
                        "more than \(OutboxLimits.attachments) attachments, or one over \(OutboxLimits.attachmentBytes) bytes"
                    )
                )
                continue
            }
            guard name.utf8.count <= OutboxLimits.fileNameBytes, type.utf8.count <= OutboxLimits.mediaTypeBytes,
                (alt?.utf8.count ?? 0) <= OutboxLimits.altTextBytes
            else {
                results[id] = .failure(
                    OutboxRequestError(.overLimit, field: "attachments", "a name, type or alt text is over its cap")
                )
                continue
            }
            attachments[id, default: []].append(
                OutboxBackendSupport.attachment(
                    fileName: name,
                    mediaType: type,
                    altText: alt,
                    bytes: Array(buffer: bytes)
                )
            )
        }
        for id in ids where results[id] == nil {
            guard let request = stored[id] else {
                results[id] = .failure(OutboxRequestError(.malformed, field: nil, "the item has no stored request"))
                continue
            }
            let bytes = Array(buffer: request)
            let itemAttachments = attachments[id] ?? []
            results[id] = Result { () throws(OutboxRequestError) in
                try OutboxRequest(decoding: bytes, attachments: itemAttachments)
            }
        }
        return results
    }
}
