import Foundation
import ImagePipeline
import ShareCore
import TestSupport
import Testing

@testable import Destinations

/// The Bluesky destination posting for real against the loopback PDS: the card uploaded before
/// the record, every request checked against the lexicons and the atproto SDK, the receipt's
/// URL and ids, mentions, threads, an oversized card re-encoded, a taken record key confirmed.
@Suite struct BlueskyPostingTests {
    static let text = "Night Owl unlocked! https://example.com/owl #focus"

    @Test func postsTheCardThenTheRecordAndReportsTheURL() async throws {
        let folder = TemporaryFolder("bluesky")
        let card = try BlueskyTestPDS.card(in: folder)
        let size = try #require(FileManager.default.attributesOfItem(atPath: folder.file("card.png"))[.size] as? Int)
        let routes: [String: [HTTPTestServer.Answer]] = [
            BlueskyTestPDS.uploadPath: [BlueskyTestPDS.uploadAnswer(size: size)],
            BlueskyTestPDS.createPath: [BlueskyTestPDS.createAnswer()],
        ]
        try await HTTPTestServer.with(.init(routes: routes)) { server in
            let destination = try BlueskyTestPDS.destination(server)
            let content = ShareContent(text: Self.text, attachments: [card])
            let prepared = try destination.prepare(ShareRequest(content: content, options: BlueskyTestPDS.options))
            let receipt = try await destination.deliver(prepared)

            #expect(receipt.outcome == .delivered)
            let url = "https://bsky.app/profile/alice.test/post/\(BlueskyTestPDS.recordKey())"
            #expect(receipt.locations == [url])
            #expect(receipt.ids["uri"] == "at://\(BlueskyTestPDS.did)/app.bsky.feed.post/\(BlueskyTestPDS.recordKey())")
            #expect(receipt.ids["cid"] == SampleRecords.postCID)
            #expect(receipt.summary.hasPrefix("posted to Bluesky as @alice.test: \(url)"))

            let received = server.received
            #expect(received.map(BlueskyTestPDS.route) == [BlueskyTestPDS.uploadPath, BlueskyTestPDS.createPath])
            #expect(received[0].body == [UInt8](try Data(contentsOf: URL(fileURLWithPath: folder.file("card.png")))))
            #expect(received[0].header("Content-Type") == "image/png")
            try await BlueskyTestPDS.checkEveryRequest(server)

            let body = try #require(try BlueskyTestPDS.createBodies(server).first)
            #expect(body["repo"] as? String == BlueskyTestPDS.did)
            #expect(body["rkey"] as? String == BlueskyTestPDS.recordKey())
            let record = try #require(body["record"] as? [String: Any])
            #expect(record["text"] as? String == Self.text)
            #expect(record["createdAt"] as? String == "2026-11-25T08:31:21.123Z")
            #expect(record["langs"] as? [String] == ["en"])
            let embed = try #require(record["embed"] as? [String: Any])
            #expect(embed["$type"] as? String == "app.bsky.embed.images")
            let image = try #require((embed["images"] as? [[String: Any]])?.first)
            #expect(image["alt"] as? String == "Achievement card: Night Owl, level 7")
            #expect((image["aspectRatio"] as? [String: Int]) == ["width": 60, "height": 40])
            let facets = try #require(record["facets"] as? [[String: Any]])
            let ranges = facets.compactMap {
                ($0["index"] as? [String: Int]).map { [$0["byteStart"]!, $0["byteEnd"]!] }
            }
            #expect(ranges == [[20, 43], [44, 50]])
        }
    }

