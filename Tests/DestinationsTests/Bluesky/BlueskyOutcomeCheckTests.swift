import Foundation
import HTTPTransport
import ShareCore
import TestSupport
import Testing

@testable import Destinations

/// Bluesky's answer to the outbox's check of an `unknown` post: `getRecord` under the share's
/// record key, every request checked against the lexicon.
@Suite struct BlueskyOutcomeCheckTests {
    static let request = ShareRequest(content: ShareContent(text: "hello"), options: BlueskyTestPDS.options)
    static let found =
        #"{"uri":"at://\#(BlueskyTestPDS.did)/app.bsky.feed.post/\#(BlueskyTestPDS.recordKey())","cid":"\#(SampleRecords.postCID)","value":{"$type":"app.bsky.feed.post","text":"hello","createdAt":"2026-11-25T08:31:21.123Z"}}"#

    func check(_ answers: [HTTPTestServer.Answer]) async throws -> (OutcomeCheck, [HTTPTestServer.Received]) {
        try await HTTPTestServer.with(.init(routes: [BlueskyTestPDS.getRecordPath: answers])) { server in
            let destination = try BlueskyTestPDS.destination(server)
            let prepared = try destination.prepare(Self.request)
            let check = await destination.checkOutcome(of: prepared, sinceFirstSent: .seconds(30))
            try await BlueskyTestPDS.checkEveryRequest(server)
            let received = server.received
            #expect(received.count == 1)
            #expect(
                received.first.map(BlueskyTestPDS.query) == [
                    "repo": BlueskyTestPDS.did, "collection": "app.bsky.feed.post", "rkey": BlueskyTestPDS.recordKey(),
                ]
            )
            return (check, received)
        }
    }

    @Test func aPostFoundUnderTheRecordKeyArrivedWithItsURL() async throws {
        let (check, _) = try await check([.status(200, json: Self.found)])
        guard case .arrived(let receipt) = check else {
            Issue.record("expected arrived, got \(check)")
            return
        }
        let url = "https://bsky.app/profile/alice.test/post/\(BlueskyTestPDS.recordKey())"
        #expect(receipt.outcome == .delivered && receipt.locations == [url])
        #expect(receipt.ids["uri"] == "at://\(BlueskyTestPDS.did)/app.bsky.feed.post/\(BlueskyTestPDS.recordKey())")
        #expect(receipt.ids["cid"] == SampleRecords.postCID)
        #expect(receipt.summary.contains("found with getRecord"))
    }

    @Test func noRecordUnderTheKeyHasNotArrived() async throws {
        let (check, _) = try await check([
            BlueskyTestPDS.error(400, "RecordNotFound", "Could not locate record: at://\(BlueskyTestPDS.did)/x")
        ])
        #expect(check == .notArrived)
    }

    @Test func aServerErrorCantTellAndQuotesTheServer() async throws {
        let (check, _) = try await check([BlueskyTestPDS.error(502, "UpstreamFailure", "upstream is down")])
        guard case .cannotTell(let why) = check else {
            Issue.record("expected cannotTell, got \(check)")
            return
        }
        #expect(why.contains("upstream is down"))
        #expect(!why.contains(BlueskyTestPDS.accessCanary))
    }

    @Test func anotherPostUnderTheKeyCantTell() async throws {
        let other = Self.found.replacingOccurrences(of: #""text":"hello""#, with: #""text":"someone else""#)
        let (check, _) = try await check([.status(200, json: other)])
        guard case .cannotTell(let why) = check else {
            Issue.record("expected cannotTell, got \(check)")
            return
        }
        #expect(why.contains("not this share's post"))
    }
}
