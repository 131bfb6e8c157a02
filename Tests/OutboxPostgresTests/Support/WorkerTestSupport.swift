import Foundation
import OutboxPostgres
import ShareCore
import ShareHistory
import TestSupport
import Testing

/// What the worker tests share: queueing many shares fast, reading the outbox back, the worker's environment, and a
/// loopback server scripted as Mastodon.
enum WorkerTestSupport {
    /// A Mastodon status answer, as the server gives it.
    static let statusAnswer = HTTPTestServer.Answer.status(
        200,
        json:
            #"{"id":"2001","url":"https://mastodon.example/@alice/2001","uri":"https://mastodon.example/users/alice/statuses/2001"}"#
    )

    /// A loopback Mastodon: the instance's description, media, and `statuses` for posts (honouring
    /// Idempotency-Key as Mastodon does).
    static func mastodon(statuses: [HTTPTestServer.Answer] = [statusAnswer]) -> HTTPTestServer.Options {
        HTTPTestServer.Options(
            routes: [
                "/api/v2/instance": [
                    .status(200, json: #"{"version":"4.3.2","configuration":{"statuses":{"max_characters":500}}}"#)
                ],
                "/api/v1/statuses": statuses,
            ],
            idempotentRoutes: ["/api/v1/statuses"]
        )
    }

    /// A worker's environment: a home and state folder of its own, a Mastodon token.
    static func environment(_ folder: TemporaryFolder) -> [String: String] {
        [
            "HOME": folder.path, "XDG_STATE_HOME": folder.file("state"), "XDG_CACHE_HOME": folder.file("cache"),
            "SHAREVIA_MASTODON_TOKEN": "worker-test-token", "SHAREVIA_NO_HISTORY": "1",
        ]
    }

    /// The text of the share numbered `index` of a test.
    static func text(_ label: String, _ index: Int) -> String { "\(label) share \(index)" }

    /// Queues `count` text shares (due now) for `destination` through the library, 16 at a time; the file
    /// destination writes into `out`, Mastodon posts to `instance`.
    static func seed(
        _ url: OutboxDatabaseURL,
        count: Int,
        label: String,
        destination: DestinationID,
        out: String? = nil,
        instance: String? = nil
    ) async throws {
        var flags: [String: [String]] = [:]
        if let out { flags["out"] = [out] }
        if let instance { flags["mastodon-instance"] = [instance] }
        let requests = (0..<count).map { index in
            OutboxRequest(
                content: ShareContent(text: text(label, index)),
                options: ShareOptions(id: .new()),
                flags: flags
            )
        }
        try await PostgresOutboxStore.withStore(url: url) { store in
            try await withThrowingTaskGroup(of: Void.self) { group in
                for (index, request) in requests.enumerated() {
                    if index >= 16 { try await group.next() }
                    group.addTask { _ = try await store.enqueue(request, for: destination) }
                }
                try await group.waitForAll()
            }
        }
    }

    /// Every item of the outbox at `url`.
    static func items(_ url: OutboxDatabaseURL) async throws -> [OutboxItem] {
        try await PostgresOutboxStore.withStore(url: url) { store in try await store.items() }
    }

    /// The text of every `.txt` file in `folder`.
    static func texts(in folder: String) throws -> [String] {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []
        return try names.filter { $0.hasSuffix(".txt") }.map { name in
            try String(contentsOfFile: "\(folder)/\(name)", encoding: .utf8).trimmingCharacters(in: .newlines)
        }
    }

    /// How many times each Idempotency-Key was posted to `statuses` as a new post (not a replay).
    static func newPostsPerKey(_ server: HTTPTestServer) -> [String: Int] {
        var perKey: [String: Int] = [:]
        for request in server.received where request.path == "/api/v1/statuses" && !request.replayed {
            perKey[request.header("Idempotency-Key") ?? "none", default: 0] += 1
        }
        return perKey
    }

    /// Polls the outbox until `done` holds for its items (or `timeout`), returning them.
    static func waitUntil(
        _ url: OutboxDatabaseURL,
        timeout: Duration = .seconds(300),
        _ done: ([OutboxItem]) -> Bool
    ) async throws -> [OutboxItem] {
        let deadline = ContinuousClock.now + timeout
        while true {
            let items = (try? await items(url)) ?? []
            if done(items) || ContinuousClock.now > deadline { return items }
            try await Task.sleep(for: .milliseconds(300))
        }
    }
}
