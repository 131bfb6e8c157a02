import Foundation
import ShareCore
import TestSupport
import Testing

@testable import Destinations

/// Mastodon's answer to the outbox's check of an `unknown` post: safe to send again within the
/// hour its server keeps an `Idempotency-Key`, and the post sent again carries the same key.
@Suite struct MastodonOutcomeCheckTests {
    typealias Script = MastodonServerScript

    @Test func anUnknownPostIsSentAgainWithTheSameKeyWithinTheHour() async throws {
        let routes = Script.routes(
            statuses: [.stall(), Script.status("2001", port: 0)],
            media: [Script.media("3001"), Script.media("3002")]
        )
        try await HTTPTestServer.with(.init(routes: routes)) { server in
            let folder = TemporaryFolder("mastodon-check")
            let request = ShareRequest(content: Script.content(), options: ShareOptions())
            let first = Script.destination(server, folder: folder, timeout: .seconds(8))
            let error = try await #require(throws: ShareError.self) {
                try await first.deliver(try first.prepare(request))
            }
            #expect(error.code == .outcomeUnknown)

            // A later run builds the destination again and prepares the same request.
            let later = Script.destination(server, folder: folder)
            let prepared = try later.prepare(request)
            let check = await later.checkOutcome(of: prepared, sinceFirstSent: .seconds(5 * 60))
            guard case .safeToResend(let why) = check else {
                Issue.record("expected safeToResend, got \(check)")
                return
            }
            #expect(why.contains("5 minutes ago") && why.contains("Idempotency-Key"))
            let receipt = try await later.deliver(prepared)

            #expect(receipt.locations == ["https://mastodon.example/@alice/2001"])
            let statuses = server.received.filter { $0.path == "/api/v1/statuses" }
            #expect(statuses.count == 2)
            #expect(
                statuses.map { $0.header("Idempotency-Key") }
                    == Array(repeating: "sharevia-\(request.options.id)-1", count: 2)
            )
            #expect(statuses[0].body.count > 0 && statuses.count == 2)
            try Script.check(server.received)
        }
    }

    @Test func afterTheHourItCantTellAndAPersonDecides() async throws {
        let destination = MastodonDestination(
            configuration: .init(instance: "https://mastodon.example", token: Secret(Script.canary)),
            environment: Script.environment(TemporaryFolder("mastodon-check"))
        )
        let prepared = try destination.prepare(ShareRequest(content: Script.content()))

        let justUnder = await destination.checkOutcome(of: prepared, sinceFirstSent: .seconds(3_599))
        let atTheHour = await destination.checkOutcome(of: prepared, sinceFirstSent: .seconds(3_600))

        guard case .safeToResend = justUnder else {
            Issue.record("expected safeToResend under the hour, got \(justUnder)")
            return
        }
        guard case .cannotTell(let why) = atTheHour else {
            Issue.record("expected cannotTell after the hour, got \(atTheHour)")
            return
        }
        #expect(why.contains("60 minutes ago") && why.contains("could post twice"))
        #expect(!why.contains(Script.canary))
    }

    @Test func aHandOffCantBeLookedUp() async throws {
        let destination = MastodonDestination(
            configuration: .init(instance: "https://mastodon.example"),
            environment: Script.environment(TemporaryFolder("mastodon-check"))
        )
        let prepared = try destination.prepare(ShareRequest(content: ShareContent(text: "hi")))
        guard case .cannotTell = await destination.checkOutcome(of: prepared, sinceFirstSent: .zero) else {
            Issue.record("a hand-off was not cannotTell")
            return
        }
    }
}
