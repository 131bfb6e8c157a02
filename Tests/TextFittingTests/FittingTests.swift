import Testing

@testable import TextFitting

/// The fitter at the limit's edges and around the things it must not cut.
struct FittingTests {
    /// A network and a body of one-count characters for it.
    struct Edge: Sendable, CustomTestStringConvertible {
        var rulesName: String
        var unit: Character
        var testDescription: String { rulesName }

        func rules() throws -> TextRules {
            try #require(TextRules.builtIn(named: rulesName), "no built-in rules named \(rulesName)")
        }
    }

    static let edges = [
        Edge(rulesName: "x", unit: "a"), Edge(rulesName: "mastodon", unit: "ü"),
        Edge(rulesName: "bluesky", unit: "é"), Edge(rulesName: "threads", unit: "z"),
    ]

    @Test(arguments: edges, [-1, 0, 1])
    func limitEdges(_ edge: Edge, _ delta: Int) throws {
        let rules = try edge.rules()
        let body = String(repeating: edge.unit, count: rules.limit + delta)
        #expect(rules.measure(body).count == rules.limit + delta)
        let fitted = TextFitter(rules: rules).fit(PostParts(body: body))
        if delta <= 0 {
            #expect(fitted.text == body)
            #expect(fitted.notes.isEmpty)
            #expect(fitted.summary == "\(rules.name): \(rules.limit + delta)/\(rules.limit)")
        } else {
            #expect(fitted.measurement.count <= rules.limit)
            #expect(fitted.measurement.count >= rules.limit - 2)
            #expect(fitted.text.hasSuffix("…"))
            #expect(fitted.trimmedCharacters > 0)
        }
    }

    @Test(arguments: [279, 280, 281])
    func xEdgesWithLinkAndCJK(_ total: Int) {
        // 23 for the link, 1 for the space before it, the rest CJK at 2 each plus one ASCII filler.
        let bodyWeight = total - 24
        let body = String(repeating: "日", count: bodyWeight / 2) + String(repeating: "a", count: bodyWeight % 2)
        let parts = PostParts(body: body, link: "https://example.com/some/long/path")
        #expect(TextRules.x.measure(parts.composed).count == total)
        let fitted = TextFitter(rules: .x).fit(parts)
        #expect(fitted.measurement.count <= 280)
        #expect(fitted.text.hasSuffix(" https://example.com/some/long/path"))
        #expect((fitted.trimmedCharacters > 0) == (total > 280))
    }

    @Test func aTitleTheTextBeginsWithIsNotRepeated() {
        let card = PostParts(title: "30 day streak", text: "30 day streak in Habitual! 🔥")
        #expect(card.body == "30 day streak in Habitual! 🔥")
        let other = PostParts(title: "Seven days", text: "In a row")
        #expect(other.body == "Seven days\nIn a row")
        #expect(PostParts(title: "", text: "Only text").body == "Only text")
    }

    @Test func dropsHashtagsLastFirstBeforeTrimming() {
        let body = String(repeating: "a", count: 270)
        let fitted = TextFitter(rules: .x).fit(PostParts(body: body, hashtags: ["run", "fitness", "streak"]))
        #expect(fitted.text == body + " #run")
        #expect(fitted.droppedHashtags == ["fitness", "streak"])
        #expect(fitted.trimmedCharacters == 0)
        #expect(fitted.summary == "x: 275/280 (dropped #fitness #streak)")
    }

