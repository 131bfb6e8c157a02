import Foundation
import OutboxPostgres
import PostgresNIO
import ShareCore
import ShareHistory
import TestSupport
import Testing

/// Issue 27 through the lean `sharevia`: `--enqueue --outbox postgresql://…` hands over to `sharevia-outbox-postgres`
/// before standard input is read, prints the item's id, and a worker sends it; `outbox` and `stats --outbox` read
/// the same database; the password comes from the URL, the variable, the config file or the keyring, and never
/// shows.
@Suite struct PostgresOutboxCommandTests {
    static let canary = "pw-canary-7f3a91"

    @Test func anEnqueueFromTheCommandLineIsSentByAWorkerAndCounted() async throws {
        try await PostgresTestDatabase.with { url in
            let folder = TemporaryFolder("pg-enqueue")
            let out = folder.file("out")
            let environment = WorkerTestSupport.environment(folder)
            let queue = try WorkerProcess(
                ["--to", "file", "--text", "-", "--enqueue", "--outbox", url.description, "--out", out],
                environment: environment,
                folder: folder,
                input: Array("read after the hand-over\n".utf8)
            )
            let (status, stdout, stderr) = await queue.wait(timeout: .seconds(120))
            #expect(status == 0, "\(stderr)")
            let items = try await WorkerTestSupport.items(url)
            try #require(items.count == 1)
            #expect(stdout == "\(items[0].id)\n", "the item's id alone on standard output")
            #expect(stderr.contains("queued item \(items[0].id) for file"), "\(stderr)")
            #expect(items[0].state == .queued && items[0].destination == "file")

            let worker = try WorkerProcess(
                ["outbox", "run", "--outbox", url.description],
                environment: environment,
                folder: folder
            )
            let run = await worker.wait(timeout: .seconds(120))
            #expect(run.status == 0, "\(run.stderr)")
            #expect(
                try WorkerTestSupport.texts(in: out).map { $0.trimmingCharacters(in: .whitespacesAndNewlines) } == [
                    "read after the hand-over"
                ]
            )

            let list = try WorkerProcess(
                ["outbox", "--outbox", url.description, "--json"],
                environment: environment,
                folder: folder
            )
            let listed = await list.wait(timeout: .seconds(120))
            #expect(
                listed.status == 0 && listed.stdout.contains("\"state\" : \"delivered\""),
                "\(listed.stdout)\(listed.stderr)"
            )
            let stats = try WorkerProcess(
                ["stats", "--outbox", url.description, "--json"],
                environment: environment,
                folder: folder
            )
            let counted = await stats.wait(timeout: .seconds(120))
            let object = try #require(
                try JSONSerialization.jsonObject(with: Data(counted.stdout.utf8)) as? [String: Any],
                "\(counted.stdout)\(counted.stderr)"
            )
            #expect(object["deliveredLastMinute"] as? Int == 1 && object["waiting"] as? Int == 0, "\(object)")
            #expect((object["depth"] as? [String: Int])?["delivered"] == 1)
        }
    }

    @Test func thePasswordComesFromEachOfItsPlacesAndNeverShows() async throws {
        try await PostgresTestDatabase.with { url in
            let role = "outbox_" + UUID().uuidString.lowercased().prefix(8)
            try await PostgresTestDatabase.admin(url) { connection in
                try await connection.sql(
                    PostgresQuery(unsafeSQL: "CREATE ROLE \(role) LOGIN PASSWORD '\(Self.canary)'")
                )
                try await connection.sql(PostgresQuery(unsafeSQL: "ALTER DATABASE \(url.database) OWNER TO \(role)"))
            }
            let base = "postgresql://\(role)@\(url.host):\(url.port)/\(url.database)?sslmode=disable"
            let inline = "postgresql://\(role):\(Self.canary)@\(url.host):\(url.port)/\(url.database)?sslmode=disable"
            let folder = TemporaryFolder("pg-password")
            let passwordFile = folder.file("outbox.password")
            try Self.canary.write(toFile: passwordFile, atomically: true, encoding: .utf8)
            try FileManager.default.setAttributes([.posixPermissions: 0o600], ofItemAtPath: passwordFile)
            let config = folder.file("config.yaml")
            try "outbox:\n  password_file: \(passwordFile)\n".write(toFile: config, atomically: true, encoding: .utf8)
            var outputs: [String] = []

            func enqueue(_ text: String, outbox: String, _ extra: [String: String] = [:]) async throws -> Int32 {
                var environment = WorkerTestSupport.environment(folder)
                for (key, value) in extra { environment[key] = value }
                let process = try WorkerProcess(
                    ["--to", "file", "--text", text, "--enqueue", "--outbox", outbox],
                    environment: environment,
                    folder: folder
                )
                let (status, stdout, stderr) = await process.wait(timeout: .seconds(120))
                outputs.append(stdout + stderr)
                return status
            }

            #expect(try await enqueue("inline", outbox: inline) == 0, "\(outputs.last ?? "")")
            #expect(try await enqueue("variable", outbox: base, ["SHAREVIA_OUTBOX_PASSWORD": Self.canary]) == 0)
            #expect(
                try await enqueue("config file", outbox: base, ["SHAREVIA_CONFIG": config]) == 0,
                "\(outputs.last ?? "")"
            )
            #expect(try await enqueue("PGPASSWORD", outbox: base, ["PGPASSWORD": Self.canary]) == 0)
            try await SecretServiceSession.with { session in
                var environment = WorkerTestSupport.environment(folder)
                for (key, value) in session.environment { environment[key] = value }
                let store = try WorkerProcess(
                    ["outbox", "password", "--outbox", base],
                    environment: environment,
                    folder: folder,
                    input: Array((Self.canary + "\n").utf8)
                )
                let stored = await store.wait(timeout: .seconds(120))
                outputs.append(stored.stdout + stored.stderr)
                #expect(stored.status == 0, "\(stored.stderr)")
                #expect(try await enqueue("keyring", outbox: base, session.environment) == 0, "\(outputs.last ?? "")")
            }
            // Without a password: where to give one.
            #expect(try await enqueue("none", outbox: base) == 1)
            #expect(outputs.last?.contains("asks for a password and none was given") == true, "\(outputs.last ?? "")")
            // A wrong one: the server refuses, in its own words, and neither password shows.
            #expect(try await enqueue("wrong", outbox: base, ["SHAREVIA_OUTBOX_PASSWORD": "wrong-\(Self.canary)"]) == 1)
            #expect(outputs.last?.contains("password authentication failed for user") == true, "\(outputs.last ?? "")")

            let items = try await WorkerTestSupport.items(url)
            #expect(items.count == 5, "inline, variable, config file, PGPASSWORD, keyring: \(items.count)")
            for output in outputs {
                #expect(
                    !output.contains(Self.canary),
                    "the password shows: \(output.replacingOccurrences(of: Self.canary, with: "<CANARY>"))"
                )
            }
        }
    }

    @Test func anOutboxThatIsNeitherAFileNorPostgreSQLIsRefusedWithWhatToGive() async throws {
        let folder = TemporaryFolder("pg-bad-url")
        let environment = WorkerTestSupport.environment(folder)
        let cases: [([String], String)] = [
            (
                ["--to", "file", "--text", "x", "--enqueue", "--outbox", "mysql://db/x"],
                "give postgresql://USER@HOST[:PORT]/DATABASE"
            ),
            (["--to", "file", "--text", "x", "--outbox", "postgresql://a@b/c"], "add --enqueue"),
            (["outbox", "--outbox", "postgresql://a@/c"], "outbox URL: host"),
            (["--to", "file", "--text", "x", "--enqueue", "--dry-run"], "can't be used with --dry-run"),
        ]
        for (arguments, words) in cases {
            let process = try WorkerProcess(arguments, environment: environment, folder: folder)
            let (status, _, stderr) = await process.wait(timeout: .seconds(60))
            #expect(status == 64, "\(arguments): \(stderr)")
            #expect(stderr.contains(words), "\(arguments): \(stderr)")
        }
    }
}
