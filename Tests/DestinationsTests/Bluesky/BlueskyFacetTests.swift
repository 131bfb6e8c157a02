import Testing

@testable import Destinations

@Suite struct BlueskyFacetTests {
    @Test(arguments: FacetCase.table)
    func marksEachPieceAtItsUTF8ByteRange(_ facetCase: FacetCase) async throws {
        let resolver = CountingResolver()
        let rich = try await BlueskyRichText.make(facetCase.text, resolver: resolver)
        #expect(rich.facets == facetCase.expectedFacets)
        #expect(rich.notes.isEmpty)
        // The bytes of each facet are the text it marks.
        let utf8 = Array(facetCase.text.utf8)
        for facet in rich.facets {
            let marked = String(decoding: utf8[facet.bytes], as: UTF8.self)
            switch facet.features[0] {
            case .link: #expect(!marked.isEmpty && !marked.contains(" "))
            case .tag(let tag): #expect(marked.dropFirst() == Substring(tag) || tag.hasPrefix("$"))
            case .mention: #expect(marked.hasPrefix("@"))
            }
        }
    }

    @Test func aMentionThatDoesNotResolveStaysPlainTextWithANote() async throws {
        let text = "hi @nobody.bsky.social and @alice.bsky.social, again @Nobody.bsky.social"
        let resolver = CountingResolver()
        let rich = try await BlueskyRichText.make(text, resolver: resolver)
        #expect(rich.facets == [BlueskyFacet(bytes: 27..<45, feature: .mention(did: "did:plc:alice"))])
        #expect(
            rich.notes == ["@nobody.bsky.social stays plain text: no account has that handle"] + [
                "@Nobody.bsky.social stays plain text: no account has that handle"
            ]
        )
        // Each handle is asked once, whatever its case.
        #expect(await resolver.calls == ["nobody.bsky.social", "alice.bsky.social"])
    }

    @Test func aResolverThatFailsOrAnswersNonsenseLeavesPlainText() async throws {
        struct Down: Error, CustomStringConvertible { var description: String { "connection refused" } }
        let failing = BlueskyHandleResolver { _ in throw Down() }
        let rich = try await BlueskyRichText.make("@alice.bsky.social hi https://example.com", resolver: failing)
        #expect(rich.facets == [BlueskyFacet(bytes: 22..<41, feature: .link(uri: "https://example.com"))])
        #expect(
            rich.notes == ["@alice.bsky.social stays plain text: the handle could not be resolved (connection refused)"]
        )

        let nonsense = BlueskyHandleResolver { _ in "alice" }
        let other = try await BlueskyRichText.make("@alice.bsky.social", resolver: nonsense)
        #expect(other.facets.isEmpty)
        #expect(
            other.notes == ["@alice.bsky.social stays plain text: the handle resolved to something that is not a DID"]
        )
    }

    @Test func cancellationIsPassedOn() async {
        let cancelled = BlueskyHandleResolver { _ in throw CancellationError() }
        await #expect(throws: CancellationError.self) {
            _ = try await BlueskyRichText.make("@alice.bsky.social", resolver: cancelled)
        }
    }

    @Test func detectionRulesMatchBlueskys() {
        func links(_ text: String) -> [String] {
            BlueskyFacetDetector.detect(text).facets.compactMap {
                if case .link(let uri) = $0.features[0] { uri } else { nil }
            }
        }
        func tags(_ text: String) -> [String] {
            BlueskyFacetDetector.detect(text).facets.compactMap {
                if case .tag(let tag) = $0.features[0] { tag } else { nil }
            }
        }
        #expect(links("go to https://example.com!") == ["https://example.com"])
        #expect(links("HTTPS://EXAMPLE.COM") == [])  // the SDKs skip an upper-case scheme
        #expect(links("Example.COM example.com") == ["https://example.com"])  // TLDs compare case-sensitively
        #expect(links("x https://.") == [])  // only a scheme: not a complete URL (the SDKs would mark it)
        #expect(links("a.b.c-d.com") == [])  // the bare-domain pattern stops at the hyphen: "a.b.c"
        #expect(links("(https://example.com/a_(b))") == ["https://example.com/a_(b))"])
        #expect(tags("#\u{FE0F}x #a\u{200D}b #tag… #_x_ #１２") == ["a", "tag", "_x", "１２"])
        #expect(
            tags(String(repeating: "a", count: 64).withHash + " " + String(repeating: "a", count: 65).withHash)
                == [String(repeating: "a", count: 64)]
        )
        // A ZWJ ends a tag (Bluesky's TAG_REGEX): only the first person of a family is tagged.
        #expect(tags(String(repeating: "👨‍👩‍👧‍👦", count: 3).withHash) == ["👨"])
        // 30 graphemes but over the lexicon's 640 bytes (28 bytes a flag): not marked.
        #expect(tags(String(repeating: "🏴󠁧󠁢󠁳󠁣󠁴󠁿", count: 30).withHash) == [])
        #expect(tags(String(repeating: "🏴󠁧󠁢󠁳󠁣󠁴󠁿", count: 22).withHash) == [String(repeating: "🏴󠁧󠁢󠁳󠁣󠁴󠁿", count: 22)])
        #expect(tags(String(repeating: "👍", count: 64).withHash) == [String(repeating: "👍", count: 64)])
    }
}

extension String {
    fileprivate var withHash: String { "#" + self }
}
