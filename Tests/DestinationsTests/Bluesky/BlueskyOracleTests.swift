import Foundation
import TestSupport
import Testing

@testable import Destinations

/// sharevia's Bluesky records and facets against the atproto Python SDK: the SDK's models (with
/// strict string formats) accept every record, and its facet detection finds the same byte
/// ranges, on the table of scripts and on seeded random texts.
///
/// Where sharevia differs from the SDK on purpose (a URL that is only a scheme, a tag over the
/// lexicon's 640 bytes), the texts avoid it; BlueskyFacetTests pins those cases. A mention inside
/// a facet found before it (`#123(@alice.bsky.social`) is not marked, as Bluesky's app would not
/// show it either; the SDK lists it, so such mentions are left out of the comparison.
@Suite struct BlueskyOracleTests {
    @Test func theSDKAcceptsEveryRecord() async throws {
        let records = try await SampleRecords.all()
        let verdicts = try await AtprotoOracle.verdicts(records: records.map(RecordJSON.encode))
        for (record, verdict) in zip(records, verdicts) {
            #expect(verdict.ok, "\(record.text): \(verdict.error ?? [])")
        }
    }

    @Test func theSDKAcceptsEveryCreateRecordBody() async throws {
        let keys = BlueskyTID.sequence(count: 3, clock: SystemWallClock(), clockID: 99)
        let records = try await SampleRecords.all().prefix(3)
        let bodies = try zip(keys, records).map { key, record in
            try RecordJSON.encode(BlueskyCreateRecordRequest(repo: SampleRecords.did, rkey: key, record: record))
        }
        for verdict in try await AtprotoOracle.verdicts(requests: bodies) {
            #expect(verdict.ok, "\(verdict.error ?? [])")
        }
    }

    /// The oracle must be able to say no, or its yes means nothing.
    @Test func theSDKRefusesABrokenRecord() async throws {
        let broken = Data(#"{"$type":"app.bsky.feed.post","text":"x","createdAt":"2026-11-25 08:31"}"#.utf8)
        let verdicts = try await AtprotoOracle.verdicts(records: [broken])
        #expect(verdicts.map(\.ok) == [false])
    }

    @Test func theSDKFindsTheSameFacetsOnTheTable() async throws {
        try await compare(FacetCase.table.map(\.text))
    }

    @Test func theSDKFindsTheSameFacetsOnRandomTexts() async throws {
        var random = SeededGenerator(seed: 20_261_126)
        let pieces = [
            "run", "café", "naïve", "🔥", "👨‍👩‍👧‍👦", "🧑🏾‍💻", "🇯🇵", "1️⃣", "❤️", "今日は", "黄鹤楼。", "연속", "مرحبا", "שלום",
            "e\u{301}\u{323}", "ก\u{e34}\u{e48}", "https://example.com/a?b=c", "example.org/path", "bsky.app.",
            "(https://x.com/y)", "#fitness", "#日本", "＃タグ", "#123", "#tag!", "@alice.bsky.social", "@bob.test,",
            "@nobody", "$AAPL", "$msft.", "a@b.com", "x#y", "\n", "(", ")", ".", ",", "!", "\u{200D}", "\u{FE0F}",
            "\u{00A0}",
        ]
        var texts: [String] = []
        for _ in 0..<400 {
            var text = ""
            for _ in 0..<(1 + random.below(12)) {
                text += random.pick(pieces)
                text += random.pick([" ", " ", " ", "", "\n", "  "])
            }
            texts.append(text)
        }
        try await compare(texts)
    }

    private func compare(_ texts: [String]) async throws {
        let answers = try await AtprotoOracle.detections(texts)
        for (text, answer) in zip(texts, answers) {
            let ours = BlueskyFacetDetector.detect(text)
            let theirs: [[AtprotoOracle.Value]] = ours.facets.map { facet in
                switch facet.features[0] {
                case .link(let uri):
                    [.number(facet.index.byteStart), .number(facet.index.byteEnd), .text("link"), .text(uri)]
                case .tag(let tag):
                    [.number(facet.index.byteStart), .number(facet.index.byteEnd), .text("tag"), .text(tag)]
                case .mention(let did):
                    [.number(facet.index.byteStart), .number(facet.index.byteEnd), .text("mention"), .text(did)]
                }
            }
            #expect(theirs == answer.facets, "\(text.debugDescription)")
            let mentions: [[AtprotoOracle.Value]] = ours.mentions.map {
                [.number($0.bytes.lowerBound), .number($0.bytes.upperBound), .text($0.handle)]
            }
            let facetRanges = answer.facets.compactMap { facet -> Range<Int>? in
                guard case .number(let start) = facet[0], case .number(let end) = facet[1] else { return nil }
                return start..<end
            }
            let shown = answer.mentions.filter { mention in
                guard case .number(let start) = mention[0], case .number(let end) = mention[1] else { return true }
                return !facetRanges.contains { $0.overlaps(start..<end) }
            }
            #expect(mentions == shown, "\(text.debugDescription)")
        }
    }

    /// The TLDs sharevia knows are the ones the SDK's detection uses.
    @Test func theTLDTableIsTheSDKs() async throws {
        struct Answer: Decodable { var tlds: [String] }
        let lines = try await AtprotoOracle.ask([Data(#"{"tlds":true}"#.utf8)])
        let answer = try JSONDecoder().decode(Answer.self, from: try #require(lines.first))
        #expect(answer.tlds.count > 1000)
        #expect(BlueskyTLDs.names == Set(answer.tlds))
    }
}
