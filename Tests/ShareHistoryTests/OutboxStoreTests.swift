import Foundation
import LocalFiles
import ShareCore
import ShareCoreTesting
import ShareHistory
import TestSupport
import Testing

extension HistoryTests {
    /// Queueing, listing, dropping, making due and expiring outbox items.
    struct OutboxStoreTests {
        @Test func enqueueKeepsTheRequestAndCopiesTheAttachments() throws {
            let folder = TemporaryFolder("outbox")
            let card = try folder.write(SampleContent.tinyPNG, named: "card.png")
            let request = OutboxFixtures.request(attachments: [try ShareAttachment.file(card)])
            let store = OutboxStore(path: folder.file("state/sharevia.sqlite"), schedule: OutboxFixtures.schedule)

            let item = try store.enqueue(
                request,
                for: "mastodon",
                failure: OutboxFixtures.transient,
                now: OutboxFixtures.now
            )
            // The source file moves away: the item has its own copy.
            try FileManager.default.removeItem(atPath: card)

            #expect(item.state == .queued)
            #expect(item.shareID == request.options.id)
            #expect(item.destination == "mastodon")
            #expect(item.createdMicroseconds == OutboxFixtures.now)
            #expect(item.nextTryMicroseconds == OutboxFixtures.now + OutboxFixtures.minute)
            #expect(item.expiresMicroseconds == OutboxFixtures.now + 3 * 24 * 60 * OutboxFixtures.minute)
            #expect(item.tries == 0 && item.firstSentMicroseconds == nil)
            #expect(item.lastError == "example.social answered 503: \"Service Unavailable\"")
            #expect(item.lastErrorCode == "transient")
            #expect(try store.items() == [item])
            #expect(try store.item(item.id) == item)

            let claim = try #require(try store.claim(owner: "test", leaseSeconds: 60, now: item.nextTryMicroseconds))
            let stored = try claim.request.get()
            #expect(stored.content.title == request.content.title && stored.content.text == request.content.text)
            #expect(stored.content.link == request.content.link && stored.content.hashtags == request.content.hashtags)
            #expect(stored.content.kind == request.content.kind)
            #expect(stored.options == request.options)
            #expect(stored.flags == request.flags && stored.configFile == request.configFile)
            #expect(stored.content.attachments.count == 1)
            #expect(try stored.content.attachments[0].data() == SampleContent.tinyPNG)
            #expect(stored.content.attachments[0].fileName == "card.png")
            #expect(stored.content.attachments[0].mimeType == "image/png")
        }

        @Test func aSecondEnqueueOfTheSameShareAndDestinationReturnsTheFirstItem() throws {
            let folder = TemporaryFolder("outbox")
            let store = OutboxStore(path: folder.file("sharevia.sqlite"), schedule: OutboxFixtures.schedule)
            let first = try store.enqueue(
                OutboxFixtures.request(),
                for: "mastodon",
                failure: OutboxFixtures.transient,
                now: OutboxFixtures.now
            )
            let again = try store.enqueue(
                OutboxFixtures.request(),
                for: "mastodon",
                failure: OutboxFixtures.transient,
                now: OutboxFixtures.now + 5 * OutboxFixtures.minute
            )
            let elsewhere = try store.enqueue(
                OutboxFixtures.request(),
                for: "bluesky",
                failure: OutboxFixtures.transient,
                now: OutboxFixtures.now
            )

            #expect(again == first)
            #expect(elsewhere.id != first.id)
            #expect(try store.items().map(\.id).sorted() == [first.id, elsewhere.id].sorted())
        }

