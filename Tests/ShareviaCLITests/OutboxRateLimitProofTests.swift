import Foundation
import ShareCore
import ShareHistory
import TestSupport
import Testing

/// Issue 26's rate-limit proof, through the built binary: a loopback server scripted as Mastodon
/// answers the status 429 with `X-RateLimit-Reset` (its ISO 8601 reset time), then 200. The share
/// falls back to a file and is queued with its next try at the reset; `outbox run` before the
/// reset sends nothing; after it, the post arrives once, with the card the share was made with.
@Suite struct OutboxRateLimitProofTests {
    @Test func aRateLimitedPostWaitsForTheResetAndArrivesOnce() async throws {
        // Later than the share's timeout, so the router doesn't wait for it within the share.
        let resetSeconds = Int(Date().timeIntervalSince1970) + 40
        let reset = Date(timeIntervalSince1970: TimeInterval(resetSeconds))
            .formatted(.iso8601.year().month().day().time(includingFractionalSeconds: false))
        let limited = HTTPTestServer.Answer.status(
            429,
            json: #"{"error":"Too many requests"}"#,
            headers: [
                "X-RateLimit-Limit": "300", "X-RateLimit-Remaining": "0", "X-RateLimit-Reset": reset,
            ]
        )
        let routes = MastodonPostEndToEndTests.routes(statuses: [limited, MastodonPostEndToEndTests.statusAnswer])
        try await HTTPTestServer.with(.init(routes: routes, idempotentRoutes: ["/api/v1/statuses"])) { server in
            let folder = TemporaryFolder("outbox-rate-limit")
            let environment = OutboxProof.environment(folder, ["SHAREVIA_MASTODON_TOKEN": "rate-limit-token"])
            let share = try await ShareviaProcess.run(
                [
                    "--to", "mastodon", PackageRoot.exampleCard, "--text", "Night Owl", "--alt", "A night owl",
                    "--mastodon-instance", server.origin, "--retries", "0", "--timeout", "10", "--fallback", "file",
                    "--out", folder.file("out"),
                ],
                environment: environment
            )
            #expect(share.status == 3, "\(share.stdout)\n\(share.stderr)")
            #expect(share.stdout.contains("queued for mastodon"), "\(share.stdout)")

            let queued = try OutboxProof.onlyItem(folder)
            #expect(queued.destination == "mastodon" && queued.state == .queued, "\(queued)")
            #expect(queued.lastError?.contains("429") == true, "\(queued)")
            #expect(
                queued.nextTryMicroseconds >= Int64(resetSeconds) * 1_000_000,
                "the next try honours the reset \(reset): \(queued)"
            )

            // Before the reset, nothing is sent.
            try await OutboxProof.run(environment: environment)
            #expect(server.received.filter { $0.path == "/api/v1/statuses" }.count == 1)
            #expect(try OutboxProof.onlyItem(folder).tries == 0)

            // After it, the post arrives, once, with the card.
            try await OutboxProof.sleep(until: queued.nextTryMicroseconds)
            try await OutboxProof.run(environment: environment)
            let delivered = try OutboxProof.onlyItem(folder)
            #expect(delivered.state == .delivered, "\(delivered)")
            #expect(delivered.receipt?.ids["url"] == "https://mastodon.example/@alice/2001", "\(delivered)")
            try await OutboxProof.run(environment: environment)

            let statuses = server.received.filter { $0.path == "/api/v1/statuses" }
            #expect(statuses.count == 2 && !statuses.contains { $0.replayed }, "the 429, then one post")
            #expect(Set(statuses.compactMap { $0.header("Idempotency-Key") }).count == 1)
            let uploads = server.received.filter { $0.path == "/api/v2/media" }
            let card = try await MailCheck.sha256(PackageRoot.exampleCard)
            #expect(!uploads.isEmpty)
            for upload in uploads {
                #expect(upload.parts.first { $0["name"] == "file" }?["sha256"] == card)
            }
        }
    }
}
