import Foundation
import OutboxPostgres
import ShareCore
import ShareHistory
import TestSupport
import Testing

/// Issue 27: four workers in two `sharevia outbox run --outbox postgresql://…` processes drain 10,000 shares, half to
/// the file destination and half to a loopback Mastodon, each delivered exactly once: one file per share, one post
/// per Idempotency-Key.
extension PostgresWorkerProofs {
    @Suite struct PostgresWorkerDrainTests {
        static let perDestination = 5_000

        @Test(.timeLimit(.minutes(15))) func fourWorkersInTwoProcessesDeliverTenThousandSharesExactlyOnce() async throws
        {
            try await HTTPTestServer.with(WorkerTestSupport.mastodon()) { server in
                try await PostgresTestDatabase.with { url in
                    let folder = TemporaryFolder("pg-drain")
                    let out = folder.file("out")
                    try await WorkerTestSupport.seed(
                        url,
                        count: Self.perDestination,
                        label: "file",
                        destination: "file",
                        out: out
                    )
                    try await WorkerTestSupport.seed(
                        url,
                        count: Self.perDestination,
                        label: "mastodon",
                        destination: "mastodon",
                        instance: server.origin
                    )
                    let environment = WorkerTestSupport.environment(folder)
                    let run = ["outbox", "run", "--outbox", url.description, "--concurrency", "2"]
                    let workers = try (0..<2).map { _ in
                        try WorkerProcess(run, environment: environment, folder: folder)
                    }
                    var delivered: [Int] = []
                    for worker in workers {
                        let (status, _, stderr) = await worker.wait(timeout: .seconds(800))
                        #expect(status == 0, "\(stderr.suffix(2000))")
                        delivered.append(stderr.split(separator: "\n").filter { $0.hasPrefix("✓ item") }.count)
                    }
                    #expect(delivered.allSatisfy { $0 > 0 }, "both processes delivered some: \(delivered)")
                    #expect(delivered.reduce(0, +) == 2 * Self.perDestination, "\(delivered)")

                    let items = try await WorkerTestSupport.items(url)
                    #expect(items.count == 2 * Self.perDestination)
                    let notDelivered = items.filter { $0.state != .delivered || $0.receipt == nil }
                    #expect(notDelivered.isEmpty, "\(notDelivered.count) not delivered: \(notDelivered.prefix(3))")
                    #expect(items.allSatisfy { $0.tries == 1 }, "each item tried once")

                    let texts = try WorkerTestSupport.texts(in: out)
                    #expect(texts.count == Self.perDestination, "\(texts.count) files")
                    let expected = Set((0..<Self.perDestination).map { WorkerTestSupport.text("file", $0) })
                    #expect(Set(texts) == expected)

                    let perKey = WorkerTestSupport.newPostsPerKey(server)
                    #expect(perKey.count == Self.perDestination, "\(perKey.count) keys posted")
                    #expect(
                        perKey.values.allSatisfy { $0 == 1 },
                        "posted more than once: \(perKey.filter { $0.value > 1 })"
                    )
                    let mastodonItems = items.filter { $0.destination == "mastodon" }
                    #expect(Set(perKey.keys) == Set(mastodonItems.map { "sharevia-\($0.shareID)-1" }))
                }
            }
        }
    }
}