        @Test func aServersResetIsHonouredAndAnUnknownFailureQueuesAnUnknownItem() throws {
            let folder = TemporaryFolder("outbox")
            let store = OutboxStore(path: folder.file("sharevia.sqlite"), schedule: OutboxFixtures.schedule)
            var limited = OutboxFixtures.transient
            limited.retryAfter = .seconds(300)
            limited.detail = ShareError.Detail(.rateLimited, value: "2027-01-15T08:05:00Z")
            let unknown = ShareError(
                .outcomeUnknown,
                destination: "bluesky",
                message: "no answer from bsky.social within 30 s"
            )

            let waiting = try store.enqueue(
                OutboxFixtures.request(1),
                for: "mastodon",
                failure: limited,
                now: OutboxFixtures.now
            )
            let unsure = try store.enqueue(
                OutboxFixtures.request(2),
                for: "bluesky",
                failure: unknown,
                now: OutboxFixtures.now
            )

            #expect(waiting.nextTryMicroseconds == OutboxFixtures.now + 5 * OutboxFixtures.minute)
            #expect(waiting.lastErrorCode == "rate-limited")
            #expect(unsure.state == .unknown)
            #expect(unsure.lastErrorCode == "outcome-unknown")
            // The share's own request went out after the share was made: the check counts from then.
            #expect(unsure.firstSentMicroseconds == Int64(OutboxFixtures.options(2).id.microseconds))
        }

        @Test func itemsAreListedNewestFirstAndDroppedWithTheirAttachments() async throws {
            let folder = TemporaryFolder("outbox")
            let path = folder.file("sharevia.sqlite")
            let store = OutboxStore(path: path)
            #expect(try store.items().isEmpty)
            #expect(try store.drop(1) == false)
            let old = try store.enqueue(
                OutboxFixtures.request(1),
                for: "mastodon",
                failure: OutboxFixtures.transient,
                now: OutboxFixtures.now
            )
            let new = try store.enqueue(
                OutboxFixtures.request(2),
                for: "mastodon",
                failure: OutboxFixtures.transient,
                now: OutboxFixtures.now + 1
            )

            #expect(try store.items().map(\.id) == [new.id, old.id])
            #expect(try store.drop(old.id))
            #expect(try store.drop(old.id) == false)
            #expect(try store.items().map(\.id) == [new.id])
            #expect(try store.item(old.id) == nil)
            let attachments = try await PythonSQLite.rows(path, "SELECT item_id FROM outbox_attachments")
            #expect(attachments.count == 1)
            #expect(attachments.first?.first == .number(Double(new.id)))
        }

        @Test func makeDueBringsTheNextTryToNowAndRequeuesFailedAndExpiredItems() throws {
            let folder = TemporaryFolder("outbox")
            let store = OutboxStore(path: folder.file("sharevia.sqlite"), schedule: OutboxFixtures.schedule)
            let now = OutboxFixtures.now
            let queued = try store.enqueue(
                OutboxFixtures.request(1),
                for: "mastodon",
                failure: OutboxFixtures.transient,
                now: now
            )
            let failing = try store.enqueue(
                OutboxFixtures.request(2),
                for: "mastodon",
                failure: OutboxFixtures.transient,
                now: now
            )
            let claim = try #require(
                try store.claim(owner: "a", leaseSeconds: 60, now: now + OutboxFixtures.minute, only: failing.id)
            )
            _ = try store.finish(
                claim,
                as: .failed(words: "refused", code: "permanent"),
                now: now + OutboxFixtures.minute
            )

            let later = now + 2 * OutboxFixtures.minute
            #expect(try store.makeDue(queued.id, now: later) == [queued.id])
            #expect(try store.item(queued.id)?.nextTryMicroseconds == later)
            #expect(try store.item(failing.id)?.state == .failed)
            #expect(try store.makeDue(nil, now: later) == [queued.id, failing.id].sorted())
            let requeued = try #require(try store.item(failing.id))
            #expect(requeued.state == .queued && requeued.nextTryMicroseconds == later)
            #expect(requeued.lastError == "refused")
            #expect(try store.makeDue(9_999, now: later).isEmpty)
        }

        @Test func anItemPastItsMaximumAgeExpiresKeepingItsContentAndLastError() throws {
            let folder = TemporaryFolder("outbox")
            let schedule = OutboxSchedule(maxAge: .seconds(3_600), random: { $0.upperBound })
            let store = OutboxStore(path: folder.file("sharevia.sqlite"), schedule: schedule)
            let item = try store.enqueue(
                OutboxFixtures.request(),
                for: "mastodon",
                failure: OutboxFixtures.transient,
                now: OutboxFixtures.now
            )

            #expect(try store.expire(now: item.expiresMicroseconds - 1).isEmpty)
            #expect(try store.expire(now: item.expiresMicroseconds) == [item.id])
            let expired = try #require(try store.item(item.id))
            #expect(expired.state == .expired)
            #expect(expired.lastError == item.lastError)
            // Not claimed, and its content still there when it is made due again.
            #expect(try store.claim(owner: "a", leaseSeconds: 60, now: item.expiresMicroseconds + 1) == nil)
            #expect(try store.makeDue(item.id, now: item.expiresMicroseconds + 2) == [item.id])
            let claim = try #require(try store.claim(owner: "a", leaseSeconds: 60, now: item.expiresMicroseconds + 3))
            #expect(try claim.request.get().content.attachments.first?.data() == SampleContent.tinyPNG)
        }

