import Foundation
import OutboxPostgres
import PostgresNIO
import ShareCore
import ShareHistory
import TestSupport
import Testing

/// Issue 27: a 429 with a reset from the loopback Mastodon pauses Mastodon for every worker, through the database:
/// neither worker posts again until the reset, then they finish.
extension PostgresWorkerProofs {
    @Suite struct PostgresWorkerRateLimitTests {
        static let posts = 30
        static let resetSeconds = 5.0

        @Test(.timeLimit(.minutes(5))) func aRateLimitPausesTheDestinationForEveryWorker() async throws {
            let limited = HTTPTestServer.Answer.status(
                429,
                json: #"{"error":"Too many requests"}"#,
                headers: ["Retry-After": "\(Int(Self.resetSeconds))"]
            )
            try await HTTPTestServer.with(
                WorkerTestSupport.mastodon(statuses: [limited, WorkerTestSupport.statusAnswer])
            ) {
                server in
                try await PostgresTestDatabase.with { url in
                    let folder = TemporaryFolder("pg-429")
                    try await WorkerTestSupport.seed(
                        url,
                        count: Self.posts,
                        label: "limited",
                        destination: "mastodon",
                        instance: server.origin
                    )
                    let environment = WorkerTestSupport.environment(folder)
                    let run = ["outbox", "run", "--watch", "--outbox", url.description, "--concurrency", "1"]
                    let workers = try (0..<2).map { _ in
                        try WorkerProcess(run, environment: environment, folder: folder)
                    }
                    // The refused post waits for its own next try (a minute's backoff at least); the others go out once
                    // the reset has passed.
                    let items = try await WorkerTestSupport.waitUntil(url, timeout: .seconds(200)) { items in
                        items.count == Self.posts && items.filter { $0.state == .delivered }.count == Self.posts - 1
                    }
                    for worker in workers { worker.send(SIGTERM) }
                    var outputs: [String] = []
                    for worker in workers {
                        let (status, _, stderr) = await worker.wait(timeout: .seconds(60))
                        #expect(status == 0, "\(stderr.suffix(1500))")
                        outputs.append(stderr)
                    }
                    let refused = items.filter { $0.state != .delivered }
                    #expect(
                        refused.count == 1 && refused.first?.state == .queued && refused.first?.tries == 1,
                        "\(refused)"
                    )
                    #expect(
                        refused.first?.lastError?.contains("429") == true,
                        "the server's status is quoted: \(refused)"
                    )

                    let posts = server.received.filter { $0.path == "/api/v1/statuses" }.sorted { $0.time < $1.time }
                    try #require(posts.count == Self.posts, "\(posts.count) posts")
                    let refusedAt = posts[0].time
                    // When the refusing worker recorded the 429 and the pause, in one transaction (the item's
                    // updated time, from the same clock as the server's).
                    let recordedAt = try await Self.updatedSeconds(of: try #require(refused.first).id, url)
                    #expect(
                        recordedAt - refusedAt < Self.resetSeconds - 1,
                        "recorded \(recordedAt - refusedAt) s after"
                    )
                    // What the other worker claimed before that may still go out (its request is on the way);
                    // nothing claimed after it does, by either worker, until the reset.
                    let duringPause = posts.filter {
                        $0.time > recordedAt + 1 && $0.time < refusedAt + Self.resetSeconds - 0.1
                    }
                    #expect(duringPause.isEmpty, "\(duringPause.count) posts during the pause")
                    let posters = outputs.map { $0.contains("✓ item") }
                    #expect(posters == [true, true], "both workers posted after the pause: \(posters)")
                }
            }
        }

        /// When item `id` was last changed, in seconds since 1970.
        static func updatedSeconds(of id: Int64, _ url: OutboxDatabaseURL) async throws -> Double {
            try await PostgresOutboxStore.withStore(url: url) { store in
                var micros: Int64 = 0
                for try await value in try await store.client.query(
                    "SELECT updated_us FROM sharevia_outbox_items WHERE id = \(id)"
                ).decode(Int64.self) {
                    micros = value
                }
                return Double(micros) / 1_000_000
            }
        }
    }
}
