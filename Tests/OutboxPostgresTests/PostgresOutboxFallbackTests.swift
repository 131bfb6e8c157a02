import OutboxPostgres
import ShareCore
import ShareHistory
import Testing

/// A share that fails for good in the PostgreSQL outbox is queued for the next destination of its chain in the
/// transaction that records the failure: both or neither.
struct PostgresOutboxFallbackTests {
    typealias F = PostgresFixtures

    @Test func theFailureAndTheNextDestinationsItemAreRecordedTogether() async throws {
        try await PostgresTestDatabase.with { url in
            try await PostgresOutboxStore.withStore(url: url, schedule: F.schedule) { store in
                var request = F.request(1)
                request.fallbacks = ["email", "file"]
                let first = try await store.enqueue(request, for: "mastodon", now: F.now)
                let claim = try #require(
                    try await store.claim(owner: "a", leaseSeconds: 60, count: 1, now: F.now).first
                )
                let refused = OutboxTryEnd.failed(words: "example.social answered 422", code: "http-422")

                // A finish whose lease is not the claim's changes nothing, and queues nothing either.
                var stranger = claim
                stranger.owner = "b"
                let lost = try await store.settle(
                    finished: [(stranger, refused)],
                    claiming: 0,
                    owner: "b",
                    leaseSeconds: 60,
                    now: F.now + 1
                )
                #expect(lost.finished.count == 1 && lost.finished[0] == nil)
                #expect(try await store.items().map(\.id) == [first.id])

                let settled = try await store.settle(
                    finished: [(claim, refused)],
                    claiming: 0,
                    owner: "a",
                    leaseSeconds: 60,
                    now: F.now + 2
                )
                #expect(settled.finished.first??.state == .failed)
                let items = try await store.items()
                #expect(items.count == 2, "\(items)")
                let next = try #require(items.first { $0.destination == "email" })
                #expect(next.state == .queued && next.shareID == first.shareID && next.nextTryMicroseconds == F.now + 2)
                let nextClaim = try #require(
                    try await store.claim(owner: "a", leaseSeconds: 60, count: 1, now: F.now + 3).first
                )
                #expect(nextClaim.item.id == next.id)
                #expect(try nextClaim.request.get().fallbacks == ["file"])
            }
        }
    }
}
