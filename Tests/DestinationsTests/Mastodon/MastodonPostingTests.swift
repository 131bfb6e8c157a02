import Foundation
import ShareCore
import TestSupport
import Testing

@testable import Destinations

/// The Mastodon destination posting to a loopback server scripted as Mastodon: what it sends,
/// in which order, what it reports, and every request checked against the OpenAPI description.
@Suite struct MastodonPostingTests {
    typealias Script = MastodonServerScript

    static func router(_ destination: MastodonDestination, attempts: Int = 3) throws -> ShareRouter {
        ShareRouter(
            registry: try DestinationRegistry([destination]),
            retryPolicy: RetryPolicy(maxAttempts: attempts, initialBackoff: .milliseconds(10))
        )
    }

    @Test func aShareUploadsTheCardWithItsAltTextThenPostsTheStatusWithItsKey() async throws {
        try await HTTPTestServer.with(.init(routes: Script.routes())) { server in
            let folder = TemporaryFolder("mastodon-post")
            let destination = Script.destination(server, folder: folder)
            let options = ShareOptions()
            let report = try await Self.router(destination).share(
                Script.content(),
                via: FallbackChain(["mastodon"]),
                options: options
            )
            #expect(report.outcome == .delivered, "\(report)")
            let receipt = try #require(report.receipt)
            #expect(receipt.locations == ["https://mastodon.example/@alice/2001"])
            #expect(receipt.ids["id"] == "2001" && receipt.ids["url"] == "https://mastodon.example/@alice/2001")
            #expect(receipt.ids["uri"] == "https://mastodon.example/users/alice/statuses/2001")
            #expect(receipt.summary.contains("https://mastodon.example/@alice/2001"))

            let received = server.received
            #expect(
                received.map { "\($0.method) \($0.path)" } == [
                    "GET /api/v2/instance", "POST /api/v2/media", "POST /api/v1/statuses",
                ]
            )
            try Script.check(received)
            let media = received[1]
            let parts = Dictionary(uniqueKeysWithValues: media.parts.map { ($0["name"] ?? "", $0) })
            #expect(parts["file"]?["filename"] == "card.png" && parts["file"]?["content_type"] == "image/png")
            #expect(parts["file"]?["size"] == String(Script.png.count))
            #expect(parts["description"]?["value"] == Script.alt)
            #expect(parts["focus"]?["value"] == "0.00,0.00")
            let status = received[2]
            #expect(status.header("Idempotency-Key") == "sharevia-\(options.id)-1")
            let body = try #require(try JSONSerialization.jsonObject(with: Data(status.body)) as? [String: Any])
            #expect(body["media_ids"] as? [String] == ["3001"])
            #expect(body["status"] as? String == "Night Owl unlocked https://example.org/owl #games")
            #expect(body["visibility"] as? String == "unlisted" && body["language"] as? String == "en")
            // The limits were cached for the next share.
            #expect(folder.names(in: "cache/sharevia/mastodon") == ["127.0.0.1_\(server.port).json"])
        }
    }

    @Test func aRetryAfterA500SendsTheSameKeyAndBodyAndReusesTheUploadedCard() async throws {
        let statuses: [HTTPTestServer.Answer] = [
            .status(500, json: #"{"error":"Internal server error"}"#), Script.status("2001", port: 0),
        ]
        try await HTTPTestServer.with(.init(routes: Script.routes(statuses: statuses))) { server in
            let destination = Script.destination(server, folder: TemporaryFolder("mastodon-retry"))
            let report = try await Self.router(destination).share(Script.content(), via: FallbackChain(["mastodon"]))
            #expect(report.outcome == .delivered, "\(report)")
            #expect(report.attempts.map(\.result) == [.transientFailure, .delivered])
            let received = server.received
            try Script.check(received)
            let posts = received.filter { $0.path == "/api/v1/statuses" }
            #expect(posts.count == 2)
            #expect(posts[0].header("Idempotency-Key") == posts[1].header("Idempotency-Key"))
            #expect(posts[0].header("Idempotency-Key")?.hasPrefix("sharevia-") == true)
            #expect(posts[0].body == posts[1].body)
            #expect(received.filter { $0.path == "/api/v2/media" }.count == 1)
        }
    }

    @Test func anUploadAnswered202IsPolledUntilItHasAURL() async throws {
        let routes = Script.routes(
            media: [Script.media("3001", status: 202, ready: false)],
            polls: [.status(206), Script.media("3001")]
        )
        try await HTTPTestServer.with(.init(routes: routes)) { server in
            let destination = Script.destination(server, folder: TemporaryFolder("mastodon-poll"))
            let report = try await Self.router(destination).share(Script.content(), via: FallbackChain(["mastodon"]))
            #expect(report.outcome == .delivered, "\(report)")
            let received = server.received
            try Script.check(received)
            #expect(
                received.map { "\($0.method) \($0.path)" } == [
                    "GET /api/v2/instance", "POST /api/v2/media", "GET /api/v1/media/3001", "GET /api/v1/media/3001",
                    "POST /api/v1/statuses",
                ]
            )
        }
    }

    @Test func aLongTextWithThreadsIsAReplyChainWithTheCardOnTheFirst() async throws {
        let statuses = [Script.status("2001", port: 0), Script.status("2002", port: 0), Script.status("2003", port: 0)]
        try await HTTPTestServer.with(.init(routes: Script.routes(statuses: statuses))) { server in
            let folder = TemporaryFolder("mastodon-thread")
            let destination = Script.destination(server, folder: folder, limit: 120)
            let sentence = "The night owl stayed up to finish every level of the game before dawn."
            let content = Script.content(text: [sentence, sentence, sentence].joined(separator: " "))
            let options = ShareOptions(threadsLongText: true)
            let report = try await Self.router(destination).share(
                content,
                via: FallbackChain(["mastodon"]),
                options: options
            )
            #expect(report.outcome == .delivered, "\(report)")
            #expect(report.notes.contains("split into a thread of 3 posts"))
            let posts = server.received.filter { $0.path == "/api/v1/statuses" }
            try Script.check(server.received)
            #expect(posts.count == 3)
            let bodies = try posts.map {
                try #require(try JSONSerialization.jsonObject(with: Data($0.body)) as? [String: Any])
            }
            #expect(bodies.map { $0["in_reply_to_id"] as? String } == [nil, "2001", "2002"])
            #expect(bodies.map { ($0["media_ids"] as? [String]) ?? [] } == [["3001"], [], []])
            #expect(bodies.map { ($0["status"] as? String ?? "").hasSuffix(" 1/3") } == [true, false, false])
            #expect((bodies[2]["status"] as? String)?.hasSuffix(" 3/3") == true)
            #expect(posts.map { $0.header("Idempotency-Key") ?? "" } == (1...3).map { "sharevia-\(options.id)-\($0)" })
            #expect(report.receipt?.locations.count == 3)
            #expect(report.receipt?.ids["thread_ids"] == "2001,2002,2003")
        }
    }

    @Test func withoutAnAccountTheShareIsHandedOffSayingHowToSignIn() async throws {
        try await HTTPTestServer.with(.init(routes: Script.routes())) { server in
            let folder = TemporaryFolder("mastodon-signed-out")
            let destination = MastodonDestination(
                configuration: .init(instance: "mastodon.example"),
                environment: Script.environment(folder)
            )
            let report = try await Self.router(destination).share(Script.content(), via: FallbackChain(["mastodon"]))
            #expect(report.outcome == .handedOff, "\(report)")
            let receipt = try #require(report.receipt)
            #expect(receipt.destination == "mastodon")
            #expect(receipt.nextStep?.contains("https://mastodon.example/share?text=") == true)
            #expect(receipt.nextStep?.contains("sign in to Mastodon at https://mastodon.example") == true)
            #expect(receipt.nextStep?.contains("SHAREVIA_MASTODON_TOKEN") == true)
            #expect(report.notes.contains { $0.contains("not signed in to Mastodon") })
            #expect(server.received.isEmpty)
        }
    }

    @Test func anImageWithoutAltTextGetsANoteOrIsRefusedWhenAltTextIsRequired() async throws {
        try await HTTPTestServer.with(.init(routes: Script.routes())) { server in
            let destination = Script.destination(server, folder: TemporaryFolder("mastodon-alt"))
            let plain = try destination.prepare(ShareRequest(content: Script.content(alt: nil)))
            #expect(plain.notes.contains { $0.hasPrefix("image posted without alt text") })
            #expect(plain.fields.contains(.init("description", "(none)")))
            let strict = ShareRequest(content: Script.content(alt: nil), options: ShareOptions(requiresAltText: true))
            #expect {
                try destination.prepare(strict)
            } throws: { error in
                let error = error as! ShareError
                return error.code == .contentRejected && error.message.contains("card.png has no alt text")
            }
            let long = String(repeating: "a", count: 1600)
            let trimmed = try destination.prepare(ShareRequest(content: Script.content(alt: long)))
            #expect(trimmed.notes.contains { $0.contains("alt text trimmed from 1600 to 1500 characters") })
            let altField = try #require(trimmed.fields.first { $0.name == "description" }?.value)
            #expect(altField.unicodeScalars.count == 1500 && altField.hasSuffix("…"))
            // Counted in code points, as Mastodon counts them: a family emoji is 7.
            let family = "👨‍👩‍👧‍👦"
            let emoji = try destination.prepare(
                ShareRequest(content: Script.content(alt: String(repeating: family, count: 215)))
            )
            let emojiAlt = try #require(emoji.fields.first { $0.name == "description" }?.value)
            #expect(emoji.notes.contains { $0.contains("alt text trimmed from 1505 to 1500 characters") })
            #expect(emojiAlt == String(repeating: family, count: 214) + "…")
            #expect(server.received.isEmpty)
        }
    }

    @Test func theDryRunShowsEveryRequestItsFieldsAndKeyButNeverTheToken() async throws {
        try await HTTPTestServer.with(.init(routes: Script.routes())) { server in
            let destination = Script.destination(server, folder: TemporaryFolder("mastodon-dry"))
            let options = ShareOptions()
            let prepared = try destination.prepare(ShareRequest(content: Script.content(), options: options))
            let again = try destination.prepare(ShareRequest(content: Script.content(), options: options))
            #expect(prepared == again)
            let fields = prepared.fields
            #expect(
                fields.filter { $0.name == "request" }.map(\.value) == [
                    "POST \(server.origin)/api/v2/media", "POST \(server.origin)/api/v1/statuses",
                ]
            )
            #expect(fields.contains(.init("Idempotency-Key", "sharevia-\(options.id)-1")))
            #expect(fields.contains(.init("description", Script.alt)))
            #expect(fields.contains(.init("Authorization", "Bearer <redacted>")))
            #expect(!"\(fields) \(prepared)".contains(Script.canary))
            #expect(server.received.isEmpty)
        }
    }

    @Test func aTextOverTheServersOwnLimitIsRefusedAndTheNextShareFitsIt() async throws {
        let small = HTTPTestServer.Answer.status(
            200,
            json: #"{"version":"4.3.0","configuration":{"statuses":{"max_characters":40}}}"#
        )
        var routes = Script.routes()
        routes["/api/v2/instance"] = [small]
        try await HTTPTestServer.with(.init(routes: routes)) { server in
            let folder = TemporaryFolder("mastodon-limits")
            let content = Script.content(text: "A text of more than forty characters, which the server refuses")
            let first = Script.destination(server, folder: folder)
            let prepared = try first.prepare(ShareRequest(content: content))
            await #expect {
                try await first.deliver(prepared)
            } throws: { error in
                let error = error as! ShareError
                return error.code == .permanent && error.detail?.code == .overLimit
                    && error.message.contains("max_characters of 40")
            }
            #expect(!server.received.contains { $0.path == "/api/v1/statuses" || $0.path == "/api/v2/media" })
            let next = Script.destination(server, folder: folder)
            let refitted = try next.prepare(ShareRequest(content: content))
            #expect(refitted.fields.first?.value.hasPrefix("40 characters") == true)
        }
    }
}
