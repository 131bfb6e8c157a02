import Foundation
import ShareCore
import ShareHistory
import TestSupport
import Testing

/// Issue 26's concurrency proof: two `sharevia outbox run` processes over 200 due items, posting
/// to a loopback server scripted as Mastodon. Each item is claimed by one of them (a lease taken in
/// one transaction), so each is posted exactly once: one request per Idempotency-Key.
@Suite struct OutboxConcurrentRunsProofTests {
    static let itemCount = 200

    @Test func twoRunsOverTwoHundredDueItemsPostEachExactlyOnce() async throws {
        // A post takes the server 100 ms and each run sends 4 at once, so each run alone would take
        // 5 s over the 200 items: the two runs overlap, and each claims some of them.
        var slowStatus = MastodonPostEndToEndTests.statusAnswer
        slowStatus.fields["delay_ms"] = 100
        try await HTTPTestServer.with(
            .init(
                routes: MastodonPostEndToEndTests.routes(statuses: [slowStatus]),
                idempotentRoutes: ["/api/v1/statuses"]
            )
        ) { server in
            let folder = TemporaryFolder("outbox-two-runs")
            let environment = OutboxProof.environment(folder, ["SHAREVIA_MASTODON_TOKEN": "two-runs-token"])
            try FileManager.default.createDirectory(
                atPath: folder.file("state/sharevia"),
                withIntermediateDirectories: true
            )
            try OutboxSeed.mastodon(
                count: Self.itemCount,
                instance: server.origin,
                into: OutboxProof.database(folder)
            )
            let due = try OutboxProof.items(folder)
            try #require(due.count == Self.itemCount && due.allSatisfy { $0.nextTryMicroseconds <= OutboxStore.now() })

            let run = ["outbox", "run", "--concurrency", "4"]
            async let first = ShareviaProcess.run(run, environment: environment, timeout: .seconds(600))
            async let second = ShareviaProcess.run(run, environment: environment, timeout: .seconds(600))
            let runs = try await [first, second]
            for run in runs { #expect(run.status == 0, "\(run.stdout)\n\(run.stderr)") }
            let delivered = runs.map { run in run.stderr.split(separator: "\n").filter { $0.hasPrefix("✓ item") }.count
            }
            #expect(delivered.allSatisfy { $0 > 0 }, "both runs delivered some items: \(delivered)")
            #expect(delivered.reduce(0, +) == Self.itemCount, "\(delivered)")

            let items = try OutboxProof.items(folder)
            let notDelivered = items.filter { $0.state != .delivered || $0.receipt == nil }
            #expect(
                notDelivered.isEmpty,
                "\(notDelivered.count) not delivered with a receipt: \(notDelivered.prefix(3))"
            )
            #expect(items.allSatisfy { $0.tries == 1 }, "each item tried once")

            let statuses = server.received.filter { $0.path == "/api/v1/statuses" }
            var perKey: [String: Int] = [:]
            for request in statuses { perKey[request.header("Idempotency-Key") ?? "none", default: 0] += 1 }
            #expect(perKey.count == Self.itemCount, "\(perKey.count) keys posted")
            let twice = perKey.filter { $0.value != 1 }
            #expect(twice.isEmpty, "posted more than once: \(twice)")
            #expect(statuses.count == Self.itemCount && !statuses.contains { $0.replayed })
            let expectedKeys = Set(items.map { "sharevia-\($0.shareID)-1" })
            #expect(Set(perKey.keys) == expectedKeys)
        }
    }
}

/// Seeds an outbox through the library's ``OutboxStore/enqueue(_:for:failure:now:)``: items that
/// a share queued two minutes ago, due now.
enum OutboxSeed {
    /// `count` text shares queued for Mastodon at `instance`.
    static func mastodon(count: Int, instance: String, into database: String) throws {
        let store = OutboxStore(path: database)
        let queuedAt = OutboxStore.now() - 120_000_000
        for index in 0..<count {
            let request = OutboxRequest(
                content: ShareContent(text: "Queued post \(index)"),
                options: ShareOptions(id: .new()),
                flags: ["mastodon-instance": [instance]]
            )
            _ = try store.enqueue(
                request,
                for: "mastodon",
                failure: ShareError(.transient, destination: "mastodon", message: "503 Service Unavailable"),
                now: queuedAt
            )
        }
    }
}
