import Testing

@testable import TextFitting

/// Splitting long text into a numbered thread: every part fits its network's count, the parts
/// joined again are the text, and cuts fall at sentence, then word, boundaries.
struct ThreadSplitterTests {
    static let rules: [(name: String, rules: TextRules)] = [
        ("bluesky", .bluesky), ("mastodon", .mastodon()), ("mastodon-100", .mastodon(limit: 100)),
        ("x", .x), ("threads", .threads),
    ]

    /// The text of a part without its ` i/n`.
    static func unnumbered(_ part: String, index: Int, total: Int) -> Substring? {
        let suffix = " \(index)/\(total)"
        return part.hasSuffix(suffix) ? part.dropLast(suffix.count) : nil
    }

    static func withoutWhiteSpace(_ text: some StringProtocol) -> String {
        String(String.UnicodeScalarView(text.unicodeScalars.filter { !$0.properties.isWhitespace }))
    }

    @Test(arguments: 0..<rules.count)
    func everyPartFitsAndTheyJoinIntoTheText(_ index: Int) throws {
        let (name, rules) = Self.rules[index]
        let splitter = ThreadSplitter(rules: rules)
        var generator = MixedTextGenerator(seed: 0x7EAD + UInt64(index))
        var threads = 0
        for round in 0..<80 {
            var text = generator.text(pieces: 10 + generator.below(300))
            if round % 5 == 0 { text = text.replacingAll(" ", with: ". ") }
            let parts = splitter.split(text)
            try #require(!parts.isEmpty)
            if parts.count == 1 {
                #expect(rules.measure(parts[0]).fits && parts[0] == String(ThreadSplitter.trimmed(Substring(text))))
                continue
            }
            threads += 1
            var joined = ""
            for (offset, part) in parts.enumerated() {
                #expect(rules.measure(part).fits, "\(name): part \(offset + 1) of \(parts.count) does not fit: \(part)")
                let body = try #require(
                    Self.unnumbered(part, index: offset + 1, total: parts.count),
                    "\(name): part \(offset + 1) is not numbered \(offset + 1)/\(parts.count): \(part)"
                )
                #expect(!body.isEmpty && body.first?.isWhitespace == false && body.last?.isWhitespace == false)
                joined += body + " "
            }
            #expect(Self.withoutWhiteSpace(joined) == Self.withoutWhiteSpace(text), "\(name): the parts lost text")
        }
        #expect(threads > 30, "\(name): too few texts needed a thread to test it")
    }

    @Test func aTextThatFitsIsOnePartWithoutANumber() {
        #expect(ThreadSplitter(rules: .bluesky).split("  Short and sweet. ") == ["Short and sweet."])
        #expect(ThreadSplitter(rules: .bluesky).split(" \n ") == [])
    }

    @Test func cutsAtSentencesThenWords() {
        let sentence = String(repeating: "word ", count: 30) + "end."  // 154 graphemes
        let text = sentence + " " + sentence + " " + sentence
        let parts = ThreadSplitter(rules: .bluesky).split(text)
        #expect(
            parts
                == [sentence + " " + "1/3", sentence + " 2/3", sentence + " 3/3"].map {
                    $0.replacingAll("  ", with: " ")
                }
        )

        // No sentence end within the room: the last word that fits.
        let words = String(repeating: "abcd ", count: 100)  // 500 graphemes
        let wordParts = ThreadSplitter(rules: .bluesky).split(words)
        #expect(wordParts.count == 2)
        #expect(wordParts[0].hasSuffix("abcd 1/2") && wordParts[0].count <= 300 && wordParts[0].count > 290)
    }

    @Test func aSentenceEndThatLeavesThePartHalfEmptyGivesWayToAWord() {
        let text = "Hi. " + String(repeating: "long ", count: 100)
        let parts = ThreadSplitter(rules: .bluesky).split(text)
        #expect(!parts[0].hasPrefix("Hi. 1/"))
        #expect(parts[0].count > 250)
    }

    @Test func neverCutsALinkWhenAWordBoundaryFits() {
        let link = "https://example.com/" + String(repeating: "p", count: 100)
        let text = String(repeating: "run ", count: 60) + link + " " + String(repeating: "day ", count: 60)
        let parts = ThreadSplitter(rules: .bluesky).split(text)
        #expect(parts.contains { $0.contains(link) })
        // Mastodon counts the link as 23, so its thread is shorter than Bluesky's.
        let mastodon = ThreadSplitter(rules: .mastodon(limit: 200)).split(text)
        #expect(mastodon.allSatisfy { TextRules.mastodon(limit: 200).measure($0).fits })
        #expect(mastodon.contains { $0.contains(link) })
    }

    @Test func cutsAWordLongerThanAPostAtAGrapheme() {
        let family = "👨‍👩‍👧‍👦"
        let text = String(repeating: family, count: 700)  // 700 graphemes, 17,500 bytes
        let parts = ThreadSplitter(rules: .bluesky).split(text)
        #expect(parts.allSatisfy { TextRules.bluesky.measure($0).fits })
        // The byte limit decides: 3000 bytes hold 119 families and the number.
        #expect(parts.count == 6 || parts.count == 7)
        #expect(parts.map { $0.filter { $0 == Character(family) }.count }.reduce(0, +) == 700)
    }

    @Test func numbersWithTheRealCountWhenItGrowsADigit() {
        let text = (1...400).map { "Sentence number \($0) is here." }.joined(separator: " ")
        let parts = ThreadSplitter(rules: .bluesky).split(text)
        #expect(parts.count >= 10)
        #expect(parts.last?.hasSuffix(" \(parts.count)/\(parts.count)") == true)
        #expect(parts.allSatisfy { TextRules.bluesky.measure($0).fits })
    }
}

extension String {
    fileprivate func replacingAll(_ target: String, with replacement: String) -> String {
        split(separator: target, omittingEmptySubsequences: false).joined(separator: replacement)
    }
}
