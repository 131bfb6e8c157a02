import Testing

@testable import TextFitting

/// Each network's counting rules on small, hand-checked texts.
struct CountingTests {
    @Test(arguments: [
        ("hello", 5),
        ("故人", 4),
        ("👨‍👩‍👧‍👦", 2),
        ("🇯🇵🇫🇷", 4),
        ("see example.com now", 4 + 23 + 4),
        ("https://a-very-long-domain-name.example.com/with/a/long/path?and=query", 23),
        ("e\u{301}", 1),
        ("…", 2),
    ])
    func xWeightedLength(_ text: String, _ expected: Int) {
        #expect(TextRules.x.measure(text).count == expected)
    }

    @Test(arguments: [
        ("hello", 5),
        ("see https://example.com/a/very/long/path/indeed", 4 + 23),
        ("bare example.com is not discounted", 34),
        ("hi @alice@mastodon.social!", 10),
        ("👨‍👩‍👧‍👦 e\u{301}", 3),
    ])
    func mastodonCount(_ text: String, _ expected: Int) {
        #expect(TextRules.mastodon().measure(text).count == expected)
    }

    @Test func mastodonLimitIsConfigurable() {
        #expect(TextRules.mastodon(limit: 1000).limit == 1000)
        #expect(TextRules.mastodon().limit == 500)
    }

    @Test(arguments: [("hello", 5, 5), ("👨‍👩‍👧‍👦", 1, 25), ("日本", 2, 6), ("https://example.com", 19, 19)])
    func blueskyCountsGraphemesAndBytes(_ text: String, _ graphemes: Int, _ bytes: Int) {
        let measured = TextRules.bluesky.measure(text)
        #expect(measured.count == graphemes)
        #expect(measured.utf8Bytes == bytes)
    }

    @Test func blueskyByteLimitAlsoApplies() {
        let text = String(repeating: "👨‍👩‍👧‍👦", count: 150)  // 150 graphemes, 3750 bytes
        let measured = TextRules.bluesky.measure(text)
        #expect(measured.count == 150)
        #expect(!measured.fits)
    }

    @Test(arguments: [("hello", 5), ("😀", 4), ("👍🏽", 8), ("👨‍👩‍👧‍👦", 25), ("🇯🇵", 8), ("日本", 2)])
    func threadsCountsEmojiAsUTF8Bytes(_ text: String, _ expected: Int) {
        #expect(TextRules.threads.measure(text).count == expected)
    }

    @Test func customRulesUseTheirCounter() {
        struct CodePoints: TextCounting {
            func count(_ text: String) -> Int { text.unicodeScalars.count }
        }
        let rules = TextRules(name: "pager", limit: 10, unit: "code points", counter: CodePoints())
        let fitted = TextFitter(rules: rules).fit(PostParts(body: "e\u{301}e\u{301}e\u{301}e\u{301}e\u{301}e\u{301}"))
        #expect(fitted.measurement.count <= 10)
        #expect(fitted.body.hasSuffix("…"))
        #expect(fitted.summary.hasPrefix("pager: "))
    }
}
