import Foundation
import ShareCore
import TestSupport
import Testing

#if canImport(Glibc)
import Glibc
#endif

/// The outbox through the built binary, with a loopback server scripted as Mastodon: a share
/// the server rate-limits falls back to a file and is queued; `sharevia outbox` lists it with its
/// next try at the reset; `outbox run` sends nothing before the reset and the post once after it,
/// under the same Idempotency-Key. The token (a canary) never appears in any output or file,
/// the outbox database included.
@Suite struct OutboxEndToEndTests {
    static let statusAnswer = MastodonPostEndToEndTests.statusAnswer

    /// A 429 whose limit resets at `reset`, as Mastodon writes it.
    static func rateLimited(until reset: Date) -> HTTPTestServer.Answer {
        let formatter = ISO8601DateFormatter()
        formatter.formatOptions = [.withInternetDateTime, .withFractionalSeconds]
        return .status(
            429,
            json: #"{"error":"Too many requests"}"#,
            headers: ["X-RateLimit-Reset": formatter.string(from: reset)]
        )
    }

    /// The routes of a Mastodon server whose statuses answer `statuses` in turn.
    static func routes(statuses: [HTTPTestServer.Answer]) -> [String: [HTTPTestServer.Answer]] {
        MastodonPostEndToEndTests.routes(statuses: statuses)
    }

    /// A share to the server's Mastodon, falling back to a file, with `extra` arguments.
    static func share(
        _ server: HTTPTestServer,
        _ folder: TemporaryFolder,
        token: String,
        extra: [String] = []
    ) async throws -> ShareviaProcess.Run {
        try await ShareviaProcess.run(
            [
                "--to", "mastodon", PackageRoot.exampleCard, "--text", "Night Owl", "--mastodon-instance",
                server.origin, "--fallback", "file", "--out", folder.file("out"), "--timeout", "5",
            ] + extra,
            environment: MastodonPostEndToEndTests.environment(folder, token: token)
        )
    }

    /// `sharevia outbox ARGUMENTS` in the same environment.
    static func outbox(
        _ arguments: [String],
        _ folder: TemporaryFolder,
        token: String?
    ) async throws -> ShareviaProcess.Run {
        try await ShareviaProcess.run(
            ["outbox"] + arguments,
            environment: MastodonPostEndToEndTests.environment(folder, token: token)
        )
    }

    static func json(_ run: ShareviaProcess.Run) throws -> [String: Any] {
        try #require(try JSONSerialization.jsonObject(with: Data(run.stdoutBytes)) as? [String: Any], "\(run.stdout)")
    }

    static func items(_ folder: TemporaryFolder, token: String?) async throws -> [[String: Any]] {
        let list = try await outbox(["--json"], folder, token: token)
        #expect(list.status == 0, "\(list.stderr)")
        return try #require(json(list)["items"] as? [[String: Any]], "\(list.stdout)")
    }

    static func statuses(_ server: HTTPTestServer) -> [HTTPTestServer.Received] {
        server.received.filter { $0.path == "/api/v1/statuses" }
    }

