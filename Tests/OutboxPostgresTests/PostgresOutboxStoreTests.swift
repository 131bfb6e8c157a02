import Foundation
import OutboxPostgres
import PostgresNIO
import ShareCore
import ShareHistory
import Testing

/// Queueing and claiming on a real PostgreSQL: the request and attachments back byte for byte, the share id as
/// idempotency key, two claimers at once, leases, shared rate-limit pauses.
struct PostgresOutboxStoreTests {
    typealias F = PostgresFixtures

    @Test func anEnqueuedRequestIsClaimedBackWithItsAttachmentsByteForByte() async throws {
        var image = Data(count: 200_000)
        for index in image.indices { image[index] = UInt8(truncatingIfNeeded: index &* 31 &+ index >> 8) }
        var card = ShareAttachment.bytes(image, mimeType: "image/png", fileName: "card.png")
        card.altText = "An owl at night"
        let second = ShareAttachment.bytes(
            Data([0, 1, 2, 255, 0]),
            mimeType: "application/octet-stream",
            fileName: "b"
        )
        let request = F.request(1, attachments: [card, second])
        try await PostgresTestDatabase.with { url in
            try await PostgresOutboxStore.withStore(url: url, schedule: F.schedule) { store in
                let item = try await store.enqueue(request, for: "mastodon", now: F.now)
                #expect(item.state == .queued)
                #expect(item.shareID == request.options.id)
                #expect(item.nextTryMicroseconds == F.now)
                #expect(item.expiresMicroseconds == F.now + 3 * 86_400 * F.second)
                #expect(try await store.item(item.id) == item)

                let claims = try await store.claim(owner: "worker-a", leaseSeconds: 60, count: 5, now: F.now)
                #expect(claims.count == 1)
                let claim = try #require(claims.first)
                #expect(claim.previousState == .queued)
                #expect(claim.item.state == .sending && claim.item.tries == 1)
                #expect(claim.item.firstSentMicroseconds == F.now)
                #expect(claim.leaseUntilMicroseconds == F.now + 60 * F.second)
                let stored = try claim.request.get()
                #expect(stored.content.attachments.count == 2)
                #expect(try stored.content.attachments[0].data(limit: 1 << 20, rule: "test") == image)
                #expect(
                    try stored.content.attachments[1].data(limit: 1 << 20, rule: "test") == Data([0, 1, 2, 255, 0])
                )
                #expect(stored.content.attachments[0].altText == "An owl at night")
                #expect(stored.content.attachments[0].fileName == "card.png")
                #expect(stored.content.text == request.content.text)
                #expect(stored.options.id == request.options.id)
                #expect(stored.flags == request.flags)

                let done = try await store.finish(claim, as: .done(F.receipt("mastodon")), now: F.now + F.second)
                #expect(done?.state == .delivered)
                #expect(done?.receipt?.summary == "posted")
            }
        }
    }

    @Test func theSameShareAndDestinationQueuedAgainIsTheItemAlreadyThere() async throws {
        try await PostgresTestDatabase.with { url in
            try await PostgresOutboxStore.withStore(url: url, schedule: F.schedule) { store in
                let first = try await store.enqueue(F.request(7), for: "mastodon", now: F.now)
                let again = try await store.enqueue(F.request(7), for: "mastodon", now: F.now + F.second)
                let elsewhere = try await store.enqueue(F.request(7), for: "bluesky", now: F.now)
                #expect(again == first)
                #expect(elsewhere.id != first.id)
                #expect(try await store.items().count == 2)
            }
        }
    }

    @Test func aFailedShareIsQueuedForLaterAndAnUnknownOneAsUnknown() async throws {
        try await PostgresTestDatabase.with { url in
            try await PostgresOutboxStore.withStore(url: url, schedule: F.schedule) { store in
                let transient = ShareError(.transient, destination: "mastodon", message: "answered 503")
                let queued = try await store.enqueue(F.request(1), for: "mastodon", failure: transient, now: F.now)
                #expect(queued.state == .queued)
                #expect(queued.nextTryMicroseconds == F.now + 60 * F.second)
                #expect(queued.lastError == "answered 503" && queued.lastErrorCode == "transient")
                let lost = ShareError(.outcomeUnknown, destination: "email", message: "no answer after DATA")
                let unknown = try await store.enqueue(F.request(2), for: "email", failure: lost, now: F.now)
                #expect(unknown.state == .unknown)
                #expect(unknown.firstSentMicroseconds != nil)
            }
        }
    }

    @Test func twoClaimersAtOnceNeverGetTheSameItem() async throws {
        try await PostgresTestDatabase.with { url in
            try await PostgresOutboxStore.withStore(url: url, schedule: F.schedule) { one in
                try await PostgresOutboxStore.withStore(url: url, schedule: F.schedule) { other in
                    for nonce in 1...200 {
                        _ = try await one.enqueue(F.request(UInt64(nonce)), for: "file", now: F.now)
                    }
                    let claimed = try await withThrowingTaskGroup(of: [Int64].self) { group in
                        for worker in 0..<8 {
                            let store = worker.isMultiple(of: 2) ? one : other
                            group.addTask {
                                try await store.claim(
                                    owner: "worker-\(worker)",
                                    leaseSeconds: 60,
                                    count: 25,
                                    now: F.now
                                )
                                .map(\.item.id)
                            }
                        }
                        var all: [Int64] = []
                        for try await ids in group { all += ids }
                        return all
                    }
                    #expect(claimed.count == 200)
                    #expect(Set(claimed).count == 200)
                    #expect(try await one.claim(owner: "late", leaseSeconds: 60, count: 25, now: F.now).isEmpty)
                    #expect(try await one.items().allSatisfy { $0.state == .sending && $0.tries == 1 })
                }
            }
        }
    }

    @Test func aLeaseThatRanOutMakesTheItemUnknownNeverQueued() async throws {
        try await PostgresTestDatabase.with { url in
            try await PostgresOutboxStore.withStore(url: url, schedule: F.schedule) { store in
                let item = try await store.enqueue(F.request(1), for: "mastodon", now: F.now)
                let first = try #require(
                    try await store.claim(owner: "worker-a", leaseSeconds: 60, count: 1, now: F.now).first
                )
                // Within the lease nobody else gets it.
                #expect(
                    try await store.claim(owner: "worker-b", leaseSeconds: 60, count: 1, now: F.now + 59 * F.second)
                        .isEmpty
                )
                // Once it ran out, the next claim finds it unknown (the request may have gone out).
                let taken = try #require(
                    try await store.claim(owner: "worker-b", leaseSeconds: 60, count: 1, now: F.now + 61 * F.second)
                        .first
                )
                #expect(taken.item.id == item.id)
                #expect(taken.previousState == .unknown)
                #expect(taken.item.lastErrorCode == "lease-expired")
                #expect(taken.item.tries == 2)
                // The first worker's late finish changes nothing.
                #expect(
                    try await store.finish(first, as: .done(F.receipt("mastodon")), now: F.now + 62 * F.second) == nil
                )
                let now = try #require(try await store.item(item.id))
                #expect(now.state == .sending)
                #expect(
                    try await store.finish(taken, as: .done(F.receipt("mastodon")), now: F.now + 63 * F.second)?.state
                        == .delivered
                )
            }
        }
    }

    @Test func aLeaseThatRanOutNoLongerHoldsItsDestinationsSlot() async throws {
        try await PostgresTestDatabase.with { url in
            try await PostgresOutboxStore.withStore(url: url, schedule: F.schedule) { store in
                let item = try await store.enqueue(F.request(1), for: "mastodon", now: F.now)
                _ = try await store.claim(owner: "worker-a", leaseSeconds: 60, count: 1, now: F.now)
                // One at a time: the item whose lease ran out must not keep holding the one slot.
                try await store.setConcurrencyLimit(1, for: "mastodon")
                let claims = try await store.claim(
                    owner: "worker-b",
                    leaseSeconds: 60,
                    count: 1,
                    now: F.now + 61 * F.second
                )
                // Its lease ran out, so it is no longer sending: unknown, and claimed again at once.
                #expect(claims.map(\.previousState) == [.unknown])
                #expect(claims.first?.item.id == item.id)
            }
        }
    }

    @Test func aRenewedLeaseKeepsTheItem() async throws {
        try await PostgresTestDatabase.with { url in
            try await PostgresOutboxStore.withStore(url: url, schedule: F.schedule) { store in
                let item = try await store.enqueue(F.request(1), for: "mastodon", now: F.now)
                let claim = try #require(
                    try await store.claim(owner: "worker-a", leaseSeconds: 60, count: 1, now: F.now).first
                )
                #expect(
                    try await store.renewLeases(owner: "worker-b", ids: [item.id], until: F.now + 600 * F.second)
                        .isEmpty
                )
                #expect(
                    try await store.renewLeases(owner: "worker-a", ids: [item.id], until: F.now + 120 * F.second) == [
                        item.id
                    ]
                )
                #expect(
                    try await store.claim(owner: "worker-b", leaseSeconds: 60, count: 1, now: F.now + 90 * F.second)
                        .isEmpty
                )
                #expect(try await store.item(item.id)?.state == .sending)
                let done = try await store.finish(claim, as: .done(F.receipt("mastodon")), now: F.now + 100 * F.second)
                #expect(done?.state == .delivered)
            }
        }
    }

    @Test func aRateLimitPausesTheDestinationForEveryClaimerUntilItsReset() async throws {
        try await PostgresTestDatabase.with { url in
            try await PostgresOutboxStore.withStore(url: url, schedule: F.schedule) { one in
                try await PostgresOutboxStore.withStore(url: url, schedule: F.schedule) { other in
                    let first = try await one.enqueue(F.request(1), for: "mastodon", now: F.now)
                    let second = try await one.enqueue(F.request(2), for: "mastodon", now: F.now + 1)
                    let bluesky = try await one.enqueue(F.request(3), for: "bluesky", now: F.now + 2)
                    let claim = try #require(
                        try await one.claim(owner: "worker-a", leaseSeconds: 60, count: 1, now: F.now + 3).first
                    )
                    #expect(claim.item.id == first.id)
                    let reset = F.now + 30 * F.second
                    let queued = try await one.finish(
                        claim,
                        as: .queued(
                            nextTry: reset,
                            words: "Too many requests",
                            code: "rate-limited",
                            retryAfter: reset
                        ),
                        now: F.now + F.second
                    )
                    #expect(queued?.state == .queued && queued?.lastErrorCode == "rate-limited")
                    #expect(try await other.pausedUntil("mastodon") == reset)
                    // Another worker, before the reset: only the other destination.
                    let before = try await other.claim(
                        owner: "worker-b",
                        leaseSeconds: 60,
                        count: 10,
                        now: F.now + 20 * F.second
                    )
                    #expect(before.map(\.item.id) == [bluesky.id])
                    // After it: both of the paused destination.
                    let after = try await other.claim(owner: "worker-b", leaseSeconds: 60, count: 10, now: reset + 1)
                    #expect(Set(after.map(\.item.id)) == [first.id, second.id])
                }
            }
        }
    }

    @Test func aConcurrencyLimitHoldsAcrossClaimers() async throws {
        try await PostgresTestDatabase.with { url in
            try await PostgresOutboxStore.withStore(url: url, schedule: F.schedule) { store in
                for nonce in 1...6 {
                    _ = try await store.enqueue(F.request(UInt64(nonce)), for: "mastodon", now: F.now)
                }
                _ = try await store.enqueue(F.request(9), for: "file", now: F.now)
                try await store.setConcurrencyLimit(2, for: "mastodon")
                let a = try await store.claim(owner: "a", leaseSeconds: 60, count: 10, now: F.now)
                let b = try await store.claim(owner: "b", leaseSeconds: 60, count: 10, now: F.now)
                #expect(a.filter { $0.item.destination == "mastodon" }.count == 2)
                #expect(a.filter { $0.item.destination == "file" }.count == 1)
                #expect(b.isEmpty)
                _ = try await store.finish(a[0], as: .done(F.receipt(a[0].item.destination)), now: F.now)
                let c = try await store.claim(owner: "c", leaseSeconds: 60, count: 10, now: F.now)
                #expect(c.count == (a[0].item.destination == "mastodon" ? 1 : 0))
            }
        }
    }

    @Test func itemsAreListedDroppedMadeDuePrunedAndCounted() async throws {
        try await PostgresTestDatabase.with { url in
            try await PostgresOutboxStore.withStore(url: url, schedule: F.schedule) { store in
                let one = try await store.enqueue(F.request(1), for: "file", now: F.now)
                let two = try await store.enqueue(F.request(2), for: "file", now: F.now + F.second)
                let three = try await store.enqueue(F.request(3), for: "file", now: F.now + 2 * F.second)
                #expect(try await store.items().map(\.id) == [three.id, two.id, one.id])
                let claims = try await store.claim(owner: "a", leaseSeconds: 60, count: 2, now: F.now + 3 * F.second)
                #expect(claims.map(\.item.id) == [one.id, two.id])
                _ = try await store.finish(claims[0], as: .done(F.receipt("file")), now: F.now + 4 * F.second)
                _ = try await store.finish(
                    claims[1],
                    as: .failed(words: "refused", code: "permanent"),
                    now: F.now + 4 * F.second
                )

                let statistics = try await store.statistics(now: F.now + 10 * F.second)
                #expect(statistics.depth == [.delivered: 1, .failed: 1, .queued: 1])
                #expect(statistics.oldestDueAgeMicroseconds == 8 * F.second)
                #expect(statistics.deliveredLastMinute == 1 && statistics.deliveredLastHour == 1)
                #expect(try await store.statistics(now: F.now + 120 * F.second).deliveredLastMinute == 0)

                #expect(try await store.makeDue(two.id, now: F.now + 20 * F.second) == [two.id])
                #expect(try await store.item(two.id)?.state == .queued)
                #expect(try await store.makeDue(one.id, now: F.now + 20 * F.second).isEmpty)
                #expect(try await store.prune(deliveredBefore: F.now + 4 * F.second) == 0)
                #expect(try await store.prune(deliveredBefore: F.now + 5 * F.second) == 1)
                #expect(try await store.item(one.id) == nil)
                #expect(try await store.drop(three.id))
                #expect(try await !store.drop(three.id))
                #expect(try await store.items().map(\.id) == [two.id])
            }
        }
    }

    @Test func aQueuedItemPastItsMaximumAgeExpiresAtTheNextClaim() async throws {
        try await PostgresTestDatabase.with { url in
            try await PostgresOutboxStore.withStore(url: url, schedule: F.schedule) { store in
                let item = try await store.enqueue(F.request(1), for: "file", now: F.now)
                let later = item.expiresMicroseconds
                #expect(try await store.claim(owner: "a", leaseSeconds: 60, count: 1, now: later).isEmpty)
                #expect(try await store.item(item.id)?.state == .expired)
            }
        }
    }

    @Test func settleRecordsTheEndedTriesAndClaimsMoreInOneGo() async throws {
        try await PostgresTestDatabase.with { url in
            try await PostgresOutboxStore.withStore(url: url, schedule: F.schedule) { store in
                var ids: [Int64] = []
                for nonce in 1...5 {
                    ids.append(
                        try await store.enqueue(F.request(UInt64(nonce)), for: "file", now: F.now + Int64(nonce)).id
                    )
                }
                let first = try await store.claim(owner: "a", leaseSeconds: 60, count: 2, now: F.now + 10)
                #expect(first.map(\.item.id) == Array(ids[0..<2]))
                var stale = first[1]
                stale.owner = "someone-else"
                let (finished, claims) = try await store.settle(
                    finished: [
                        (first[0], .done(F.receipt("file"))),
                        (stale, .failed(words: "refused", code: "permanent")),
                    ],
                    claiming: 2,
                    owner: "a",
                    leaseSeconds: 60,
                    now: F.now + 20
                )
                #expect(finished.map { $0?.state } == [.delivered, nil])
                #expect(claims.map(\.item.id) == Array(ids[2..<4]))
                let second = try await store.item(ids[1])
                #expect(second?.state == .sending)
            }
        }
    }
}
