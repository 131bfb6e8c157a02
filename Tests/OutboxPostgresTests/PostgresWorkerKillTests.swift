import Foundation
import OutboxPostgres
import ShareCore
import ShareHistory
import TestSupport
import Testing

/// Issue 27: a worker killed with `kill -9` every 500 ms during the drain. Another worker takes its items over when
/// the lease runs out, as `unknown`: Mastodon, whose Idempotency-Key makes a resend safe, still gets each post once;
/// the file destination, which can't tell, is never sent again on its own.
extension PostgresWorkerProofs {
    @Suite struct PostgresWorkerKillTests {
        static let posts = 600
        static let files = 300

        @Test(.timeLimit(.minutes(10))) func killingAWorkerEveryHalfSecondLosesNothingAndResendsNothingUnsafe()
            async throws
        {
            var slow = WorkerTestSupport.statusAnswer
            slow.fields["delay_ms"] = 40
            try await HTTPTestServer.with(WorkerTestSupport.mastodon(statuses: [slow])) { server in
                try await PostgresTestDatabase.with { url in
                    let folder = TemporaryFolder("pg-kill")
                    let out = folder.file("out")
                    try await WorkerTestSupport.seed(
                        url,
                        count: Self.files,
                        label: "file",
                        destination: "file",
                        out: out
                    )
                    try await WorkerTestSupport.seed(
                        url,
                        count: Self.posts,
                        label: "mastodon",
                        destination: "mastodon",
                        instance: server.origin
                    )
                    let environment = WorkerTestSupport.environment(folder)
                    let run = [
                        "outbox", "run", "--watch", "--outbox", url.description, "--concurrency", "2", "--lease", "2",
                    ]
                    var workers = try (0..<2).map { _ in
                        try WorkerProcess(run, environment: environment, folder: folder)
                    }
                    var kills = 0
                    // Every 500 ms one of the two is killed and a new one started in its place, 20 times.
                    while kills < 20 {
                        try await Task.sleep(for: .milliseconds(500))
                        let victim = kills % 2
                        workers[victim].send(SIGKILL)
                        _ = await workers[victim].wait(timeout: .seconds(60))
                        workers[victim] = try WorkerProcess(run, environment: environment, folder: folder)
                        kills += 1
                    }
                    let settled = try await WorkerTestSupport.waitUntil(url, timeout: .seconds(400)) { items in
                        items.count == Self.posts + Self.files
                            && items.allSatisfy { item in
                                item.destination == "mastodon"
                                    ? item.state == .delivered : item.state == .delivered || item.state == .unknown
                            }
                    }
                    for worker in workers { worker.send(SIGTERM) }
                    for worker in workers {
                        let (status, _, stderr) = await worker.wait(timeout: .seconds(120))
                        #expect(status == 0, "a worker stopped by SIGTERM ends with 0: \(stderr.suffix(1500))")
                    }

                    let mastodon = settled.filter { $0.destination == "mastodon" }
                    #expect(mastodon.count == Self.posts && mastodon.allSatisfy { $0.state == .delivered })
                    #expect(
                        settled.contains { $0.tries > 1 },
                        "some item was in flight when its worker was killed and was taken over"
                    )
                    let perKey = WorkerTestSupport.newPostsPerKey(server)
                    #expect(perKey.count == Self.posts)
                    #expect(
                        perKey.values.allSatisfy { $0 == 1 },
                        "a post made twice: \(perKey.filter { $0.value > 1 })"
                    )

                    let fileItems = settled.filter { $0.destination == "file" }
                    #expect(fileItems.count == Self.files)
                    #expect(fileItems.allSatisfy { $0.state == .delivered || $0.state == .unknown })
                    var written: [String: Int] = [:]
                    for text in try WorkerTestSupport.texts(in: out) { written[text, default: 0] += 1 }
                    #expect(
                        written.values.allSatisfy { $0 == 1 },
                        "a file share written twice: \(written.filter { $0.value > 1 })"
                    )
                    // Each delivered file share's file is there; an unknown one was not sent again (its text would be
                    // in two files).
                    for item in fileItems where item.state == .delivered {
                        let text = item.receipt?.locations.first { $0.hasSuffix(".txt") }
                        #expect(text.map { FileManager.default.fileExists(atPath: $0) } == true, "item \(item.id)")
                    }
                    #expect(written.count <= Self.files)
                }
            }
        }
    }
}
