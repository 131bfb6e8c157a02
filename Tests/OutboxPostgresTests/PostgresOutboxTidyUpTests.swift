import OutboxPostgres
import ShareCore
import ShareHistory
import Testing

/// A store tidies the outbox up (run-out leases to `unknown`, old items to `expired`) at most once a second, not on
/// every claim; in between, an item past its maximum age is still never claimed.
struct PostgresOutboxTidyUpTests {
    typealias F = PostgresFixtures

    @Test func anItemPastItsAgeIsNeverClaimedAndExpiresAtTheFirstTidyUpASecondLater() async throws {
        try await PostgresTestDatabase.with { url in
            try await PostgresOutboxStore.withStore(url: url, schedule: F.schedule) { store in
                let item = try await store.enqueue(F.request(1), for: "file", now: F.now)
                let expiry = item.expiresMicroseconds
                // A claim of nothing (only: []) tidies up half a second before the item's expiry.
                let tidied = expiry - F.second / 2
                _ = try await store.settle(
                    finished: [],
                    claiming: 1,
                    owner: "a",
                    leaseSeconds: 60,
                    now: tidied,
                    only: []
                )
                // Past its expiry, before the next tidy-up: not claimed, and still queued (no tidy-up ran).
                let between = expiry + F.second / 5
                #expect(try await store.claim(owner: "a", leaseSeconds: 60, count: 1, now: between).isEmpty)
                #expect(try await store.item(item.id)?.state == .queued)
                // A second after the last tidy-up, the next claim tidies up: expired.
                let next = tidied + F.second + 1
                #expect(try await store.claim(owner: "a", leaseSeconds: 60, count: 1, now: next).isEmpty)
                #expect(try await store.item(item.id)?.state == .expired)
            }
        }
    }

    @Test func aRunOutLeaseIsTakenOverAtTheFirstTidyUpAfterIt() async throws {
        try await PostgresTestDatabase.with { url in
            try await PostgresOutboxStore.withStore(url: url, schedule: F.schedule) { store in
                let item = try await store.enqueue(F.request(1), for: "mastodon", now: F.now)
                // This claim tidies up; the next one due is a second later.
                _ = try #require(try await store.claim(owner: "a", leaseSeconds: 2, count: 1, now: F.now).first)
                // A tidy-up just before the lease runs out finds nothing to take over.
                let tidied = F.now + F.second * 19 / 10
                #expect(try await store.claim(owner: "b", leaseSeconds: 60, count: 1, now: tidied).isEmpty)
                // The lease ran out, but no tidy-up is due yet: the item stays the first worker's.
                #expect(
                    try await store.claim(owner: "b", leaseSeconds: 60, count: 1, now: tidied + F.second / 2).isEmpty
                )
                #expect(try await store.item(item.id)?.state == .sending)
                // At the next tidy-up it becomes unknown, and is claimed as such.
                let taken = try #require(
                    try await store.claim(owner: "b", leaseSeconds: 60, count: 1, now: tidied + F.second + 1).first
                )
                #expect(taken.item.id == item.id)
                #expect(taken.previousState == .unknown)
                #expect(taken.item.lastErrorCode == "lease-expired")
            }
        }
    }
}
