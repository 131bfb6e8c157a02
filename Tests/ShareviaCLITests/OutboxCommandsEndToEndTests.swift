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

    @Test func aCardShareIsQueuedWithTheCardItDrewForTheDestination() async throws {
        try await HTTPTestServer.with(.init(routes: Self.routes)) { server in
            let folder = TemporaryFolder("cli-outbox-card")
            let token = MastodonPostEndToEndTests.canary()
            let environment = MastodonPostEndToEndTests.environment(folder, token: token)
            let share = try await ShareviaProcess.run(
                [
                    "--to", "mastodon", "--card", "\(PackageRoot.path)/examples/cards/streak.json",
                    "--mastodon-instance", server.origin, "--fallback", "file", "--out", folder.file("out"),
                    "--timeout", "5",
                ],
                environment: environment
            )
            #expect(share.stderr.contains("queued for mastodon"), "\(share.stderr)")
            let id = try #require(try await Outbox.items(folder, token: nil).first?["id"] as? Int)
            let retry = try await Outbox.outbox(["retry", String(id)], folder, token: token)
            #expect(retry.status == 0, "\(retry.stderr)")
            let uploads = server.received.filter { $0.path == "/api/v2/media" }
            let files = uploads.compactMap { $0.parts.first { $0["name"] == "file" } }
            #expect(files.count == 2, "the card went with the share's try and the outbox's: \(uploads.count)")
            #expect(files.allSatisfy { $0["content_type"] == "image/png" }, "\(files)")
            #expect(files.count == 2 && files[0]["sha256"] == files[1]["sha256"], "the same card: \(files)")
            #expect(Outbox.statuses(server).count == 2)
        }
    }

    @Test func aDatabaseThatCantBeWrittenIsReportedAndTheExitCodeStays() async throws {
        let limited = Outbox.routes(statuses: [Outbox.rateLimited(until: Date().addingTimeInterval(600))])
        try await HTTPTestServer.with(.init(routes: limited)) { server in
            let folder = TemporaryFolder("cli-outbox-unwritable")
            let token = MastodonPostEndToEndTests.canary()
            // The state folder is a file: no database can be made in it.
            let state = try folder.write(Array("not a folder".utf8), named: "state")
            var environment = MastodonPostEndToEndTests.environment(folder, token: token)
            environment["XDG_STATE_HOME"] = state
            let arguments = [
                "--to", "mastodon", "--text", "Night Owl", "--mastodon-instance", server.origin, "--fallback", "file",
                "--out", folder.file("out"), "--timeout", "5",
            ]
            let text = try await ShareviaProcess.run(arguments, environment: environment)
            #expect(text.status == 3, "the share's own outcome: \(text.stderr)")
            #expect(
                text.stderr.contains(
                    "not queued for mastodon: the outbox \(state)/sharevia/sharevia.sqlite can't be written"
                ),
                "\(text.stderr)"
            )
            let json = try await ShareviaProcess.run(arguments + ["--json"], environment: environment)
            #expect(json.status == 3, "\(json.stderr)")
            let report = try Outbox.json(json)
            #expect((report["queued"] as? [Any])?.isEmpty == true)
            let notQueued = try #require(report["notQueued"] as? [[String: Any]], "\(json.stdout)")
            #expect(notQueued.first?["destination"] as? String == "mastodon")
            #expect((notQueued.first?["reason"] as? String)?.contains("can't be written") == true, "\(notQueued)")
            #expect(!(text.stderr + json.stdout + json.stderr).contains(token))
        }
    }

    @Test(arguments: ["0", "65", "-1"])
    func aConcurrencyOutsideItsRangeIsRefusedSayingWhatIsAccepted(value: String) async throws {
        let folder = TemporaryFolder("cli-outbox-concurrency")
        let environment = MastodonPostEndToEndTests.environment(folder, token: "unused")
        for command in [["outbox", "run"], ["outbox", "retry", "--all"]] {
            let run = try await ShareviaProcess.run(command + ["--concurrency=\(value)"], environment: environment)
            #expect(run.status == 64, "\(command): \(run.stderr)")
            #expect(
                run.stderr.contains("--concurrency must be a whole number from 1 to 64, not \(value)"),
                "\(command): \(run.stderr)"
            )
        }
    }

    @Test func maxAgeSetsWhenAnItemExpires() async throws {
        let limited = Outbox.routes(statuses: [Outbox.rateLimited(until: Date().addingTimeInterval(600))])
        try await HTTPTestServer.with(.init(routes: limited)) { server in
            let folder = TemporaryFolder("cli-outbox-max-age")
            let token = MastodonPostEndToEndTests.canary()
            let config = try folder.write(Array("outbox:\n  max_age: 2\n".utf8), named: "config.yaml")
            let short = try await Outbox.share(server, folder, token: token, extra: ["--config", config])
            #expect(short.stderr.contains("queued for mastodon"), "\(short.stderr)")
            let standard = try await Outbox.share(server, folder, token: token)
            #expect(standard.stderr.contains("queued for mastodon"), "\(standard.stderr)")
            let items = try await Outbox.items(folder, token: nil)  // newest first
            #expect(items.count == 2)
            let ages = try items.map { try Outbox.utc($0["expires"]).timeIntervalSince(try Outbox.utc($0["created"])) }
            // Whole seconds in --json: each within a second of 72 h and 2 h.
            #expect(ages.count == 2 && abs(ages[0] - 72 * 3600) <= 1 && abs(ages[1] - 2 * 3600) <= 1, "\(ages)")
        }
    }
}