    @Test func summaryNamesWhatWasTrimmedAndDropped() {
        let body = String(repeating: "word ", count: 60)
        let fitted = TextFitter(rules: .x).fit(
            PostParts(body: body, link: "https://example.com", hashtags: ["fitness"])
        )
        #expect(fitted.droppedHashtags == ["fitness"])
        #expect(
            fitted.summary
                == "x: \(fitted.measurement.count)/280 (trimmed \(fitted.trimmedCharacters) characters, dropped #fitness)"
        )
        #expect(fitted.measurement.count >= 278)
    }

    @Test func neverCutsInsideAURLMentionOrHashtag() {
        let protected = ["https://example.com/a/b/c", "@someone_special", "#LongHashtagHere", "example.org/page"]
        for word in protected {
            for padding in 250...275 {
                let body = String(repeating: "x", count: padding) + " " + word + " tail"
                let fitted = TextFitter(rules: .x).fit(PostParts(body: body))
                let kept = String(fitted.body.dropLast())
                #expect(kept.contains(word) || !kept.contains(String(word.prefix(3))), "cut \(word) at \(padding)")
            }
        }
    }

    @Test func neverSplitsEmojiFlagsOrCombiningSequences() {
        for unit in ["👨‍👩‍👧‍👦", "🇯🇵", "e\u{301}\u{302}", "👍🏽"] {
            let body = String(repeating: unit, count: 600)  // over every limit, so each is trimmed
            for rules in [TextRules.x, .mastodon(), .bluesky, .threads] {
                let fitted = TextFitter(rules: rules).fit(PostParts(body: body))
                #expect(fitted.body.hasSuffix(TextFitter.ellipsis))
                let kept = fitted.body.dropLast()
                #expect(!kept.isEmpty, "\(rules.name) kept nothing of \(unit)")
                #expect(kept.allSatisfy { String($0) == unit }, "\(rules.name) split \(unit)")
                #expect(fitted.fits)
            }
        }
    }

    @Test func theLinkAlwaysSurvives() {
        let link = "https://example.com/" + String(repeating: "p", count: 200)
        let fitted = TextFitter(rules: .bluesky).fit(PostParts(body: String(repeating: "b", count: 200), link: link))
        #expect(fitted.text.hasSuffix(link))
        #expect(fitted.measurement.count <= 300)
    }

    @Test func builtInRulesByName() throws {
        for (name, limit) in [("x", 280), ("twitter", 280), ("mastodon", 500), ("bluesky", 300), ("threads", 500)] {
            let rules = try #require(TextRules.builtIn(named: name), "no built-in rules named \(name)")
            #expect(rules.name == (name == "twitter" ? "x" : name))
            #expect(rules.limit == limit)
        }
        #expect(TextRules.mastodon().limit == TextRules.defaultMastodonLimit)
        #expect(TextRules.builtIn(named: "thread") == nil)
        #expect(TextRules.builtIn(named: "X") == nil)
    }

    @Test(arguments: ["x", "mastodon", "bluesky", "threads"])
    func anEmptyBodyWithALinkTooLongIsReportedNotCrashed(_ name: String) throws {
        let rules = try #require(TextRules.builtIn(named: name), "no built-in rules named \(name)")
        // A link with a space in it is not counted as a URL, so it is long in every network.
        let link = "https://example.com/" + String(repeating: "p ", count: rules.limit)
        for hashtags in [[], ["run", "fitness"]] {
            let fitted = TextFitter(rules: rules).fit(PostParts(body: "", link: link, hashtags: hashtags))
            #expect(fitted.text == link)
            #expect(fitted.body == "")
            #expect(fitted.trimmedCharacters == 0)
            #expect(fitted.droppedHashtags == hashtags)
            #expect(!fitted.fits)
            #expect(fitted.measurement == rules.measure(link))
            #expect(fitted.summary.contains("does not fit"))
        }
    }

    @Test func linkOnlyAndTextWithoutLink() {
        let linkOnly = FittedPost.linkOnly(network: "linkedin", link: "https://example.com")
        #expect(linkOnly.text == "https://example.com")
        #expect(linkOnly.fits)
        #expect(linkOnly.notes.isEmpty)
        #expect(linkOnly.summary == "linkedin: link only (https://example.com)")

        let fitted = TextFitter(rules: .threads).fit(
            PostParts(body: "Day 7", link: "https://example.com", hashtags: ["run"])
        )
        #expect(fitted.text == "Day 7 https://example.com #run")
        #expect(fitted.textWithoutLink == "Day 7 #run")
        #expect(!fitted.summary.contains("link only"))
    }

    @Test func aLinkTooLongForTheLimitIsReportedNotCut() {
        let link = "https://example.com/" + String(repeating: "p", count: 400)
        let fitted = TextFitter(rules: .bluesky).fit(PostParts(body: "hello", link: link))
        #expect(fitted.text == link)
        #expect(!fitted.fits)
        #expect(fitted.summary.contains("does not fit"))
    }
}
