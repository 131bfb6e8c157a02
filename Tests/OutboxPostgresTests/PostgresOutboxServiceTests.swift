import Foundation
import OutboxPostgres
import PostgresNIO
import ShareCore
import ShareHistory
import TestSupport
import Testing

/// Issue 27: a service queues shares through the public ``PostgresOutbox``, inside its own transaction (the
/// transactional outbox), and a `sharevia outbox run` worker sends them. Adapters.md quotes `completeChallenge`.
@Suite struct PostgresOutboxServiceTests {
    /// A service's handler: records the completed challenge and queues its card in one transaction, so the card is
    /// shared if and only if the challenge is recorded.
    static func completeChallenge(
        user: String,
        days: Int,
        outbox: PostgresOutbox,
        logger: Logger
    ) async throws -> QueuedShare {
        try await outbox.client.withTransaction(logger: logger) { connection in
            try await connection.query(
                "INSERT INTO streaks (user_name, days) VALUES (\(user), \(days))",
                logger: logger
            )
            let card = ShareContent(title: "\(days)-day streak", text: "\(user) kept it up for \(days) days")
            return try await outbox.enqueue(card, chain: ["mastodon", "file"], on: connection)
        }
    }

    @Test func aRolledBackTransactionQueuesNothingAndACommittedOneIsSentByAWorker() async throws {
        try await HTTPTestServer.with(
            WorkerTestSupport.mastodon(statuses: [.status(422, json: #"{"error":"Validation failed: Text too long"}"#)])
        ) { server in
            try await PostgresTestDatabase.with { url in
                let logger = PostgresTestDatabase.logger
                try await PostgresOutbox.withOutbox(url: url.description) { outbox in
                    try await outbox.client.query(
                        "CREATE TABLE streaks (user_name text UNIQUE, days integer)",
                        logger: logger
                    )
                    let first = try await Self.completeChallenge(user: "ana", days: 7, outbox: outbox, logger: logger)
                    #expect(first.destination == "mastodon" && first.fallbacks == ["file"] && first.state == "queued")
                    // The same user again breaks the UNIQUE rule: the transaction rolls back, and its share with it.
                    await #expect(throws: (any Error).self) {
                        _ = try await Self.completeChallenge(user: "ana", days: 8, outbox: outbox, logger: logger)
                    }
                    // Queueing the same share again returns the item already there.
                    let again = try await outbox.enqueue(
                        ShareContent(text: "ana kept it up for 7 days"),
                        chain: ["mastodon", "file"],
                        options: ShareOptions(id: first.shareID)
                    )
                    #expect(again.itemID == first.itemID)
                }
                let queued = try await WorkerTestSupport.items(url)
                #expect(queued.count == 1, "only the committed challenge's share is queued: \(queued)")

                // A worker sends it: Mastodon refuses for good (422, its words quoted), so the share goes on to the
                // next destination of its chain, the file, in the same run.
                let folder = TemporaryFolder("pg-service")
                var environment = WorkerTestSupport.environment(folder)
                environment["SHAREVIA_MASTODON_INSTANCE"] = server.origin
                let worker = try WorkerProcess(
                    ["outbox", "run", "--outbox", url.description],
                    environment: environment,
                    folder: folder
                )
                let (status, _, stderr) = await worker.wait(timeout: .seconds(120))
                #expect(status == 4, "an item failed, so the run says so: \(stderr)")
                #expect(stderr.contains("Validation failed: Text too long"), "\(stderr)")
                let items = try await WorkerTestSupport.items(url)
                #expect(items.map(\.state).sorted { $0.rawValue < $1.rawValue } == [.delivered, .failed], "\(items)")
                let delivered = try #require(items.first { $0.state == .delivered })
                #expect(delivered.destination == "file" && delivered.shareID == queued[0].shareID)
                let text = try #require(delivered.receipt?.locations.first { $0.hasSuffix(".txt") })
                #expect(try String(contentsOfFile: text, encoding: .utf8).contains("ana kept it up for 7 days"))
            }
        }
    }

    @Test func theSQLiteOutboxTakesTheSameCallAndKeepsTheChain() async throws {
        let folder = TemporaryFolder("sqlite-outbox")
        let outbox: any ShareOutbox = SQLiteOutbox(path: folder.file("outbox.sqlite"))
        let queued = try await outbox.enqueue(ShareContent(text: "hello"), chain: ["email", "mastodon", "file"])
        #expect(queued.destination == "email" && queued.fallbacks == ["mastodon", "file"] && queued.state == "queued")
        let items = try OutboxStore(path: folder.file("outbox.sqlite")).items()
        #expect(items.map(\.id) == [queued.itemID])
        await #expect(throws: OutboxError.self) { _ = try await outbox.enqueue(ShareContent(text: "x"), chain: []) }
        await #expect(throws: OutboxError.self) {
            _ = try await outbox.enqueue(ShareContent(text: "x"), chain: ["Not An Id"])
        }
    }
}
