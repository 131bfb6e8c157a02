import OutboxPostgres
import PostgresNIO
import ShareCore
import ShareHistory
import Testing

/// The transactional outbox (an enqueue inside the caller's transaction) and LISTEN/NOTIFY waking idle workers.
struct PostgresOutboxNotifyTests {
    typealias F = PostgresFixtures

    @Test func anEnqueueInsideARolledBackTransactionLeavesNothingAndWakesNobody() async throws {
        try await PostgresTestDatabase.with { url in
            try await PostgresOutboxStore.withStore(url: url, schedule: F.schedule) { store in
                try await store.withWorkListener { listener in
                    try await PostgresTestDatabase.admin(url, database: url.database) { connection in
                        try await connection.sql("BEGIN")
                        try await connection.sql("CREATE TABLE IF NOT EXISTS challenges (id integer)")
                        let item = try await store.enqueue(F.request(1), for: "mastodon", now: F.now, on: connection)
                        #expect(item.state == .queued)
                        try await connection.sql("ROLLBACK")
                    }
                    #expect(try await store.items().isEmpty)
                    // No NOTIFY came: the wait runs to its end (nothing is queued, so nothing comes due).
                    #expect(try await listener.waitForWork(timeout: .seconds(2)) == .timedOut)
                }
            }
        }
    }

    @Test func anEnqueueInsideACommittedTransactionIsThereAndWakesAWorker() async throws {
        try await PostgresTestDatabase.with { url in
            try await PostgresOutboxStore.withStore(url: url, schedule: F.schedule) { store in
                try await store.withWorkListener { listener in
                    let item = try await PostgresTestDatabase.admin(url, database: url.database) { connection in
                        try await connection.sql("BEGIN")
                        try await connection.sql("CREATE TABLE challenges (id integer)")
                        try await connection.sql("INSERT INTO challenges VALUES (1)")
                        let item = try await store.enqueue(F.request(1), for: "mastodon", now: F.now, on: connection)
                        try await connection.sql("COMMIT")
                        return item
                    }
                    #expect(try await store.items() == [item])
                    let wake = try await listener.waitForWork(timeout: .seconds(120), now: F.now - 3_600 * F.second)
                    #expect(wake == .notified)
                }
            }
        }
    }

    @Test func anEnqueueFromAnotherConnectionWakesAnIdleWorker() async throws {
        try await PostgresTestDatabase.with { url in
            try await PostgresOutboxStore.withStore(url: url, schedule: F.schedule) { worker in
                try await PostgresOutboxStore.withStore(url: url, schedule: F.schedule) { service in
                    try await worker.withWorkListener { listener in
                        let clock = ContinuousClock()
                        let start = clock.now
                        async let wake = listener.waitForWork(timeout: .seconds(300))
                        // Queued after a 429 whose limit resets in an hour, so it is not due before the wait's
                        // 300 s timeout: only the NOTIFY can end the wait early.
                        let failure = ShareError(
                            .transient,
                            destination: "mastodon",
                            message: "answered 429",
                            retryAfter: .seconds(3_600)
                        )
                        _ = try await service.enqueue(F.request(1), for: "mastodon", failure: failure)
                        #expect(try await wake == .notified)
                        // It woke because of the enqueue: the 300 s timeout did not pass.
                        #expect(clock.now - start < .seconds(300))
                    }
                }
            }
        }
    }

    @Test func aWorkerWithAnItemAlreadyDueDoesNotWait() async throws {
        try await PostgresTestDatabase.with { url in
            try await PostgresOutboxStore.withStore(url: url, schedule: F.schedule) { store in
                _ = try await store.enqueue(F.request(1), for: "file", now: F.now)
                try await store.withWorkListener { listener in
                    // The enqueue's NOTIFY came before LISTEN: the item is found due all the same.
                    let wake = try await listener.waitForWork(timeout: .seconds(300), now: F.now)
                    #expect(wake == .due)
                }
            }
        }
    }

    @Test func anEnqueueOnAConnectionInNoTransactionIsRefusedAndQueuesNothing() async throws {
        try await PostgresTestDatabase.with { url in
            try await PostgresOutboxStore.withStore(url: url, schedule: F.schedule) { store in
                let error = await #expect(throws: PostgresOutboxError.self) {
                    try await PostgresTestDatabase.admin(url, database: url.database) { connection in
                        try await store.enqueue(F.request(1), for: "mastodon", now: F.now, on: connection)
                    }
                }
                #expect(error?.code == .invalidRequest)
                #expect(error?.message.contains("run BEGIN first") == true)
                let items = try await store.items()
                #expect(items.isEmpty)
            }
        }
    }

    @Test func anIdleWorkerDoesNotWakeForAnItemOfAPausedDestination() async throws {
        try await PostgresTestDatabase.with { url in
            try await PostgresOutboxStore.withStore(url: url, schedule: F.schedule) { store in
                _ = try await store.enqueue(F.request(1), for: "mastodon", now: F.now)
                let claim = try #require(
                    try await store.claim(owner: "a", leaseSeconds: 60, count: 1, now: F.now).first
                )
                let reset = F.now + 3_600 * F.second
                _ = try await store.finish(
                    claim,
                    as: .queued(
                        nextTry: F.now + F.second,
                        words: "Too many requests",
                        code: "rate-limited",
                        retryAfter: reset
                    ),
                    now: F.now
                )
                try await store.withWorkListener { listener in
                    // Due by its next try, but its destination is paused for an hour: nothing to wake for.
                    let wake = try await listener.waitForWork(timeout: .seconds(1), now: F.now + 2 * F.second)
                    #expect(wake == .timedOut)
                    let after = try await listener.waitForWork(timeout: .seconds(300), now: reset)
                    #expect(after == .due)
                }
            }
        }
    }

    @Test func aWorkerWaitingForAFullDestinationWakesWhenASlotIsFreed() async throws {
        try await PostgresTestDatabase.with { url in
            try await PostgresOutboxStore.withStore(url: url, schedule: F.schedule) { store in
                try await store.setConcurrencyLimit(1, for: "mastodon")
                _ = try await store.enqueue(F.request(1), for: "mastodon", now: F.now)
                _ = try await store.enqueue(F.request(2), for: "mastodon", now: F.now)
                let claim = try #require(
                    try await store.claim(owner: "a", leaseSeconds: 60, count: 5, now: F.now).first
                )
                try await store.withWorkListener { listener in
                    // The other item is due, but its destination is at its limit: it is not work yet.
                    let full = try await listener.waitForWork(timeout: .seconds(1), now: F.now)
                    #expect(full == .timedOut)
                    _ = try await store.finish(claim, as: .done(F.receipt("mastodon")), now: F.now + F.second)
                    let freed = try await listener.waitForWork(timeout: .seconds(300), now: F.now - 3_600 * F.second)
                    #expect(freed == .notified)
                }
                let next = try await store.claim(owner: "b", leaseSeconds: 60, count: 5, now: F.now + F.second)
                #expect(next.count == 1)
            }
        }
    }
}
