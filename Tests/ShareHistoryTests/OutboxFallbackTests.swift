import ShareCore
import ShareHistory
import TestSupport
import Testing

/// A share that fails for good in the SQLite outbox is queued for the next destination of its chain in the
/// transaction that records the failure: both or neither.
struct OutboxFallbackTests {
    typealias F = OutboxFixtures

    @Test func theFailureAndTheNextDestinationsItemAreRecordedTogether() async throws {
        let folder = TemporaryFolder("outbox-fallback")
        let store = OutboxStore(path: folder.file("history.sqlite"), schedule: F.schedule)
        var request = F.request()
        request.fallbacks = ["email", "file"]
        let first = try store.enqueue(request, for: "mastodon", failure: nil, now: F.now)
        let queue = SQLiteOutboxQueue(store: store)
        let run = try await queue.startRun(now: F.now)
        var only: [Int64]?
        let claim = try #require(
            try await queue.settle(
                run,
                finished: [],
                claiming: 1,
                owner: "a",
                leaseSeconds: 60,
                now: F.now,
                runStart: F.now,
                only: &only
            ).claims.first
        )
        let refused = OutboxTryEnd.failed(words: "example.social answered 422: \"Text too long\"", code: "http-422")

        // A finish whose lease is not the claim's changes nothing, and queues nothing either.
        var stranger = claim
        stranger.owner = "b"
        let lost = try await queue.settle(
            run,
            finished: [(stranger, refused)],
            claiming: 0,
            owner: "b",
            leaseSeconds: 60,
            now: F.now + 1,
            runStart: F.now,
            only: &only
        )
        #expect(lost.finished.count == 1 && lost.finished[0] == nil)
        #expect(try store.items().map(\.id) == [first.id])

        let settled = try await queue.settle(
            run,
            finished: [(claim, refused)],
            claiming: 0,
            owner: "a",
            leaseSeconds: 60,
            now: F.now + 2,
            runStart: F.now,
            only: &only
        )
        #expect(settled.finished.first??.state == .failed)
        let items = try store.items()
        #expect(items.count == 2, "\(items)")
        let next = try #require(items.first { $0.destination == "email" })
        #expect(next.state == .queued && next.shareID == first.shareID && next.nextTryMicroseconds == F.now + 2)

        // The next item carries the rest of the chain.
        let nextClaim = try #require(
            try await queue.settle(
                run,
                finished: [],
                claiming: 1,
                owner: "a",
                leaseSeconds: 60,
                now: F.now + 3,
                runStart: F.now,
                only: &only
            ).claims.first
        )
        #expect(nextClaim.item.id == next.id)
        #expect(try nextClaim.request.get().fallbacks == ["file"])
    }
}
