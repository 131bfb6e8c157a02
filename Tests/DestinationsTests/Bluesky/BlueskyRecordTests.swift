import Foundation
import Testing

@testable import Destinations

@Suite struct BlueskyRecordTests {
    @Test func encodesExactlyTheLexiconsJSON() throws {
        let facet = BlueskyFacet(bytes: 6..<25, feature: .link(uri: "https://example.com"))
        let image = try BlueskyEmbed.Image(
            image: SampleRecords.blob(),
            alt: "Achievement card: Night Owl",
            aspectRatio: .init(width: 1080, height: 1920)
        )
        let record = try BlueskyPostRecord(
            text: "Look: https://example.com",
            createdAt: SampleRecords.createdAt,
            langs: ["en"],
            facets: [facet],
            embed: .images([image])
        )
        let json = String(decoding: try RecordJSON.encode(record), as: UTF8.self)
        #expect(
            json == #"{"$type":"app.bsky.feed.post","createdAt":"2026-11-25T08:31:21.123Z","#
                + #""embed":{"$type":"app.bsky.embed.images","images":[{"alt":"Achievement card: Night Owl","#
                + #""aspectRatio":{"height":1920,"width":1080},"image":{"$type":"blob","#
                + #""mimeType":"image/png","ref":{"$link":"\#(SampleRecords.cid)"},"size":180000}}]},"#
                + #""facets":[{"features":[{"$type":"app.bsky.richtext.facet#link","uri":"https://example.com"}],"#
                + #""index":{"byteEnd":25,"byteStart":6}}],"langs":["en"],"text":"Look: https://example.com"}"#
        )
        // And it reads back as the same record.
        #expect(try JSONDecoder().decode(BlueskyPostRecord.self, from: RecordJSON.encode(record)) == record)
    }

    @Test func leavesOutEmptyOptionalFields() throws {
        let record = try BlueskyPostRecord(text: "hi", createdAt: SampleRecords.createdAt)
        let json = String(decoding: try RecordJSON.encode(record), as: UTF8.self)
        #expect(json == #"{"$type":"app.bsky.feed.post","createdAt":"2026-11-25T08:31:21.123Z","text":"hi"}"#)
    }

    @Test func everySampleRecordPassesTheLexicons() async throws {
        let validator = try LexiconValidator()
        for record in try await SampleRecords.all() {
            #expect(throws: Never.self, "\(record.text)") { try validator.validateRecord(RecordJSON.encode(record)) }
        }
    }

    @Test func theLexiconValidatorRefusesWhatTheLexiconsRefuse() throws {
        let validator = try LexiconValidator()
        func refuses(_ json: String) -> Bool {
            (try? validator.validateRecord(Data(json.utf8))) == nil
        }
        let base = #""$type":"app.bsky.feed.post","createdAt":"2026-11-25T08:31:21.123Z""#
        #expect(!refuses("{\(base),\"text\":\"ok\"}"))
        #expect(refuses("{\(base),\"text\":\"\(String(repeating: "a", count: 301))\"}"))
        #expect(refuses("{\(base),\"text\":\"ok\",\"langs\":[\"en\",\"fr\",\"de\",\"ja\"]}"))
        #expect(refuses("{\(base),\"text\":\"ok\",\"extra\":1}"))
        #expect(refuses(#"{"$type":"app.bsky.feed.post","createdAt":"2026-11-25 08:31","text":"ok"}"#))
        #expect(
            refuses(
                "{\(base),\"text\":\"ok\",\"embed\":{\"$type\":\"app.bsky.embed.images\",\"images\":[{\"alt\":\"\"}]}}"
            )
        )
    }

    @Test func refusesTextOverEitherLimit() {
        #expect(throws: BlueskyRecordError.self) {
            try BlueskyPostRecord(text: String(repeating: "a", count: 301), createdAt: SampleRecords.createdAt)
        }
        // 120 families: 120 graphemes, exactly 3000 bytes; one more is over the byte limit only.
        let families = String(repeating: "👨‍👩‍👧‍👦", count: 121)
        do {
            _ = try BlueskyPostRecord(text: families, createdAt: SampleRecords.createdAt)
            Issue.record("accepted 3025 bytes")
        } catch {
            #expect(error.code == .tooLong && error.field == "text" && error.message.hasPrefix("3025 bytes"))
        }
    }

    @Test func refusesWhatTheLexiconRefuses() throws {
        func failure(_ make: () throws -> Void) -> BlueskyRecordError? {
            do {
                try make()
                return nil
            } catch { return error as? BlueskyRecordError }
        }
        let at = SampleRecords.createdAt
        #expect(
            failure { _ = try BlueskyPostRecord(text: "x", createdAt: "2026-11-25 08:31:21") }?.field == "createdAt"
        )
        #expect(
            failure { _ = try BlueskyPostRecord(text: "x", createdAt: at, langs: ["en", "fr", "de", "ja"]) }?.code
                == .tooMany
        )
        #expect(
            failure { _ = try BlueskyPostRecord(text: "x", createdAt: at, langs: ["en", "en_GB"]) }?.field == "langs[1]"
        )
        let link = BlueskyFacet(bytes: 0..<1, feature: .link(uri: "https://example.com"))
        #expect(
            failure { _ = try BlueskyPostRecord(text: "x", createdAt: at, facets: [link, link]) }?.message
                == "overlaps the facet before it"
        )
        let past = BlueskyFacet(bytes: 0..<2, feature: .tag("x"))
        #expect(
            failure { _ = try BlueskyPostRecord(text: "x", createdAt: at, facets: [past]) }?.field == "facets[0].index"
        )
        let inside = BlueskyFacet(bytes: 1..<4, feature: .tag("x"))
        #expect(
            failure { _ = try BlueskyPostRecord(text: "é😀", createdAt: at, facets: [inside]) }?.message
                == "1 is inside a character"
        )
        let mention = BlueskyFacet(bytes: 0..<1, feature: .mention(did: "alice"))
        #expect(
            failure { _ = try BlueskyPostRecord(text: "x", createdAt: at, facets: [mention]) }?.code == .invalidValue
        )
        let image = try BlueskyEmbed.Image(image: SampleRecords.blob(), alt: "", aspectRatio: nil)
        #expect(
            failure {
                _ = try BlueskyPostRecord(text: "", createdAt: at, embed: .images(Array(repeating: image, count: 5)))
            }?.code == .tooMany
        )
        #expect(failure { _ = try BlueskyPostRecord(text: "", createdAt: at, embed: .images([])) }?.code == .tooMany)
        #expect(
            failure {
                _ = try BlueskyEmbed.Image(image: SampleRecords.blob(size: 2_000_001), alt: "", aspectRatio: nil)
            }?.code == .blobTooLarge
        )
        #expect(
            failure {
                _ = try BlueskyEmbed.Image(image: SampleRecords.blob(mimeType: "video/mp4"), alt: "", aspectRatio: nil)
            }?.code == .blobTooLarge
        )
        #expect(
            failure {
                _ = try BlueskyEmbed.External(
                    uri: "https://x.com",
                    title: "",
                    description: "",
                    thumb: SampleRecords.blob(size: 1_000_001)
                )
            }?.field == "embed.external.thumb"
        )
        #expect(
            failure { _ = try BlueskyEmbed.External(uri: "not a url", title: "", description: "") }?.field
                == "embed.external.uri"
        )
        #expect(failure { _ = try BlueskyBlob(cid: "short", mimeType: "image/png", size: 1) }?.field == "blob.ref")
        #expect(
            failure { _ = try BlueskyStrongRef(uri: "https://bsky.app/post", cid: SampleRecords.postCID) }?.field
                == "uri"
        )
        #expect(BlueskyEmbed.AspectRatio(width: 0, height: 10) == nil)
    }

    @Test func buildsTheCreateRecordBodyWithTheChosenKey() throws {
        let rkey = BlueskyTID(microseconds: 1_795_595_481_123_456, clockID: 7)
        let record = try BlueskyPostRecord(text: "hi", createdAt: SampleRecords.createdAt)
        let request = try BlueskyCreateRecordRequest(repo: SampleRecords.did, rkey: rkey, record: record)
        let json = String(decoding: try RecordJSON.encode(request), as: UTF8.self)
        #expect(
            json == #"{"collection":"app.bsky.feed.post","record":{"$type":"app.bsky.feed.post","#
                + #""createdAt":"2026-11-25T08:31:21.123Z","text":"hi"},"repo":"\#(SampleRecords.did)","rkey":"\#(rkey)"}"#
        )
        #expect(try request.jsonBody() == Array(json.utf8))
        try LexiconValidator().validateInput(RecordJSON.encode(request), of: "com.atproto.repo.createRecord")
        #expect(
            request.postURL(handle: "alice.bsky.social") == "https://bsky.app/profile/alice.bsky.social/post/\(rkey)"
        )
        #expect(throws: BlueskyRecordError.self) {
            try BlueskyCreateRecordRequest(repo: "not a repo", rkey: rkey, record: record)
        }
    }
}
