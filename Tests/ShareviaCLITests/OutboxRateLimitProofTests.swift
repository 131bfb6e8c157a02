import Foundation
import ShareCore
import ShareHistory
import TestSupport
import Testing

/// Issue 26's rate-limit proof for Bluesky, through the built binary (Mastodon's is
/// `OutboxEndToEndTests`): a loopback PDS answers createRecord 429 with `ratelimit-reset` (seconds
/// since 1970) later than the outbox's first retry would be, then 200. The share falls back to a
/// file and is queued with its next try at the reset; `outbox run` before the reset sends
/// nothing; after it, the post is created once, under the record key the share chose, with the
/// card the share was made with (copied into the outbox).
@Suite struct OutboxRateLimitProofTests {
    @Test func aRateLimitedBlueskyPostWaitsForTheResetAndIsCreatedOnce() async throws {
        // Past the outbox's first retry (a minute), so the reset decides the next try.
        let reset = Int64(Date().timeIntervalSince1970) + 75
        let limited = HTTPTestServer.Answer.status(
            429,
            json: #"{"error":"RateLimitExceeded","message":"Rate Limit Exceeded"}"#,
            headers: ["ratelimit-limit": "5000", "ratelimit-remaining": "0", "ratelimit-reset": "\(reset)"]
        )
        let routes: [String: [HTTPTestServer.Answer]] = [
            "/xrpc/com.atproto.server.createSession": [BlueskyPostEndToEndTests.createSession],
            "/xrpc/com.atproto.repo.uploadBlob": [BlueskyPostEndToEndTests.uploadBlob],
            "/xrpc/com.atproto.repo.createRecord": [limited, BlueskyPostEndToEndTests.createRecord],
        ]
        try await HTTPTestServer.with(.init(routes: routes)) { server in
            let folder = TemporaryFolder("outbox-rate-limit")
            let environment = OutboxProof.environment(
                folder,
                BlueskyPostEndToEndTests.environment(server, home: folder).filter { $0.key.hasPrefix("SHAREVIA_") }
            )
            // The card is copied first: the share's own file is gone before the outbox sends it.
            let card = try folder.write(
                try Data(contentsOf: URL(fileURLWithPath: PackageRoot.exampleCard)),
                named: "card.png"
            )
            let share = try await ShareviaProcess.run(
                [
                    "--to", "bluesky", card, "--text", "Night Owl", "--alt", "A night owl", "--retries", "0",
                    "--timeout", "10", "--fallback", "file", "--out", folder.file("out"),
                ],
                environment: environment
            )
            #expect(share.status == 3, "\(share.stdout)\n\(share.stderr)")
            #expect(share.stderr.contains("queued for bluesky"), "\(share.stderr)")
            try FileManager.default.removeItem(atPath: card)

            let queued = try OutboxProof.onlyItem(folder)
            #expect(queued.destination == "bluesky" && queued.state == .queued, "\(queued)")
            #expect(queued.lastError?.contains("429") == true, "\(queued)")
            #expect(
                queued.nextTryMicroseconds >= reset * 1_000_000,
                "the next try honours the reset \(reset): \(queued)"
            )

            // Before the reset, nothing is sent.
            let early = OutboxStore.now()
            try await OutboxProof.run(environment: environment)
            #expect(early < reset * 1_000_000, "the machine took too long to get here: the early run is not early")
            #expect(Self.records(server).count == 1)
            #expect(try OutboxProof.onlyItem(folder).tries == 0)

            // After it, the post is created, once, with the card.
            try await OutboxProof.sleep(until: queued.nextTryMicroseconds)
            let run = try await OutboxProof.run(environment: environment)
            let delivered = try OutboxProof.onlyItem(folder)
            #expect(delivered.state == .delivered, "\(delivered)\n\(run.stderr)")
            #expect(delivered.receipt?.locations.first?.contains("https://bsky.app/profile/alice.test/post/") == true)
            try await OutboxProof.run(environment: environment)

            let records = Self.records(server)
            #expect(records.count == 2, "the 429, then one post: \(records.count)")
            let keys = records.map { request in
                (try? JSONSerialization.jsonObject(with: Data(request.body)) as? [String: Any])?["rkey"] as? String
            }
            #expect(keys.count == 2 && keys[0] != nil && keys[0] == keys[1], "one record key: \(keys)")
            #expect(delivered.receipt?.locations.first?.hasSuffix(keys[0] ?? "none") == true, "\(delivered)")
            let uploads = server.received.filter { $0.path.hasPrefix("/xrpc/com.atproto.repo.uploadBlob") }
            let bytes = [UInt8](try Data(contentsOf: URL(fileURLWithPath: PackageRoot.exampleCard)))
            #expect(uploads.count == 2 && uploads.allSatisfy { $0.body == bytes }, "the card, from the outbox's copy")
        }
    }

    /// The createRecord requests the server received.
    static func records(_ server: HTTPTestServer) -> [HTTPTestServer.Received] {
        server.received.filter { $0.path.hasPrefix("/xrpc/com.atproto.repo.createRecord") }
    }
}
