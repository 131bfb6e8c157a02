import Foundation
import ProcessRunning
import ShareCore
import ShareCoreTesting
import ShareHistory
import TestSupport
import Testing

extension HistoryTests {
    /// Claiming with a lease, finishing under it, and what a lease that ran out becomes.
    struct OutboxClaimTests {
        let folder = TemporaryFolder("outbox")
        var store: OutboxStore { OutboxStore(path: folder.file("sharevia.sqlite"), schedule: OutboxFixtures.schedule) }

        @Test func aClaimTakesTheDueItemAndMarksItSendingUnderALease() throws {
            let item = try store.enqueue(
                OutboxFixtures.request(),
                for: "mastodon",
                failure: OutboxFixtures.transient,
                now: OutboxFixtures.now
            )

            #expect(try store.claim(owner: "a", leaseSeconds: 60, now: item.nextTryMicroseconds - 1) == nil)
            let at = item.nextTryMicroseconds
            let claim = try #require(try store.claim(owner: "a", leaseSeconds: 60, now: at))

            #expect(claim.previousState == .queued)
            #expect(claim.item.state == .sending)
            #expect(claim.item.tries == 1)
            #expect(claim.item.firstSentMicroseconds == at)
            #expect(claim.owner == "a" && claim.leaseUntilMicroseconds == at + 60_000_000)
            #expect(try store.item(item.id)?.state == .sending)
            // Nobody else gets it while the lease holds.
            #expect(try store.claim(owner: "b", leaseSeconds: 60, now: at + 1) == nil)
            #expect(try store.claim(owner: "b", leaseSeconds: 60, now: at + 1, only: item.id) == nil)
        }

