import Testing

@testable import Destinations

@Suite struct BlueskyThreadTests {
    static let clock = FixedWallClock(microseconds: 1_795_595_481_123_456)

    @Test func aLongTextBecomesAReplyChainWithRootAndParent() async throws {
        let sentence = "Day seven of the streak with @alice.bsky.social, notes at https://example.com/log #running. "
        let text = String(repeating: sentence, count: 8)
        let image = try BlueskyEmbed.Image(
            image: SampleRecords.blob(),
            alt: "Streak card: 7 day streak",
            aspectRatio: nil
        )
        let thread = try await BlueskyThread(
            text: text,
            repo: SampleRecords.did,
            splits: true,
            langs: ["en"],
            embed: .images([image]),
            resolver: CountingResolver(),
            clock: Self.clock,
            clockID: 3
        )
        #expect(thread.posts.count == 3)
        #expect(thread.posts.map(\.recordKey) == BlueskyTID.sequence(count: 3, clock: Self.clock, clockID: 3))
        let validator = try LexiconValidator()
        var created: [BlueskyCreatedPost] = []
        var bodies: [BlueskyCreateRecordRequest] = []
        for index in thread.posts.indices {
            let body = try thread.request(at: index, after: created)
            bodies.append(body)
            try validator.validateInput(RecordJSON.encode(body), of: "com.atproto.repo.createRecord")
            #expect(body.record.text.hasSuffix(" \(index + 1)/3"))
            #expect(body.record.createdAt == "2026-11-25T08:31:21.123Z")
            // Each part has its own facets, at its own byte offsets.
            let mentions = body.record.facets?.filter { if case .mention = $0.features[0] { true } else { false } }
            #expect(mentions?.isEmpty == false)
            // Only the first post carries the card.
            #expect((body.record.embed != nil) == (index == 0))
            let answer =
                #"{"uri":"at://\#(SampleRecords.did)/app.bsky.feed.post/\#(body.rkey)","cid":"\#(SampleRecords.postCID)"}"#
            created.append(try BlueskyAnswers.createdPost(Array(answer.utf8), recordKey: thread.posts[index].recordKey))
        }
        #expect(bodies[0].record.reply == nil)
        #expect(bodies[1].record.reply == BlueskyReplyRef(root: created[0].reference, parent: created[0].reference))
        #expect(bodies[2].record.reply == BlueskyReplyRef(root: created[0].reference, parent: created[1].reference))
        // The same request again (a retry) is byte for byte the same.
        #expect(
            try RecordJSON.encode(thread.request(at: 1, after: Array(created.prefix(1))))
                == RecordJSON.encode(bodies[1])
        )
        let verdicts = try await AtprotoOracle.verdicts(requests: bodies.map(RecordJSON.encode))
        for verdict in verdicts { #expect(verdict.ok, "\(verdict.error ?? [])") }
        #expect(throws: BlueskyRecordError.self) { try thread.request(at: 2, after: Array(created.prefix(1))) }
    }

    @Test func withoutSplittingALongTextIsRefusedBeforeAnythingIsSent() async throws {
        do {
            _ = try await BlueskyThread(
                text: String(repeating: "a ", count: 200),
                repo: SampleRecords.did,
                splits: false,
                resolver: CountingResolver(),
                clock: Self.clock,
                clockID: 3
            )
            Issue.record("accepted 400 graphemes")
        } catch let error as BlueskyRecordError {
            #expect(error.code == .tooLong && error.field == "text")
        }
    }

    @Test func notesEachUnresolvedMentionOnce() async throws {
        let text = String(repeating: "Thanks @nobody.bsky.social for the run. ", count: 12)
        let thread = try await BlueskyThread(
            text: text,
            repo: SampleRecords.did,
            splits: true,
            resolver: CountingResolver(),
            clock: Self.clock,
            clockID: 3
        )
        #expect(thread.posts.count == 2)
        #expect(thread.notes == ["@nobody.bsky.social stays plain text: no account has that handle"])
    }
}
