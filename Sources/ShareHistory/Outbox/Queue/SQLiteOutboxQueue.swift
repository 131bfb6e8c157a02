import ShareCore

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The outbox in the SQLite history database on this machine (``OutboxStore``), as an ``OutboxQueue``.
///
/// A run holds one connection from its start to its end. Leases last a whole try (``OutboxStore``'s runs set them
/// past the delivery's timeout) and are not renewed; a run killed with `kill -9` releases its items at the next
/// run's start.
package struct SQLiteOutboxQueue: OutboxQueue {
    package var store: OutboxStore

    package init(store: OutboxStore) {
        self.store = store
    }

    package var schedule: OutboxSchedule { store.schedule }
    package var location: String { "the outbox \(store.path)" }
    package var leaseRenewal: Duration? { nil }

    package func startRun(now: Int64) async throws(OutboxQueueError) -> SQLiteConnection {
        try Self.mapping {
            () throws(SQLiteError) -> SQLiteConnection in
            let connection = try HistoryDatabase.openForWriting(store.path, durability: .full)
            _ = try OutboxStore.expire(connection, now: now)
            return connection
        }
    }

    package func settle(
        _ run: SQLiteConnection,
        finished: [(claim: OutboxClaim, end: OutboxTryEnd)],
        claiming count: Int,
        owner: String,
        leaseSeconds: Int64,
        now: Int64,
        runStart: Int64,
        only: inout [Int64]?
    ) async throws(OutboxQueueError) -> (finished: [OutboxItem?], claims: [OutboxClaim]) {
        do {
            return try store.settle(
                run,
                finished: finished,
                claiming: count,
                owner: owner,
                leaseSeconds: leaseSeconds,
                now: now,
                runStart: runStart,
                only: &only
            )
        } catch {
            throw Self.queueError(error)
        }
    }

    package func renewLeases(owner: String, ids: [Int64], until: Int64) async throws(OutboxQueueError) -> [Int64] {
        ids
    }

    package func enqueue(
        _ request: OutboxRequest,
        for destination: DestinationID,
        failure: ShareError?,
        now: Int64
    ) async throws(OutboxQueueError) -> OutboxItem {
        try Self.mapping { () throws(SQLiteError) in
            try store.enqueue(request, for: destination, failure: failure, now: now)
        }
    }

    package func items() async throws(OutboxQueueError) -> [OutboxItem] {
        try Self.mapping { () throws(SQLiteError) in try store.items() }
    }

    package func item(_ id: Int64) async throws(OutboxQueueError) -> OutboxItem? {
        try Self.mapping { () throws(SQLiteError) in try store.item(id) }
    }

    package func drop(_ id: Int64) async throws(OutboxQueueError) -> Bool {
        try Self.mapping { () throws(SQLiteError) in try store.drop(id) }
    }

    package func makeDue(_ id: Int64?, now: Int64) async throws(OutboxQueueError) -> [Int64] {
        try Self.mapping { () throws(SQLiteError) in try store.makeDue(id, now: now) }
    }

    package func prune(deliveredBefore before: Int64) async throws(OutboxQueueError) -> Int {
        try Self.mapping { () throws(SQLiteError) in try store.prune(deliveredBefore: before) }
    }

    package func setConcurrencyLimit(_ limit: Int?, for destination: DestinationID) async throws(OutboxQueueError) {
        throw OutboxQueueError(
            "a SQLite outbox is drained by one machine, which caps what it sends at once itself; a limit per "
                + "destination shared by every worker needs a PostgreSQL outbox",
            code: "unsupported"
        )
    }

    package func statistics(now: Int64) async throws(OutboxQueueError) -> OutboxQueueStatistics {
        try Self.mapping { () throws(SQLiteError) in try store.statistics(now: now) }
    }

    package func withWorkWaiting<Value: Sendable>(
        _ body: @Sendable (any OutboxWorkWaiting) async throws -> Value
    ) async throws -> Value {
        try await body(NextDueWaiting(store: store))
    }

    /// Sleeps until the next item is due (or a lease ends): SQLite can't tell a waiting process that a share was
    /// queued, so ``OutboxWorkWaiting/waitForWork(timeout:now:)``'s timeout bounds how late such a share is seen.
    struct NextDueWaiting: OutboxWorkWaiting {
        var store: OutboxStore

        func waitForWork(timeout: Duration, now: Int64) async throws(OutboxQueueError) {
            let next = try SQLiteOutboxQueue.mapping { () throws(SQLiteError) in try store.nextDue() }
            var wait = timeout
            if let next { wait = min(wait, .microseconds(max(0, next - now))) }
            try? await Task.sleep(for: wait)
        }
    }

    /// `body`'s ``SQLiteError`` as an ``OutboxQueueError``.
    static func mapping<Value>(_ body: () throws(SQLiteError) -> Value) throws(OutboxQueueError) -> Value {
        do {
            return try body()
        } catch {
            throw queueError(error)
        }
    }

    static func queueError(_ error: SQLiteError) -> OutboxQueueError {
        OutboxQueueError(
            "the outbox \(error.description)",
            code: error.code.description,
            isTransient: error.code == .busy || error.code == .timedOut
        )
    }
}
