import Foundation
import OutboxPostgres
import ShareCore
import ShareHistory
import TestSupport
import Testing

/// Issue 27's operations through the command line: a per-destination cap every worker shares, retry and drop
/// against PostgreSQL, pruning delivered items after `outbox.keep_delivered`, and `--enqueue` into a SQLite outbox.
@Suite struct PostgresOutboxOperationsTests {
    @Test(.timeLimit(.minutes(5))) func aDestinationsCapHoldsForEveryWorkerTogether() async throws {
        var slow = WorkerTestSupport.statusAnswer
        slow.fields["delay_ms"] = 300
        try await HTTPTestServer.with(WorkerTestSupport.mastodon(statuses: [slow])) { server in
            try await PostgresTestDatabase.with { url in
                let folder = TemporaryFolder("pg-limit")
                let environment = WorkerTestSupport.environment(folder)
                try await WorkerTestSupport.seed(
                    url,
                    count: 6,
                    label: "capped",
                    destination: "mastodon",
                    instance: server.origin
                )
                let limit = try WorkerProcess(
                    ["outbox", "limit", "mastodon", "1", "--outbox", url.description],
                    environment: environment,
                    folder: folder
                )
                let set = await limit.wait(timeout: .seconds(60))
                #expect(set.status == 0 && set.stderr.contains("at most 1 item(s) of mastodon"), "\(set.stderr)")
                let run = ["outbox", "run", "--outbox", url.description, "--concurrency", "2"]
                let workers = try (0..<2).map { _ in try WorkerProcess(run, environment: environment, folder: folder) }
                let items = try await WorkerTestSupport.waitUntil(url, timeout: .seconds(120)) { items in
                    items.allSatisfy { $0.state == .delivered }
                }
                for worker in workers { _ = await worker.wait(timeout: .seconds(60)) }
                #expect(items.count == 6 && items.allSatisfy { $0.state == .delivered })
                // One at a time across both workers: each post starts after the one before was answered (300 ms).
                let times = server.received.filter { $0.path == "/api/v1/statuses" }.map(\.time).sorted()
                #expect(times.count == 6)
                let gaps = zip(times.dropFirst(), times).map { $0 - $1 }
                #expect(gaps.allSatisfy { $0 >= 0.25 }, "posts overlapped: \(gaps)")
            }
        }
    }

    @Test func retryDropAndPruneWorkOnPostgreSQL() async throws {
        try await PostgresTestDatabase.with { url in
            let folder = TemporaryFolder("pg-operations")
            let out = folder.file("out")
            let config = folder.file("config.yaml")
            try "outbox:\n  keep_delivered: 0\n".write(toFile: config, atomically: true, encoding: .utf8)
            var environment = WorkerTestSupport.environment(folder)
            environment["SHAREVIA_CONFIG"] = config
            try await WorkerTestSupport.seed(url, count: 2, label: "operations", destination: "file", out: out)
            let ids = try await WorkerTestSupport.items(url).map(\.id).sorted()

            let drop = try WorkerProcess(
                ["outbox", "drop", "\(ids[0])", "--outbox", url.description],
                environment: environment,
                folder: folder
            )
            let dropped = await drop.wait(timeout: .seconds(60))
            #expect(
                dropped.status == 0 && dropped.stdout.contains("Dropped item \(ids[0])"),
                "\(dropped.stdout)\(dropped.stderr)"
            )
            let retry = try WorkerProcess(
                ["outbox", "retry", "\(ids[1])", "--outbox", url.description],
                environment: environment,
                folder: folder
            )
            let retried = await retry.wait(timeout: .seconds(60))
            #expect(
                retried.status == 0 && retried.stderr.contains("✓ item \(ids[1]), file: delivered"),
                "\(retried.stderr)"
            )
            #expect(try WorkerTestSupport.texts(in: out).count == 1)
            // A run prunes what was delivered longer ago than keep_delivered (0 hours: at once).
            let run = try WorkerProcess(
                ["outbox", "run", "--outbox", url.description],
                environment: environment,
                folder: folder
            )
            _ = await run.wait(timeout: .seconds(60))
            #expect(try await WorkerTestSupport.items(url).isEmpty)

            let missing = try WorkerProcess(
                ["outbox", "drop", "\(ids[0])", "--outbox", url.description],
                environment: environment,
                folder: folder
            )
            let refused = await missing.wait(timeout: .seconds(60))
            #expect(
                refused.status == 64 && refused.stderr.contains("the outbox has no item \(ids[0])"),
                "\(refused.stderr)"
            )
        }
    }

    @Test func enqueueingIntoASQLiteOutboxNeedsNoPostgreSQL() async throws {
        let folder = TemporaryFolder("sqlite-enqueue")
        let environment = WorkerTestSupport.environment(folder)
        let database = folder.file("service.sqlite")
        let out = folder.file("out")
        let queue = try WorkerProcess(
            ["--to", "file", "--text", "queued in a file", "--enqueue", "--outbox", database, "--out", out, "--json"],
            environment: environment,
            folder: folder
        )
        let queued = await queue.wait(timeout: .seconds(60))
        #expect(queued.status == 0, "\(queued.stderr)")
        let object = try #require(try JSONSerialization.jsonObject(with: Data(queued.stdout.utf8)) as? [String: Any])
        #expect(object["destination"] as? String == "file" && object["outbox"] as? String == database, "\(object)")
        let items = try OutboxStore(path: database).items()
        #expect(items.map(\.id) == [object["itemId"] as? Int64 ?? -1])
        let run = try WorkerProcess(["outbox", "run", "--outbox", database], environment: environment, folder: folder)
        let ran = await run.wait(timeout: .seconds(60))
        #expect(ran.status == 0, "\(ran.stderr)")
        #expect(try WorkerTestSupport.texts(in: out) == ["queued in a file"])
        let limit = try WorkerProcess(
            ["outbox", "limit", "file", "1", "--outbox", database],
            environment: environment,
            folder: folder
        )
        let refused = await limit.wait(timeout: .seconds(60))
        #expect(refused.status == 64 && refused.stderr.contains("needs a PostgreSQL outbox"), "\(refused.stderr)")
    }
}
