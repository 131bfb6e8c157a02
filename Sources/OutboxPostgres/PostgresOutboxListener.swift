import PostgresNIO
import ShareCore
import ShareHistory

/// An idle worker's way to sleep until there is work: `LISTEN` on ``PostgresOutboxSchema/channel`` on a connection
/// of its own, held while ``PostgresOutboxStore/withWorkListener(_:)``'s body runs.
package struct PostgresOutboxListener: Sendable {
    /// Why ``waitForWork(timeout:now:)`` returned.
    package enum Wake: Sendable, Hashable {
        /// A share was queued or made due (a `NOTIFY` arrived, maybe before the wait began).
        case notified
        /// An item is due (or a lease ran out) by the time the wait ended.
        case due
        /// The timeout passed with nothing to do.
        case timedOut
    }

    let store: PostgresOutboxStore
    let signal: WorkSignal

    /// Sleeps until a `NOTIFY` (an enqueue, a `makeDue`, or a `finish` that frees a slot of a destination with a
    /// concurrency limit, on any machine), the next time an item can be claimed (or a lease ends), or `timeout`,
    /// whichever comes first.
    /// - Throws: ``PostgresOutboxError`` when the due time can't be read.
    package func waitForWork(
        timeout: Duration,
        now: Int64 = PostgresOutboxStore.now()
    ) async throws(PostgresOutboxError) -> Wake {
        let next = try await nextDue()
        var wait = timeout
        if let next {
            if next <= now { return .due }
            wait = min(wait, .microseconds(next - now))
        }
        let signal = signal
        let sleep = wait
        let notified = await withTaskGroup(of: Bool.self) { group in
            group.addTask { await signal.wait() }
            group.addTask {
                try? await Task.sleep(for: sleep)
                return false
            }
            let first = await group.next() ?? false
            group.cancelAll()
            return first
        }
        if notified { return .notified }
        return wait < timeout ? .due : .timedOut
    }

    /// The earliest time an item can be claimed, microseconds since 1970: the next try of a `queued` or `unknown`
    /// item, not before its destination's pause ends, of a destination below its concurrency limit (one at its
    /// limit waits for a `finish`, which notifies, or a lease's end); or the end of a lease.
    private func nextDue() async throws(PostgresOutboxError) -> Int64? {
        try await store.run("can't read when the next outbox item is due") {
            var next: Int64?
            for try await found in try await store.client.query(
                """
                SELECT least(
                    (SELECT min(greatest(i.next_try_us, coalesce(d.paused_until_us, 0)))
                        FROM sharevia_outbox_items i
                        LEFT JOIN sharevia_outbox_destinations d ON d.destination = i.destination
                        WHERE i.state IN ('queued', 'unknown')
                            AND (d.concurrency IS NULL OR d.concurrency > (
                                SELECT count(*) FROM sharevia_outbox_items s
                                WHERE s.destination = i.destination AND s.state = 'sending'))),
                    (SELECT min(lease_until_us) FROM sharevia_outbox_items WHERE state = 'sending'))
                """,
                logger: store.logger
            ).decode(Int64?.self) {
                next = found
            }
            return next
        }
    }
}

extension PostgresOutboxStore {
    /// Runs `body` with a listener that `LISTEN`s for queued work on a connection of its own (taken from the pool
    /// for as long as `body` runs; the pool needs at least one more for the rest).
    /// - Throws: ``PostgresOutboxError`` when listening fails, or what `body` throws.
    package func withWorkListener<Value: Sendable>(
        _ body: @Sendable (PostgresOutboxListener) async throws -> Value
    ) async throws -> Value {
        let signal = WorkSignal()
        let listener = PostgresOutboxListener(store: self, signal: signal)
        let value: Value?
        do {
            value = try await client.withConnection { connection in
                try await connection.listen(on: PostgresOutboxSchema.channel) { notifications in
                    try await withThrowingTaskGroup(of: Value?.self) { group in
                        group.addTask {
                            for try await _ in notifications { signal.raise() }
                            return nil
                        }
                        let value = try await body(listener)
                        group.cancelAll()
                        return value
                    }
                }
            }
        } catch let error as PostgresOutboxError {
            throw error
        } catch let error as PSQLError {
            throw PostgresOutboxError.from(error, doing: "can't listen for outbox work", redactor: redactor)
        }
        guard let value else { throw PostgresOutboxError(.connection, "the outbox's listener ended without a value") }
        return value
    }
}
