import Foundation
import ShareCore
import TestSupport
import Testing

/// `sharevia outbox retry`, `drop`, `--no-queue` and `outbox.enabled: false` through the built
/// binary, against a loopback Mastodon that rate-limits for ten minutes; and an email whose
/// outcome is unknown, which only `retry --resend` sends again.
@Suite struct OutboxCommandsEndToEndTests {
    typealias Outbox = OutboxEndToEndTests

    /// A 429 whose reset is far off, then a post.
    static var routes: [String: [HTTPTestServer.Answer]] {
        Outbox.routes(statuses: [Outbox.rateLimited(until: Date().addingTimeInterval(600)), Outbox.statusAnswer])
    }

    @Test func retrySendsAnItemBeforeItsNextTryAndDropRemovesOne() async throws {
        try await HTTPTestServer.with(.init(routes: Self.routes)) { server in
            let folder = TemporaryFolder("cli-outbox-retry")
            let token = MastodonPostEndToEndTests.canary()
            let share = try await Outbox.share(server, folder, token: token)
            #expect(share.status == 3, "\(share.stderr)")
            #expect(share.stderr.contains("queued for mastodon, next try in 10 min"), "\(share.stderr)")
            let id = try #require(try await Outbox.items(folder, token: nil).first?["id"] as? Int)

            let due = try await Outbox.outbox(["run"], folder, token: token)
            #expect(due.status == 0 && due.stderr.contains("nothing is due"), "\(due.stderr)")
            let retry = try await Outbox.outbox(["retry", String(id)], folder, token: token)
            #expect(retry.status == 0, "\(retry.stderr)")
            #expect(retry.stderr.contains("item \(id), mastodon: delivered"), "\(retry.stderr)")
            #expect(Outbox.statuses(server).count == 2)
            let delivered = try await Outbox.outbox(["retry", String(id)], folder, token: token)
            #expect(delivered.status == 64, "\(delivered.stderr)")
            #expect(delivered.stderr.contains("was delivered already"), "\(delivered.stderr)")
            #expect(Outbox.statuses(server).count == 2, "a delivered item is never sent again")

            let drop = try await Outbox.outbox(["drop", String(id)], folder, token: nil)
            #expect(drop.status == 0 && drop.stdout.contains("Dropped item \(id)"), "\(drop.stdout)\(drop.stderr)")
            #expect(try await Outbox.items(folder, token: nil).isEmpty)
            let list = try await Outbox.outbox([], folder, token: nil)
            #expect(list.stdout == "The outbox is empty.\n", "\(list.stdout)")
            let again = try await Outbox.outbox(["drop", String(id)], folder, token: nil)
            #expect(again.status == 64, "\(again.stderr)")
            #expect(again.stderr.contains("the outbox has no item \(id)"), "\(again.stderr)")
            let neither = try await Outbox.outbox(["retry"], folder, token: nil)
            #expect(neither.status == 64 && neither.stderr.contains("or --all"), "\(neither.stderr)")
            MastodonPostEndToEndTests.expectNoCanary(token, in: [share, due, retry, drop], folder: folder)
        }
    }

    @Test func noQueueAndOutboxDisabledQueueNothing() async throws {
        let limited = Outbox.routes(statuses: [Outbox.rateLimited(until: Date().addingTimeInterval(600))])
        try await HTTPTestServer.with(.init(routes: limited)) { server in
            let folder = TemporaryFolder("cli-outbox-off")
            let token = MastodonPostEndToEndTests.canary()
            let flag = try await Outbox.share(server, folder, token: token, extra: ["--no-queue", "--json"])
            #expect(flag.status == 3, "\(flag.stderr)")
            #expect((try Outbox.json(flag)["queued"] as? [Any])?.isEmpty == true, "\(flag.stdout)")
            let config = try folder.write(Array("outbox:\n  enabled: false\n".utf8), named: "config.yaml")
            let file = try await Outbox.share(server, folder, token: token, extra: ["--config", config])
            #expect(file.status == 3, "\(file.stderr)")
            #expect(!file.stderr.contains("queued for"), "\(file.stderr)")
            #expect(try await Outbox.items(folder, token: nil).isEmpty)
            // The same share without either is queued: the two above were turned off, not missed.
            let on = try await Outbox.share(server, folder, token: token)
            #expect(on.stderr.contains("queued for mastodon"), "\(on.stderr)")
            #expect(try await Outbox.items(folder, token: nil).count == 1)
        }
    }

    @Test func aBadOutboxSettingIsAConfigErrorNamingTheKey() async throws {
        let folder = TemporaryFolder("cli-outbox-config")
        let config = try folder.write(Array("outbox:\n  enabled: maybe\n  max_age: 0\n".utf8), named: "config.yaml")
        let check = try await ShareviaProcess.run(["config", "check", "--config", config])
        #expect(check.status != 0)
        #expect(check.stderr.contains("outbox.enabled") && check.stderr.contains("true or false"), "\(check.stderr)")
        #expect(check.stderr.contains("outbox.max_age") && check.stderr.contains("1 to 720"), "\(check.stderr)")
    }
}