    @Test func aLinkWithoutAnImageBecomesALinkCard() async throws {
        let routes: [String: [HTTPTestServer.Answer]] = [BlueskyTestPDS.createPath: [BlueskyTestPDS.createAnswer()]]
        try await HTTPTestServer.with(.init(routes: routes)) { server in
            let destination = try BlueskyTestPDS.destination(server)
            let content = ShareContent(title: "Night Owl", text: "Seven days in a row", link: "https://example.com/owl")
            let prepared = try destination.prepare(ShareRequest(content: content, options: BlueskyTestPDS.options))
            #expect(try await destination.deliver(prepared).outcome == .delivered)
            try await BlueskyTestPDS.checkEveryRequest(server)
            let record = try #require(try BlueskyTestPDS.createBodies(server).first?["record"] as? [String: Any])
            let embed = try #require(record["embed"] as? [String: Any])
            #expect(embed["$type"] as? String == "app.bsky.embed.external")
            let external = try #require(embed["external"] as? [String: String])
            #expect(
                external == [
                    "uri": "https://example.com/owl", "title": "Night Owl", "description": "Seven days in a row",
                ]
            )
        }
    }

    @Test func mentionsAreResolvedAndAnUnknownOneStaysPlainText() async throws {
        let text = "Thanks @bob.test and @nobody.test!"
        let routes: [String: [HTTPTestServer.Answer]] = [
            BlueskyTestPDS.resolvePath: [
                .status(200, json: #"{"did":"did:plc:bobbobbobbobbobbobbobbob"}"#),
                BlueskyTestPDS.error(400, "InvalidRequest", "Unable to resolve handle"),
            ],
            BlueskyTestPDS.createPath: [BlueskyTestPDS.createAnswer()],
        ]
        try await HTTPTestServer.with(.init(routes: routes)) { server in
            let destination = try BlueskyTestPDS.destination(server)
            let prepared = try destination.prepare(
                ShareRequest(content: ShareContent(text: text), options: BlueskyTestPDS.options)
            )
            let receipt = try await destination.deliver(prepared)
            #expect(receipt.outcome == .delivered)
            #expect(receipt.summary.contains("@nobody.test stays plain text: no account has that handle"))
            try await BlueskyTestPDS.checkEveryRequest(server)
            let queries = server.received.filter { BlueskyTestPDS.route($0) == BlueskyTestPDS.resolvePath }
            #expect(queries.map { BlueskyTestPDS.query($0)["handle"] } == ["bob.test", "nobody.test"])
            let record = try #require(try BlueskyTestPDS.createBodies(server).first?["record"] as? [String: Any])
            let facets = try #require(record["facets"] as? [[String: Any]])
            #expect(facets.count == 1)
            let feature = try #require((facets.first?["features"] as? [[String: String]])?.first)
            #expect(feature == ["$type": "app.bsky.richtext.facet#mention", "did": "did:plc:bobbobbobbobbobbobbobbob"])
            #expect((facets.first?["index"] as? [String: Int]) == ["byteStart": 7, "byteEnd": 16])
        }
    }

    @Test func aLongTextThreadsWithRootAndParentRefs() async throws {
        let sentence = "This sentence is part of a long story about a night owl who studies late. "
        let text = String(repeating: sentence, count: 10)
        let cids = [
            SampleRecords.postCID, "bafyreiaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa",
            "bafyreibbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbb",
        ]
        let routes: [String: [HTTPTestServer.Answer]] = [
            BlueskyTestPDS.createPath: (0..<3).map { BlueskyTestPDS.createAnswer($0, cid: cids[$0]) }
        ]
        try await HTTPTestServer.with(.init(routes: routes)) { server in
            let destination = try BlueskyTestPDS.destination(server)
            var options = BlueskyTestPDS.options
            options.threadsLongText = true
            let prepared = try destination.prepare(ShareRequest(content: ShareContent(text: text), options: options))
            let receipt = try await destination.deliver(prepared)
            #expect(receipt.outcome == .delivered)
            #expect(receipt.locations.count == 3)
            #expect(
                receipt.ids["uri.3"] == "at://\(BlueskyTestPDS.did)/app.bsky.feed.post/\(BlueskyTestPDS.recordKey(2))"
            )
            try await BlueskyTestPDS.checkEveryRequest(server)
            let bodies = try BlueskyTestPDS.createBodies(server)
            #expect(bodies.map { $0["rkey"] as? String } == (0..<3).map { BlueskyTestPDS.recordKey($0) })
            let records = bodies.compactMap { $0["record"] as? [String: Any] }
            #expect(records.map { ($0["text"] as? String)?.hasSuffix("/3") ?? false } == [true, true, true])
            #expect(records[0]["reply"] == nil)
            func reference(_ index: Int) -> [String: String] {
                [
                    "uri": "at://\(BlueskyTestPDS.did)/app.bsky.feed.post/\(BlueskyTestPDS.recordKey(index))",
                    "cid": cids[index],
                ]
            }
            for index in 1..<3 {
                let reply = try #require(records[index]["reply"] as? [String: [String: String]])
                #expect(reply["root"] == reference(0))
                #expect(reply["parent"] == reference(index - 1))
            }
        }
    }

    @Test func anOversizedCardIsReencodedAsJPEGUnderTheLimit() async throws {
        let folder = TemporaryFolder("bluesky-big")
        let card = try BlueskyTestPDS.card(in: folder, width: 1000, height: 1000, noise: true)
        let size = try #require(FileManager.default.attributesOfItem(atPath: folder.file("card.png"))[.size] as? Int)
        try #require(size > 2_000_000)
        let routes: [String: [HTTPTestServer.Answer]] = [
            BlueskyTestPDS.uploadPath: [BlueskyTestPDS.uploadAnswer(size: 900_000, mimeType: "image/jpeg")],
            BlueskyTestPDS.createPath: [BlueskyTestPDS.createAnswer()],
        ]
        try await HTTPTestServer.with(.init(routes: routes)) { server in
            let destination = try BlueskyTestPDS.destination(server)
            let prepared = try destination.prepare(
                ShareRequest(content: ShareContent(text: "big", attachments: [card]), options: BlueskyTestPDS.options)
            )
            #expect(prepared.notes.contains { $0.contains("re-encoded as JPEG when posted") })
            let receipt = try await destination.deliver(prepared)
            #expect(receipt.summary.contains("re-encoded as JPEG at quality"))
            let upload = try #require(server.received.first)
            #expect(upload.header("Content-Type") == "image/jpeg")
            #expect(upload.body.count <= 2_000_000)
            #expect(Array(upload.body.prefix(2)) == [0xFF, 0xD8])
            let decoded = try JPEGDecoder().decode(data: upload.body)
            #expect(decoded.width == 1000 && decoded.height == 1000)
            try await BlueskyTestPDS.checkEveryRequest(server)
        }
    }

    @Test func aCardOverTheLimitEvenAtTheLowestQualityIsRefused() throws {
        let folder = TemporaryFolder("bluesky-small-limit")
        let card = try BlueskyTestPDS.card(in: folder, width: 200, height: 200, noise: true)
        let size = try #require(FileManager.default.attributesOfItem(atPath: folder.file("card.png"))[.size] as? Int)
        let image = BlueskyPostPlan.Image(attachment: card, alt: "", aspectRatio: nil, size: size)
        let error = try #require(throws: ShareError.self) {
            try BlueskyImageBytes.make(image, limit: 1000, destination: "bluesky")
        }
        #expect(error.code == .contentRejected)
        #expect(error.detail?.code == .overLimit)
        #expect(error.message.contains("even as a JPEG at quality 30 it is"), "\(error.message)")
        #expect(error.message.contains("over Bluesky's 1000-byte image limit; share a smaller image"))
        // Within the limit, the file goes as it is.
        let kept = try BlueskyImageBytes.make(image, limit: size, destination: "bluesky")
        #expect(kept.mimeType == "image/png" && kept.bytes.count == size && kept.note == nil)
    }

    @Test func aRetryUsesTheSameRecordKey() async throws {
        let routes: [String: [HTTPTestServer.Answer]] = [
            BlueskyTestPDS.createPath: [
                BlueskyTestPDS.error(500, "InternalServerError", "try again"), BlueskyTestPDS.createAnswer(),
            ]
        ]
        try await HTTPTestServer.with(.init(routes: routes)) { server in
            let destination = try BlueskyTestPDS.destination(server)
            let request = ShareRequest(content: ShareContent(text: "hello"), options: BlueskyTestPDS.options)
            // Each try prepares again, as the router does; the plan is the same every time.
            let first = try destination.prepare(request)
            let error = try await #require(throws: ShareError.self) { try await destination.deliver(first) }
            #expect(error.code == .transient)
            let second = try destination.prepare(request)
            #expect(second == first)
            #expect(try await destination.deliver(second).outcome == .delivered)
            let keys = try BlueskyTestPDS.createBodies(server).map { $0["rkey"] as? String }
            #expect(keys == [BlueskyTestPDS.recordKey(), BlueskyTestPDS.recordKey()])
            try await BlueskyTestPDS.checkEveryRequest(server)
        }
    }

    @Test func aTakenRecordKeyIsConfirmedWithGetRecord() async throws {
        let request = ShareRequest(content: ShareContent(text: "hello"), options: BlueskyTestPDS.options)
        let getRecord =
            #"{"uri":"at://\#(BlueskyTestPDS.did)/app.bsky.feed.post/\#(BlueskyTestPDS.recordKey())","cid":"\#(SampleRecords.postCID)","value":{"$type":"app.bsky.feed.post","text":"hello","createdAt":"2026-11-25T08:31:21.123Z"}}"#
        let other = getRecord.replacingOccurrences(of: #""text":"hello""#, with: #""text":"someone else""#)
        for (answer, delivered) in [(getRecord, true), (other, false)] {
            let routes: [String: [HTTPTestServer.Answer]] = [
                BlueskyTestPDS.createPath: [BlueskyTestPDS.error(400, "InvalidRequest", "Record already exists")],
                BlueskyTestPDS.getRecordPath: [.status(200, json: answer)],
            ]
            try await HTTPTestServer.with(.init(routes: routes)) { server in
                let destination = try BlueskyTestPDS.destination(server)
                let prepared = try destination.prepare(request)
                if delivered {
                    let receipt = try await destination.deliver(prepared)
                    #expect(receipt.outcome == .delivered)
                    #expect(receipt.summary.contains("made by an earlier try (confirmed with getRecord)"))
                } else {
                    let error = try await #require(throws: ShareError.self) { try await destination.deliver(prepared) }
                    #expect(error.code == .permanent)
                    #expect(error.message.contains("is not this share's; nothing was posted again"))
                }
                let get = try #require(server.received.last)
                #expect(
                    BlueskyTestPDS.query(get) == [
                        "repo": BlueskyTestPDS.did, "collection": "app.bsky.feed.post",
                        "rkey": BlueskyTestPDS.recordKey(),
                    ]
                )
                try await BlueskyTestPDS.checkEveryRequest(server)
            }
        }
    }

    @Test func anExpiredTokenIsRenewedOnceAndTheCallSentAgain() async throws {
        let routes: [String: [HTTPTestServer.Answer]] = [
            BlueskyTestPDS.createPath: [
                BlueskyTestPDS.error(400, "ExpiredToken", "Token has expired"), BlueskyTestPDS.createAnswer(),
            ]
        ]
        try await HTTPTestServer.with(.init(routes: routes)) { server in
            let pds = try BlueskyServer(server.origin)
            let source = FixedSessionSource(server: pds)
            let destination = try BlueskyTestPDS.destination(server, source: source)
            let prepared = try destination.prepare(
                ShareRequest(content: ShareContent(text: "hello"), options: BlueskyTestPDS.options)
            )
            #expect(try await destination.deliver(prepared).outcome == .delivered)
            #expect(source.sessions == 1 && source.renewals == 1)
            let tokens = server.received.map { $0.header("Authorization") }
            #expect(tokens == ["Bearer \(BlueskyTestPDS.accessCanary)", "Bearer \(BlueskyTestPDS.renewedCanary)"])
        }
    }

    @Test func theDryRunShowsTheCallsTheRecordAndTheAltTextButNoToken() throws {
        let folder = TemporaryFolder("bluesky-dry")
        let card = try BlueskyTestPDS.card(in: folder)
        let destination = BlueskyDestination(
            configuration: .init(),
            source: FixedSessionSource(server: .standard),
            environment: ShareEnvironment()
        )
        let content = ShareContent(text: "Hi @bob.test " + Self.text, attachments: [card])
        let prepared = try destination.prepare(ShareRequest(content: content, options: BlueskyTestPDS.options))
        let fields = Dictionary(uniqueKeysWithValues: prepared.fields.map { ($0.name, $0.value) })
        #expect(fields["pds"] == "https://bsky.social")
        #expect(fields["call 1"] == "GET https://bsky.social/xrpc/com.atproto.identity.resolveHandle?handle=bob.test")
        #expect(fields["call 2"] == "POST https://bsky.social/xrpc/com.atproto.repo.uploadBlob (image/png, card.png)")
        #expect(
            fields["call 3"]
                == "POST https://bsky.social/xrpc/com.atproto.repo.createRecord (rkey \(BlueskyTestPDS.recordKey()))"
        )
        #expect(fields["rkey"] == BlueskyTestPDS.recordKey())
        #expect(
            fields["facets"]
                == "link bytes 33..<56 https://example.com/owl; tag bytes 57..<63 #focus; "
                + "mention bytes 3..<12 @bob.test (DID resolved when posting)"
        )
        #expect(
            fields["embed"]
                == "app.bsky.embed.images: card.png, alt \"Achievement card: Night Owl, level 7\", aspectRatio 60:40"
        )
        #expect(fields["createdAt"] == "2026-11-25T08:31:21.123Z")
        #expect(!prepared.fields.contains { $0.value.contains("canary") })
    }

    @Test func anImageWithoutAltTextGetsANoteOrIsRefusedWhenAltIsRequired() throws {
        let folder = TemporaryFolder("bluesky-alt")
        let card = try BlueskyTestPDS.card(in: folder, alt: nil)
        let destination = BlueskyDestination(
            configuration: .init(),
            source: FixedSessionSource(server: .standard),
            environment: ShareEnvironment()
        )
        let content = ShareContent(text: "hi", attachments: [card])
        let prepared = try destination.prepare(ShareRequest(content: content, options: BlueskyTestPDS.options))
        #expect(
            prepared.notes.contains(
                "card.png has no alt text; give it alt text to describe it to people who can't see it"
            )
        )
        var options = BlueskyTestPDS.options
        options.requiresAltText = true
        let error = try #require(throws: ShareError.self) {
            try destination.prepare(ShareRequest(content: content, options: options))
        }
        #expect(error.code == .contentRejected)
        #expect(error.message.contains("has no alt text, and the share requires it"))
    }

    @Test func withoutASessionItHandsOffAndSaysHowToSignIn() async throws {
        let destination = BlueskyDestination(
            configuration: .init(),
            source: nil,
            environment: ShareEnvironment(["PATH": "/nonexistent"])
        )
        #expect(destination.descriptor.outcomes == [.delivered, .handedOff])
        let prepared = try destination.prepare(ShareRequest(content: ShareContent(text: "hello world")))
        #expect(prepared.notes.contains { $0.contains(BlueskyDestination.signInHint) })
        #expect(prepared.mentions == BlueskyDestination.signInMentions)
        let receipt = try await destination.deliver(prepared)
        #expect(receipt.outcome == .handedOff)
        #expect(receipt.locations == ["https://bsky.app/intent/compose?text=hello%20world"])
        let next = try #require(receipt.nextStep)
        #expect(next.hasPrefix("open this URL to post: https://bsky.app/intent/compose?text=hello%20world"))
        #expect(next.hasSuffix("; " + BlueskyDestination.signInHint))
        #expect(receipt.mentions == BlueskyDestination.signInMentions)
        let availability = await destination.availability()
        #expect(availability.isAvailable)
        #expect(availability.reason?.contains("not signed in") == true)
    }
}