        @Test func noSecretEverReachesTheDatabase() async throws {
            let folder = TemporaryFolder("outbox")
            let path = folder.file("sharevia.sqlite")
            let store = OutboxStore(path: path)
            let canary = "canary-7f3e9a1c"
            let failure = ShareError(
                .transient,
                destination: "email",
                message: "smtp://bob:\(canary)@mail.example.com:587 answered 421 \"try later\""
            )

            let refused: [[String: [String]]] = [
                ["email-server": ["smtp://bob:\(canary)@mail.example.com:587"]],
                ["smtp-password": [canary]],
                ["bluesky-token": [canary]],
            ]
            for flags in refused {
                #expect(throws: SQLiteError.self) {
                    try store.enqueue(OutboxFixtures.request(flags: flags), for: "email", failure: failure)
                }
            }
            var configured = OutboxFixtures.request(3)
            configured.configFile = "https://bob:\(canary)@example.com/config.yaml"
            #expect(throws: SQLiteError.self) { try store.enqueue(configured, for: "email", failure: failure) }
            let item = try store.enqueue(OutboxFixtures.request(4), for: "email", failure: failure)

            #expect(item.lastError == "smtp://<redacted>@mail.example.com:587 answered 421 \"try later\"")
            _ = try await PythonSQLite.run(
                "import sqlite3, sys; sqlite3.connect(sys.argv[1]).execute('PRAGMA wal_checkpoint(TRUNCATE)')",
                [path]
            )
            for file in [path, path + "-wal"] {
                guard let bytes = FileManager.default.contents(atPath: file) else { continue }
                #expect(bytes.range(of: Data(canary.utf8)) == nil, "\(file) holds the secret")
            }
        }

        @Test func aRequestOverACapIsNotQueuedAndSaysWhichCap() throws {
            let folder = TemporaryFolder("outbox")
            let store = OutboxStore(path: folder.file("sharevia.sqlite"))
            let many = Array(repeating: SampleContent.cardAttachment, count: OutboxLimits.attachments + 1)
            do {
                _ = try store.enqueue(
                    OutboxFixtures.request(attachments: many),
                    for: "mastodon",
                    failure: OutboxFixtures.transient
                )
                Issue.record("\(many.count) attachments were queued")
            } catch {
                #expect(error.code == .tooLarge)
                #expect(error.message.contains("attachments: \(many.count), over the \(OutboxLimits.attachments)"))
            }
            let missing = ShareAttachment(
                source: .file(path: folder.file("gone.png")),
                mimeType: "image/png",
                fileName: "gone.png"
            )
            do {
                _ = try store.enqueue(
                    OutboxFixtures.request(attachments: [missing]),
                    for: "mastodon",
                    failure: OutboxFixtures.transient
                )
                Issue.record("an attachment without its bytes was queued")
            } catch {
                #expect(error.code == .failed && error.message.contains("gone.png"))
            }
            #expect(try store.items().isEmpty)
        }

        @Test func aRefusedFlagSaysWhichFlagAndWhy() throws {
            let folder = TemporaryFolder("outbox")
            let store = OutboxStore(path: folder.file("sharevia.sqlite"))
            let request = OutboxFixtures.request(flags: ["email-server": ["smtp://bob:hunter2@mail.example.com"]])
            do {
                _ = try store.enqueue(request, for: "email", failure: OutboxFixtures.transient)
                Issue.record("a flag with a password inside a URL was queued")
            } catch {
                #expect(error.code == .failed)
                #expect(error.message.contains("flags.email-server[0]"))
                #expect(error.message.contains("smtp://<redacted>@mail.example.com"))
                #expect(!error.message.contains("hunter2"))
            }
        }
    }
}
