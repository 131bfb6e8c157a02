import Foundation
import ShareCore
import ShareHistory
import TestSupport
import Testing

/// Issue 26's kill -9 matrix, through the built binary and a loopback server scripted as
/// Mastodon (which honours `Idempotency-Key` for an hour, as Mastodon does): the process is
/// killed with SIGKILL after the item is queued, after it is marked `sending`, after the request
/// went out, and just before it is marked delivered. The runs after it end with exactly one post
/// on the server and the item delivered with its receipt; never lost, never delivered without a
/// receipt, never posted twice.
///
/// Each case appends a row to `$SHAREVIA_RELIABILITY_LOG` when it is set, as the fault matrix does.
@Suite struct OutboxKillProofTests {
    /// The share's own try gets 503 (so the share is queued); every later status is posted.
    static let routes = MastodonPostEndToEndTests.routes(statuses: [
        .status(503, json: #"{"error":"Service Unavailable"}"#), MastodonPostEndToEndTests.statusAnswer,
    ])

    @Test(arguments: OutboxKill.steps)
    func aKillAtEachStepEndsInExactlyOnePost(step: String) async throws {
        try await HTTPTestServer.with(.init(routes: Self.routes, idempotentRoutes: ["/api/v1/statuses"])) { server in
            let folder = TemporaryFolder("outbox-kill-\(step)")
            let environment = try Self.environment(folder, ["SHAREVIA_MASTODON_TOKEN": "kill-matrix-token"])
            let share = [
                "--to", "mastodon", "--text", "Killed at \(step)", "--mastodon-instance", server.origin, "--retries",
                "0", "--fallback", "file", "--out", folder.file("out"),
            ]
            let started = ContinuousClock.now
            if step == "after-queue" {
                let killed = try await OutboxKill.run(share, environment: environment, killedAt: step)
                try #require(killed.pausedThere, "the share never reached \(step): \(killed.log)")
            } else {
                let queued = try await ShareviaProcess.run(share, environment: environment)
                #expect(queued.status == 3, "\(queued.stdout)\n\(queued.stderr)")
                let id = try OutboxProof.onlyItem(folder).id
                let killed = try await OutboxKill.run(
                    ["outbox", "retry", "\(id)"],
                    environment: environment,
                    killedAt: step
                )
                try #require(killed.pausedThere, "the run never reached \(step): \(killed.log)")
            }

            // Right after the kill: queued, sending (its lease held by the dead run) or unknown; never
            // delivered, since the dead process recorded no receipt.
            let afterKill = try OutboxProof.onlyItem(folder)
            #expect([.queued, .sending, .unknown].contains(afterKill.state), "\(afterKill)")
            #expect(afterKill.receipt == nil, "\(afterKill)")

            // The next runs (which find the dead run's item unknown) end it: delivered, with its receipt.
            let item = try await Self.runUntilSettled(folder, environment: environment)
            #expect(item.state == .delivered, "\(item)")
            let receipt = try #require(item.receipt, "delivered with its receipt: \(item)")
            #expect(receipt.ids["url"] == "https://mastodon.example/@alice/2001", "\(receipt)")

            let posts = Self.posts(server)
            #expect(posts.created == 1, "exactly one post on the server: \(posts)")
            #expect(posts.keys.count == 1, "every request of the share carries one Idempotency-Key: \(posts)")
            let replayedExpected = step == "after-request" || step == "before-delivered"
            #expect(posts.replayed == (replayedExpected ? 1 : 0), "\(posts)")
            OutboxFaultLog.record(
                "outbox: killed \(step)",
                seconds: (ContinuousClock.now - started).seconds,
                outcome: "\(item.state.rawValue); \(posts.created) post(s)",
                lost: item.state != .delivered
            )
        }
    }

    /// Email can't tell a duplicate, so an email whose request went out and whose run was killed
    /// before it recorded the answer stays `unknown` until a person decides: `outbox run` never
    /// resends it; `outbox retry ID --resend` does, and the copy has the same Message-ID.
    @Test(.enabled(if: GreylistingPostfix.isConfigured, "start Postfix with scripts/postfix-test.sh"))
    func anEmailKilledAfterItsRequestIsUnknownUntilAPersonDecides() async throws {
        let greylisting = try GreylistingPostfix.current()
        let folder = TemporaryFolder("outbox-kill-email")
        let environment = try Self.environment(folder)
        let token = UUID().uuidString.replacing("-", with: "").lowercased()
        // Greylisted first (450), so the share is queued for email.
        let share = try await ShareviaProcess.run(
            [
                "--to", "email", "--text", "Killed email \(token)", "--email-to", "bob@sharevia.test",
                "--email-from", "kill-\(token)@example.org", "--smtp", greylisting.url, "--retries", "0",
                "--fallback", "file", "--out", folder.file("out"),
            ],
            environment: environment
        )
        #expect(share.status == 3, "\(share.stdout)\n\(share.stderr)")
        let id = try OutboxProof.onlyItem(folder).id
        // After postgrey's delay the server takes it; the run is killed before it records the 250.
        try await Task.sleep(for: greylisting.delay + .seconds(1))
        let killed = try await OutboxKill.run(
            ["outbox", "retry", "\(id)"],
            environment: environment,
            killedAt: "after-request"
        )
        try #require(killed.pausedThere, "the run never reached after-request: \(killed.log)")
        let first = try #require(
            await greylisting.server.delivered(to: "bob", containing: token, timeout: .seconds(60))
        )
        #expect(try OutboxProof.onlyItem(folder).receipt == nil)

        // Runs don't resend it: it ends unknown, waiting for a person.
        let item = try await Self.runUntilSettled(folder, environment: environment, settledAt: [.unknown])
        #expect(item.state == .unknown && item.receipt == nil, "\(item)")
        #expect(item.lastError?.contains("resend") == true, "the item says what a person can do: \(item)")
        try await OutboxProof.run(["--all"], command: "retry", environment: environment)
        #expect(try OutboxProof.onlyItem(folder).state == .unknown)
        let listed = try await ShareviaProcess.run(["outbox", "--json"], environment: environment)
        #expect(listed.stdout.contains("unknown"), "\(listed.stdout)")
        #expect(Self.copies(of: token, in: greylisting.server, user: "bob").count == 1)

        // A person's word sends it again: the same message, the same Message-ID.
        try await OutboxProof.run(["\(id)", "--resend"], command: "retry", environment: environment)
        let resent = try OutboxProof.onlyItem(folder)
        #expect(resent.state == .delivered && resent.receipt != nil, "\(resent)")
        let copies = Self.copies(of: token, in: greylisting.server, user: "bob")
        let deadline = ContinuousClock.now + .seconds(60)
        var all = copies
        while all.count < 2 && ContinuousClock.now < deadline {
            try await Task.sleep(for: .milliseconds(200))
            all = Self.copies(of: token, in: greylisting.server, user: "bob")
        }
        #expect(all.count == 2, "the resend arrived: \(all)")
        let reports = try await MailCheck.reports(all)
        #expect(reports.allSatisfy { $0.messageID != nil && $0.messageID == reports.first?.messageID })
        #expect(all.contains(first))
    }

