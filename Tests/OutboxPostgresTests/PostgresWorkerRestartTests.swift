import Foundation
import OutboxPostgres
import ProcessRunning
import ShareCore
import ShareHistory
import TestSupport
import Testing

/// Issue 27: the database restarts in the middle of a drain. The workers keep what they sent, reconnect, record it
/// and finish: nothing is lost and nothing is sent twice. The test runs a PostgreSQL of its own
/// (scripts/postgres-test.sh), since restarting the shared one would break the other tests.
extension PostgresWorkerProofs {
    @Suite struct PostgresWorkerRestartTests {
        static let shares = 3_000

        @Test(.timeLimit(.minutes(10))) func workersReconnectAfterARestartAndFinishWithNothingLost() async throws {
            let server = TemporaryFolder("pg-restart-server")
            let script = "\(PackageRoot.path)/scripts/postgres-test.sh"
            let started = try await ProcessRunner().run(
                script,
                arguments: ["start", server.path],
                timeout: .seconds(180)
            )
            let printed = String(decoding: started.standardOutput, as: UTF8.self)
            defer {
                _ = try? Process.run(URL(fileURLWithPath: script), arguments: ["stop", server.path]).waitUntilExit()
            }
            let line = printed.split(separator: "\n").first { $0.hasPrefix("SHAREVIA_TEST_POSTGRES_URL=") }
            let text = try #require(line, "the server did not start: \(printed)").dropFirst(
                "SHAREVIA_TEST_POSTGRES_URL=".count
            )
            let url = try OutboxDatabaseURL(parsing: String(text))

            let folder = TemporaryFolder("pg-restart")
            let out = folder.file("out")
            try await WorkerTestSupport.seed(url, count: Self.shares, label: "restart", destination: "file", out: out)
            let environment = WorkerTestSupport.environment(folder)
            let run = ["outbox", "run", "--outbox", url.description, "--concurrency", "2"]
            let workers = try (0..<2).map { _ in try WorkerProcess(run, environment: environment, folder: folder) }
            // Restart once a tenth is delivered, while the rest is still to do.
            let before = try await WorkerTestSupport.waitUntil(url, timeout: .seconds(300)) { items in
                items.filter { $0.state == .delivered }.count >= Self.shares / 10
            }
            let restart = try await ProcessRunner().run(
                script,
                arguments: ["restart", server.path],
                timeout: .seconds(120)
            )
            #expect(restart.exitStatus == 0, "\(String(decoding: restart.standardError, as: UTF8.self))")
            var outputs: [String] = []
            for worker in workers {
                let (status, _, stderr) = await worker.wait(timeout: .seconds(400))
                #expect(status == 0, "\(stderr.suffix(2000))")
                outputs.append(stderr)
            }
            let deliveredBefore = before.filter { $0.state == .delivered }.count
            #expect(deliveredBefore < Self.shares, "the restart came before the drain ended")

            let items = try await WorkerTestSupport.items(url)
            #expect(items.count == Self.shares)
            let open = items.filter { $0.state != .delivered && $0.state != .unknown }
            #expect(open.isEmpty, "left \(open.count) items: \(open.prefix(3))")
            var written: [String: Int] = [:]
            for text in try WorkerTestSupport.texts(in: out) { written[text, default: 0] += 1 }
            #expect(written.values.allSatisfy { $0 == 1 }, "sent twice: \(written.filter { $0.value > 1 })")
            #expect(written.count == Self.shares, "every share's file is there: \(written.count)")
            let delivered = outputs.joined().split(separator: "\n").filter { $0.hasPrefix("✓ item") }.count
            #expect(delivered + items.filter { $0.state == .unknown }.count >= Self.shares)
        }
    }
}
