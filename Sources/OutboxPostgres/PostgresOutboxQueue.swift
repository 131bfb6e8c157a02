import PostgresNIO
import ShareCore
import ShareHistory

/// The PostgreSQL outbox (``PostgresOutboxStore``) as an ``OutboxQueue``: what `sharevia outbox run --outbox
/// postgresql://…` drives, the same runner as the SQLite outbox's.
///
/// Leases are short (`--lease`, 30 s by default) and renewed while a try runs, so a worker that dies holds its
/// items no longer than that; an idle worker sleeps on `LISTEN` until a share is queued anywhere.
package struct PostgresOutboxQueue: OutboxQueue {
    package var store: PostgresOutboxStore
    /// The database, for messages (no password).
    package var url: String

    package init(store: PostgresOutboxStore, url: String) {
        self.store = store
        self.url = url
    }

    package var schedule: OutboxSchedule { store.schedule }
    package var location: String { "the outbox \(url)" }
    package var leaseRenewal: Duration? { .seconds(10) }

    package func startRun(now: Int64) async throws(OutboxQueueError) {}

    package func settle(
        _ run: Void,
        finished: [(claim: OutboxClaim, end: OutboxTryEnd)],
        claiming count: Int,
        owner: String,
        leaseSeconds: Int64,
        now: Int64,
        runStart: Int64,
        only: inout [Int64]?
    ) async throws(OutboxQueueError) -> (finished: [OutboxItem?], claims: [OutboxClaim]) {
        let wanted = only
        let settled = try await Self.mapping { () async throws(PostgresOutboxError) in
            try await store.settle(
                finished: finished,
                claiming: count,
                owner: owner,
                leaseSeconds: leaseSeconds,
                now: now,
                only: wanted
            )
        }
        if let wanted {
            // Every item of `only` was considered: the ones not claimed now can't be (fewer than asked were due).
            let claimed = Set(settled.claims.map(\.item.id))
            only = settled.claims.count < count ? [] : wanted.filter { !claimed.contains($0) }
        }
        return settled
    }

    package func renewLeases(owner: String, ids: [Int64], until: Int64) async throws(OutboxQueueError) -> [Int64] {
        try await Self.mapping { () async throws(PostgresOutboxError) in
            try await store.renewLeases(owner: owner, ids: ids, until: until)
        }
    }

    package func enqueue(
        _ request: OutboxRequest,
        for destination: DestinationID,
        failure: ShareError?,
        now: Int64
    ) async throws(OutboxQueueError) -> OutboxItem {
        try await Self.mapping { () async throws(PostgresOutboxError) in
            try await store.enqueue(request, for: destination, failure: failure, now: now)
        }
    }

    package func items() async throws(OutboxQueueError) -> [OutboxItem] {
        try await Self.mapping { () async throws(PostgresOutboxError) in try await store.items() }
    }

    package func item(_ id: Int64) async throws(OutboxQueueError) -> OutboxItem? {
        try await Self.mapping { () async throws(PostgresOutboxError) in try await store.item(id) }
    }

    package func drop(_ id: Int64) async throws(OutboxQueueError) -> Bool {
        try await Self.mapping { () async throws(PostgresOutboxError) in try await store.drop(id) }
    }

    package func makeDue(_ id: Int64?, now: Int64) async throws(OutboxQueueError) -> [Int64] {
        try await Self.mapping { () async throws(PostgresOutboxError) in try await store.makeDue(id, now: now) }
    }

    package func prune(deliveredBefore before: Int64) async throws(OutboxQueueError) -> Int {
        try await Self.mapping { () async throws(PostgresOutboxError) in try await store.prune(deliveredBefore: before)
        }
    }

    package func setConcurrencyLimit(_ limit: Int?, for destination: DestinationID) async throws(OutboxQueueError) {
        try await Self.mapping { () async throws(PostgresOutboxError) in
            try await store.setConcurrencyLimit(limit, for: destination)
        }
    }

    package func statistics(now: Int64) async throws(OutboxQueueError) -> OutboxQueueStatistics {
        try await Self.mapping { () async throws(PostgresOutboxError) in try await store.statistics(now: now) }
    }

    package func withWorkWaiting<Value: Sendable>(
        _ body: @Sendable (any OutboxWorkWaiting) async throws -> Value
    ) async throws -> Value {
        do {
            return try await store.withWorkListener { listener in try await body(ListenerWaiting(listener: listener)) }
        } catch let error as PostgresOutboxError {
            throw Self.queueError(error)
        }
    }

    /// A `LISTEN`ing worker's sleep.
    struct ListenerWaiting: OutboxWorkWaiting {
        var listener: PostgresOutboxListener

        func waitForWork(timeout: Duration, now: Int64) async throws(OutboxQueueError) {
            _ = try await PostgresOutboxQueue.mapping(within: timeout + DatabaseDeadline.standard) {
                () async throws(PostgresOutboxError) in
                try await listener.waitForWork(timeout: timeout, now: now)
            }
        }
    }

    /// `body`'s ``PostgresOutboxError`` as an ``OutboxQueueError``; a call that takes longer than `limit` is taken
    /// as a lost connection (``DatabaseDeadline``).
    static func mapping<Value: Sendable>(
        within limit: Duration = DatabaseDeadline.standard,
        _ body: @escaping @Sendable () async throws(PostgresOutboxError) -> Value
    ) async throws(OutboxQueueError) -> Value {
        do {
            return try await DatabaseDeadline.run(within: limit, doing: "the outbox", body)
        } catch {
            throw queueError(error)
        }
    }

    /// A lost connection, a server shutting down or starting (SQLSTATE class 57, and 08 connection exceptions), or a
    /// transaction the server rolled back to break a deadlock or a serialization conflict (40P01, 40001) is
    /// transient: the runner keeps what it has and tries again.
    static func queueError(_ error: PostgresOutboxError) -> OutboxQueueError {
        let state = error.sqlState ?? ""
        let transient =
            error.code == .connection || state.hasPrefix("57") || state.hasPrefix("08") || state == "40P01"
            || state == "40001"
        return OutboxQueueError(error.description, code: error.code.description, isTransient: transient)
    }
}

/// The PostgreSQL backend, registered by `sharevia-outbox-postgres` (``OutboxBackend``).
package struct PostgresOutboxBackend: OutboxBackend {
    package init() {}

    package func withQueue<Value: Sendable>(
        url: OutboxDatabaseURL,
        schedule: OutboxSchedule,
        _ body: (any OutboxQueue) async throws -> Value
    ) async throws -> Value {
        do {
            return try await PostgresOutboxStore.withStore(url: url, schedule: schedule) { store in
                try await body(PostgresOutboxQueue(store: store, url: url.description))
            }
        } catch let error as PostgresOutboxError {
            throw PostgresOutboxQueue.queueError(error)
        }
    }
}
