import Destinations
import Foundation
import ShareCore
import ShareHistory
import TestSupport
import Testing

/// Issue 26's greylisting proof, through the built binary and a real greylisting server: the
/// private Postfix of `scripts/postfix-test.sh` asking a private postgrey at RCPT
/// (``GreylistingPostfix``). The share's first attempt gets 450, the share falls back to a file
/// and is queued for email; `outbox run` before the item's next try sends nothing; after it, the
/// message arrives, with the same Message-ID and attachment as the message the first attempt
/// prepared (the `.eml` the fallback kept).
@Suite(.enabled(if: GreylistingPostfix.isConfigured, "start Postfix with scripts/postfix-test.sh"))
struct OutboxGreylistingProofTests {
    @Test func aGreylistedEmailIsQueuedAndArrivesAfterTheDelayWithTheSameMessageID() async throws {
        let greylisting = try GreylistingPostfix.current()
        let folder = TemporaryFolder("outbox-greylist")
        let environment = OutboxProof.environment(folder)
        // A sender no other test uses: a triplet postgrey has not seen.
        let token = UUID().uuidString.replacing("-", with: "").lowercased()
        let sender = "share-\(token)@example.org"
        let marker = "Greylisted share \(token)"

        let share = try await ShareviaProcess.run(
            [
                "--to", "email", PackageRoot.exampleCard, "--text", marker, "--email-to", "alice@sharevia.test",
                "--email-from", sender, "--subject", "Greylisting \(token)", "--smtp", greylisting.url, "--retries",
                "0", "--fallback", "file", "--out", folder.file("out"), "--json",
            ],
            environment: environment
        )
        // The first attempt gets 450 from postgrey, quoted; the file export has the share now.
        #expect(share.status == 3, "\(share.stdout)\n\(share.stderr)")
        let report = try #require(try OutboxProof.json(share) as? [String: Any])
        #expect(report["deliveredBy"] as? String == "file", "\(share.stdout)")
        let attempts = try #require(report["attempts"] as? [[String: Any]])
        let emailReasons = attempts.filter { $0["destination"] as? String == "email" }.compactMap {
            $0["reason"] as? String
        }
        #expect(!emailReasons.isEmpty && emailReasons.allSatisfy { $0.contains("450 4.2.0") }, "\(emailReasons)")
        #expect(emailReasons.contains { $0.contains("Greylisted") }, "the server's words are quoted: \(emailReasons)")
        let queuedInReport = try #require(report["queued"] as? [[String: Any]], "\(share.stdout)")
        #expect(queuedInReport.map { $0["destination"] as? String } == ["email"], "\(queuedInReport)")

        // Queued for email, its next try a minute away (greylisting's first delay).
        let queued = try OutboxProof.onlyItem(folder)
        #expect(queued.destination == "email" && queued.state == .queued, "\(queued)")
        #expect(queued.lastError?.contains("450 4.2.0") == true, "\(queued)")
        #expect(queued.nextTryMicroseconds - queued.createdMicroseconds >= 60_000_000, "\(queued)")
        let listed = try await ShareviaProcess.run(["outbox", "--json"], environment: environment)
        #expect(listed.status == 0, "\(listed.stderr)")
        #expect(listed.stdout.contains("450 4.2.0"), "the listing shows the last error: \(listed.stdout)")

        // Before its next try, a run sends nothing.
        let early = OutboxStore.now()
        try await OutboxProof.run(environment: environment)
        #expect(early < queued.nextTryMicroseconds, "the machine took a minute to get here: the early run is not early")
        let untouched = try OutboxProof.onlyItem(folder)
        #expect(untouched.state == .queued && untouched.tries == 0, "\(untouched)")
        #expect(await greylisting.server.delivered(to: "alice", containing: token, timeout: .seconds(1)) == nil)

        // After it (a minute, well past postgrey's delay), the outbox sends it and it arrives.
        try await OutboxProof.sleep(until: queued.nextTryMicroseconds)
        let run = try await OutboxProof.run(environment: environment)
        let delivered = try OutboxProof.onlyItem(folder)
        #expect(delivered.state == .delivered && delivered.tries == 1, "\(delivered)\n\(run.stdout)\n\(run.stderr)")
        let receipt = try #require(delivered.receipt, "delivered with its receipt")
        #expect(receipt.summary.contains("250"), "\(receipt.summary)")
        let arrived = try #require(
            await greylisting.server.delivered(to: "alice", containing: token, timeout: .seconds(60)),
            "the message arrives in alice's Maildir"
        )

        // The same message as the first attempt prepared: its Message-ID and its attachment.
        let eml = try #require(
            folder.names(in: "out").first { $0.hasSuffix(".eml") },
            "the fallback kept the prepared message: \(folder.names(in: "out"))"
        )
        let first = try await MailCheck.report(folder.file("out/\(eml)"))
        let received = try await MailCheck.report(arrived)
        let messageID = try #require(first.messageID)
        #expect(received.messageID == messageID, "\(received.messageID ?? "none") vs \(messageID)")
        let shareID = try #require((report["shareId"] as? String).flatMap(ShareID.init))
        let stamp = MessageStamp(share: shareID)
        #expect(messageID.contains(stamp.token), "the Message-ID derives from the share's id \(shareID): \(messageID)")
        let card = try await MailCheck.sha256(PackageRoot.exampleCard)
        #expect(first.files.map { $0["sha256"] as? String } == [card])
        #expect(received.files.map { $0["sha256"] as? String } == [card])
        #expect(received.files.map { $0["filename"] as? String } == first.files.map { $0["filename"] as? String })
        #expect(received.subject == "Greylisting \(token)" && received.to == ["alice@sharevia.test"])

        // Nothing is sent twice.
        try await OutboxProof.run(environment: environment)
        #expect(try OutboxProof.onlyItem(folder).tries == 1)
        let copies =
            (try? FileManager.default.contentsOfDirectory(atPath: "\(greylisting.server.mailFolder)/alice/new"))?
            .filter {
                let text = FileManager.default.contents(atPath: "\(greylisting.server.mailFolder)/alice/new/\($0)")
                return text.map { String(decoding: $0, as: UTF8.self).contains(token) } ?? false
            }
        #expect(copies?.count == 1, "one copy arrived: \(copies ?? [])")
    }
}