    /// The messages in `user`'s Maildir that contain `token`.
    static func copies(of token: String, in server: PostfixTestServer, user: String) -> [String] {
        let folder = "\(server.mailFolder)/\(user)/new"
        return ((try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []).map { "\(folder)/\($0)" }
            .filter { path in
                FileManager.default.contents(atPath: path).map { String(decoding: $0, as: UTF8.self).contains(token) }
                    ?? false
            }
    }

    /// What reached `/api/v1/statuses`: posts created (requests answered 200 that were not a
    /// repeat of a key the server had answered), repeats, and the keys used.
    struct Posts: CustomStringConvertible {
        var created: Int
        var replayed: Int
        var keys: Set<String>
        var description: String { "created \(created), replayed \(replayed), keys \(keys.sorted())" }
    }

    /// The first status request gets 503 (the share's own try); every other new one creates a post.
    static func posts(_ server: HTTPTestServer) -> Posts {
        let statuses = server.received.filter { $0.path == "/api/v1/statuses" }
        let fresh = statuses.filter { !$0.replayed }
        return Posts(
            created: max(0, fresh.count - 1),
            replayed: statuses.count - fresh.count,
            keys: Set(statuses.compactMap { $0.header("Idempotency-Key") })
        )
    }

    /// Runs `sharevia outbox run` (which finds a dead run's item `unknown`)
    /// and then `outbox retry --all` (which sends a `queued` item before its next try) until the
    /// item is in one of `settled`; every 2 s, for at most 5 minutes (a hang guard: a lease whose
    /// process is gone is released at once, and any lease after 2 × `share.timeout` + 60 s).
    static func runUntilSettled(
        _ folder: TemporaryFolder,
        environment: [String: String],
        settledAt settled: Set<OutboxState> = [.delivered, .handedOff, .failed]
    ) async throws -> OutboxItem {
        let deadline = ContinuousClock.now + .seconds(300)
        var item = try OutboxProof.onlyItem(folder)
        while ContinuousClock.now < deadline {
            try await OutboxProof.run(environment: environment, exitCodes: [0, 4, 5])
            item = try OutboxProof.onlyItem(folder)
            // Settled, or waiting for a person's word: no run changes it.
            if settled.contains(item.state) || item.lastErrorCode == "needs-decision" { return item }
            if item.state != .sending {
                try await OutboxProof.run(["--all"], command: "retry", environment: environment, exitCodes: [0, 4, 5])
                item = try OutboxProof.onlyItem(folder)
                if settled.contains(item.state) { return item }
            }
            try await Task.sleep(for: .seconds(2))
        }
        return item
    }

    /// The environment of a kill case: its own state folder, and a config file whose
    /// `share.timeout` of 3 s makes a run's lease 66 s, the least the command gives (the bound
    /// should a dead run's lease not be seen as dead).
    static func environment(_ folder: TemporaryFolder, _ extra: [String: String] = [:]) throws -> [String: String] {
        let config = try folder.write(Data("share:\n  timeout: 3\n".utf8), named: "config.yaml")
        return OutboxProof.environment(folder, extra.merging(["SHAREVIA_CONFIG": config]) { $1 })
    }
}

/// The fault matrix's rows (`scripts/reliability`), for the outbox's cases.
enum OutboxFaultLog {
    static func record(_ scenario: String, seconds: Double, outcome: String, lost: Bool) {
        FaultLog.record(scenario, seconds: seconds, outcome: outcome, lost: lost, partial: 0)
    }
}