        @Test func finishingRecordsEachEndOnlyUnderTheCallersLease() throws {
            let now = OutboxFixtures.now
            let receipt = DeliveryReceipt(
                destination: "mastodon",
                summary: "posted https://example.social/@me/1",
                locations: ["https://example.social/@me/1"]
            )
            let handOff = DeliveryReceipt.handedOff(destination: "mastodon", summary: "opened", nextStep: "post it")
            let ends: [(OutboxTryEnd, OutboxState)] = [
                (.done(receipt), .delivered),
                (.done(handOff), .handedOff),
                (.queued(nextTry: now + 9, words: "503", code: "transient", retryAfter: now + 9), .queued),
                (.unknown(nextTry: now + 9, words: "no answer", code: "outcome-unknown"), .unknown),
                (.failed(words: "refused", code: "permanent"), .failed),
            ]
            for (index, (end, state)) in ends.enumerated() {
                let item = try store.enqueue(
                    OutboxFixtures.request(UInt64(index)),
                    for: "mastodon",
                    failure: OutboxFixtures.transient,
                    now: now
                )
                let claim = try #require(try store.claim(owner: "a", leaseSeconds: 60, now: now, only: item.id))
                var stolen = claim
                stolen.owner = "b"
                #expect(try store.finish(stolen, as: end, now: now + 1) == nil)

                let finished = try #require(try store.finish(claim, as: end, now: now + 1))

                #expect(finished.state == state)
                #expect(try store.item(item.id) == finished)
                #expect(try store.finish(claim, as: end, now: now + 2) == nil, "a claim finishes once")
                switch end {
                case .done(let kept): #expect(finished.receipt == kept)
                case .queued(let next, let words, let code, _):
                    #expect(
                        finished.nextTryMicroseconds == next && finished.lastError == words
                            && finished.lastErrorCode == code
                    )
                case .unknown(let next, let words, let code):
                    #expect(
                        finished.nextTryMicroseconds == next && finished.lastError == words
                            && finished.lastErrorCode == code
                    )
                case .failed(let words, let code):
                    #expect(finished.lastError == words && finished.lastErrorCode == code)
                }
            }
        }

        @Test func aSendingItemWhoseLeaseRanOutBecomesUnknownNeverQueued() throws {
            let item = try store.enqueue(
                OutboxFixtures.request(),
                for: "mastodon",
                failure: OutboxFixtures.transient,
                now: OutboxFixtures.now
            )
            let at = item.nextTryMicroseconds
            let claim = try #require(try store.claim(owner: "killed", leaseSeconds: 60, now: at))

            #expect(try store.claim(owner: "b", leaseSeconds: 60, now: claim.leaseUntilMicroseconds - 1) == nil)
            let next = try #require(try store.claim(owner: "b", leaseSeconds: 60, now: claim.leaseUntilMicroseconds))

            #expect(next.item.id == item.id)
            #expect(next.previousState == .unknown, "a run killed mid-send leaves it unknown, to be checked")
            #expect(next.item.firstSentMicroseconds == at)
            #expect(next.item.lastErrorCode == "lease-expired")
            #expect(
                try store.finish(
                    claim,
                    as: .done(DeliveryReceipt(destination: "mastodon", summary: "late")),
                    now: at + 1
                ) == nil
            )
        }

        @Test func anItemLeasedToARunWhoseProcessEndedIsUnknownAtOnce() async throws {
            // A process that has ended: a shell that printed its id.
            let ended = try await ProcessRunner().run("/bin/sh", arguments: ["-c", "echo $$"], timeout: .seconds(60))
            let pid = try #require(
                Int32(
                    String(decoding: ended.standardOutput, as: UTF8.self).trimmingCharacters(
                        in: .whitespacesAndNewlines
                    )
                )
            )
            let first = try store.enqueue(
                OutboxFixtures.request(1),
                for: "mastodon",
                failure: OutboxFixtures.transient,
                now: OutboxFixtures.now
            )
            let second = try store.enqueue(
                OutboxFixtures.request(2),
                for: "mastodon",
                failure: OutboxFixtures.transient,
                now: OutboxFixtures.now
            )
            let at = first.nextTryMicroseconds
            let gone = OutboxRunOwner.owner(process: pid)
            let alive = OutboxRunOwner.owner()
            #expect(gone.hasPrefix("\(pid)-") && alive.hasPrefix("\(getpid())-"))
            _ = try #require(try store.claim(owner: gone, leaseSeconds: 3_600, now: at, only: first.id))
            _ = try #require(try store.claim(owner: alive, leaseSeconds: 3_600, now: at, only: second.id))

            let next = try #require(try store.claim(owner: "b", leaseSeconds: 60, now: at + 1))

            #expect(next.item.id == first.id && next.previousState == .unknown)
            #expect(next.item.lastErrorCode == "run-ended")
            #expect(try store.item(second.id)?.state == .sending, "a live run's lease is waited out")
        }

        @Test func aRunClaimsEachItemOnce() throws {
            let item = try store.enqueue(
                OutboxFixtures.request(),
                for: "mastodon",
                failure: OutboxFixtures.transient,
                now: OutboxFixtures.now
            )
            let start = item.nextTryMicroseconds
            let connectionStore = store
            let claim = try #require(
                try connectionStore.claim(owner: "a", leaseSeconds: 60, now: start, runStart: start)
            )
            _ = try store.finish(claim, as: .queued(nextTry: start, words: nil, code: nil, retryAfter: nil), now: start)

            #expect(try store.claim(owner: "a", leaseSeconds: 60, now: start + 1, runStart: start) == nil)
            #expect(try store.claim(owner: "a", leaseSeconds: 60, now: start + 2, runStart: start + 2) != nil)
        }

        @Test func twoProcessesClaimingTwoHundredDueItemsEachClaimDistinctItems() async throws {
            let path = folder.file("sharevia.sqlite")
            let count = 200
            for index in 0..<count {
                _ = try store.enqueue(
                    OutboxFixtures.request(UInt64(index), attachments: []),
                    for: "mastodon",
                    failure: OutboxFixtures.transient,
                    now: OutboxFixtures.now
                )
            }
            let outputs = try await TestBundleProcesses.run(
                filter: "OutboxClaimerProcess",
                environments: (1...2).map {
                    ["SHAREVIA_OUTBOX_CLAIMER_DB": path, "SHAREVIA_OUTBOX_CLAIMER": "claimer-\($0)"]
                },
                timeout: .seconds(300)
            )
            for output in outputs {
                #expect(output.succeeded, "a claimer failed: \(output.errorText)")
            }

            let items = try store.items()
            #expect(items.count == count)
            #expect(items.allSatisfy { $0.state == .delivered && $0.tries == 1 }, "each item claimed exactly once")
            let owners = items.compactMap { $0.receipt?.summary }
            #expect(Set(owners) == ["claimer-1", "claimer-2"], "both processes claimed items")
        }
    }

    /// One claimer of the two-process test: claims due items from `SHAREVIA_OUTBOX_CLAIMER_DB`
    /// until none is left, finishing each as delivered with its own name as the receipt. Does
    /// nothing in an ordinary run.
    struct OutboxClaimerProcess {
        @Test func claimsWhenAsked() throws {
            let environment = ProcessInfo.processInfo.environment
            guard let path = environment["SHAREVIA_OUTBOX_CLAIMER_DB"],
                let owner = environment["SHAREVIA_OUTBOX_CLAIMER"]
            else {
                return
            }
            let store = OutboxStore(path: path)
            let now = OutboxFixtures.now + 3_600_000_000
            while let claim = try store.claim(owner: owner, leaseSeconds: 600, now: now, runStart: now) {
                let receipt = DeliveryReceipt(destination: "mastodon", summary: owner)
                #expect(try store.finish(claim, as: .done(receipt), now: now) != nil)
            }
        }
    }
}