    static func utc(_ text: Any?) throws -> Date {
        try #require(
            (text as? String).flatMap { ISO8601DateFormatter().date(from: $0) },
            "not a UTC time: \(text ?? "nil")"
        )
    }

    @Test func aRateLimitedPostIsQueuedAndSentOnceAfterTheReset() async throws {
        // The outbox's first retry is a minute after the share at the earliest; the reset is a
        // little later, so it decides the next try. The share's own wait (--timeout 5) is shorter,
        // so the share moves on to the file at once.
        let reset = Date().addingTimeInterval(65).rounded()
        let routes = Self.routes(statuses: [Self.rateLimited(until: reset), Self.statusAnswer])
        try await HTTPTestServer.with(.init(routes: routes)) { server in
            let folder = TemporaryFolder("cli-outbox-429")
            let token = MastodonPostEndToEndTests.canary()
            let share = try await Self.share(server, folder, token: token, extra: ["--json"])
            #expect(share.status == 3, "the file export has the share now: \(share.stderr)")
            let report = try Self.json(share)
            #expect(report["deliveredBy"] as? String == "file")
            let queued = try #require(report["queued"] as? [[String: Any]], "\(share.stdout)")
            #expect(queued.count == 1 && queued.first?["destination"] as? String == "mastodon", "\(queued)")
            let id = try #require(queued.first?["id"] as? Int)
            let nextTry = try Self.utc(queued.first?["nextTry"])
            #expect(nextTry >= reset, "never before the reset: \(queued)")

            var items = try await Self.items(folder, token: nil)
            #expect(items.count == 1)
            #expect(items.first?["id"] as? Int == id && items.first?["state"] as? String == "queued")
            #expect(try Self.utc(items.first?["nextTry"]) >= reset)
            #expect((items.first?["lastError"] as? String)?.contains("429") == true, "\(items)")
            let list = try await Self.outbox([], folder, token: nil)
            #expect(list.status == 0, "\(list.stderr)")
            #expect(list.stdout.contains("mastodon") && list.stdout.contains("queued"), "\(list.stdout)")
            #expect(list.stdout.contains("(in "), "the next try from now: \(list.stdout)")
            #expect(
                list.stdout.contains("\"\(server.origin) is rate-limiting these requests (429)"),
                "the server's words, quoted: \(list.stdout)"
            )

            let early = Date()
            let before = try await Self.outbox(["run"], folder, token: token)
            #expect(early < reset, "the machine took too long to get here to test the wait")
            #expect(before.status == 0, "nothing due is not a failure: \(before.stderr)")
            #expect(before.stderr.contains("nothing is due"), "\(before.stderr)")
            #expect(Self.statuses(server).count == 1, "nothing is sent before the reset")

            // The reset, or a minute after the share when a loaded machine made it late.
            let wait = max(reset, nextTry).timeIntervalSinceNow + 1
            if wait > 0 { try await Task.sleep(for: .milliseconds(Int(wait * 1000))) }
            let after = try await Self.outbox(["run"], folder, token: token)
            #expect(after.status == 0, "\(after.stderr)")
            #expect(after.stderr.contains("delivered"), "\(after.stderr)")
            let again = try await Self.outbox(["run"], folder, token: token)
            #expect(again.status == 0 && again.stderr.contains("nothing is due"), "\(again.stderr)")

            let posted = Self.statuses(server)
            #expect(posted.count == 2, "one refused, one posted: \(posted.count)")
            let keys = posted.compactMap { $0.header("Idempotency-Key") }
            #expect(keys.count == 2 && keys[0] == keys[1], "the same share, the same key: \(keys)")
            #expect(posted.last?.header("Authorization") == "Bearer \(token)", "the token is read again at send time")
            items = try await Self.items(folder, token: nil)
            #expect(items.first?["state"] as? String == "delivered", "\(items)")
            let receipt = items.first?["receipt"] as? [String: Any]
            #expect((receipt?["ids"] as? [String: String])?["url"] == "https://mastodon.example/@alice/2001")
            MastodonPostEndToEndTests.expectNoCanary(token, in: [share, before, after, again, list], folder: folder)
        }
    }
}

extension OutboxEndToEndTests {
    @Test func watchSendsAnItemWhenItIsDueAndStopsCleanlyOnSIGTERM() async throws {
        let reset = Date().addingTimeInterval(62).rounded()
        let routes = Self.routes(statuses: [Self.rateLimited(until: reset), Self.statusAnswer])
        try await HTTPTestServer.with(.init(routes: routes)) { server in
            let folder = TemporaryFolder("cli-outbox-watch")
            let token = MastodonPostEndToEndTests.canary()
            let environment = MastodonPostEndToEndTests.environment(folder, token: token)
            let watch = try BackgroundSharevia(
                ["outbox", "run", "--watch"],
                environment: environment,
                folder: folder,
                label: "watch"
            )
            // Queued while the watch sleeps on an empty outbox.
            let share = try await Self.share(server, folder, token: token)
            #expect(share.stderr.contains("queued for mastodon"), "\(share.stderr)")
            #expect(
                try await BackgroundSharevia.until(.seconds(180)) { Self.statuses(server).count == 2 },
                "the watch sent the item once it was due: \(watch.stderr)"
            )
            #expect(Date() >= reset, "not before the reset")
            #expect(try await BackgroundSharevia.until { watch.stderr.contains("delivered") }, "\(watch.stderr)")
            let status = try await watch.stop(with: SIGTERM)
            #expect(status == 0, "a clean stop: \(watch.stderr)")
            #expect(watch.stderr.contains("stopped by SIGTERM"), "\(watch.stderr)")
            #expect(Self.statuses(server).count == 2, "sent once")
            #expect(try await Self.items(folder, token: nil).first?["state"] as? String == "delivered")
            MastodonPostEndToEndTests.expectNoCanary(token, in: [share], folder: folder)
            #expect(!watch.stderr.contains(token))
        }
    }
}

extension Date {
    /// This time to the whole second, later: what a rate limit's reset names.
    fileprivate func rounded() -> Date { Date(timeIntervalSince1970: timeIntervalSince1970.rounded(.up)) }
}
