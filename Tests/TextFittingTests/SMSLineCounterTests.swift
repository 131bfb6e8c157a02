import TestSupport
import Testing

@testable import TextFitting

/// `sharevia sms count --lines`' line counter (``SMSScanner``, the one SMS count) gives exactly
/// the line of the reference count over `String`'s grapheme clusters, as does ``SMSAnalysis``,
/// and finds clusters by its table for the common messages (so the speed is real, not the slower
/// way through `Character`).
@Suite struct SMSLineCounterTests {
    /// The reference's line, as `sharevia sms count` prints it; ``SMSAnalysis`` must print it too.
    static func slow(_ text: String) -> String {
        let reference = SMSReferenceCounter.line(text)
        let analysis = SMSAnalysis(text)
        let analysisLine = ([analysis.count.summary] + analysis.notes).joined(separator: "; ") + "\n"
        #expect(analysisLine == reference, "SMSAnalysis disagrees on \(text.debugDescription)")
        return reference
    }

    /// The line counter's line, or nil when the scanner took its clusters from `Character`.
    static func fast(_ text: String) -> String? {
        guard let line = counted(text), !clustersFromCharacters(text) else { return nil }
        return line
    }

    /// The line counter's line, however it found the clusters.
    static func counted(_ text: String) -> String? {
        var output: [UInt8] = []
        var copy = text
        let taken = copy.withUTF8 { SMSLineCounter.count($0, appendingTo: &output) == .counted }
        return taken ? String(decoding: output, as: UTF8.self) : nil
    }

    static func clustersFromCharacters(_ text: String) -> Bool {
        var copy = text
        return copy.withUTF8 { SMSScanner.scan($0, smartCount: false) { scan, _, _ in scan.clustersFromCharacters } }
            ?? false
    }

    @Test(arguments: SMSCountingTests.table.map(\.text).filter { !$0.contains("\n") })
    func agreesOnTheBoundaryTable(_ text: String) throws {
        // Every row's scalars are ones the fast path knows: it must count them, not decline.
        let fast = try #require(Self.fast(text), "\(text.debugDescription) took its clusters from Character")
        #expect(fast == Self.slow(text), "\(text.debugDescription)")
    }

    @Test func agreesOnGeneratedMessages() {
        var generator = SMSTextGenerator(seed: 0x5EED_5A5)
        var fastCount = 0
        for _ in 0..<4000 {
            let text = generator.message().split(separator: "\n", omittingEmptySubsequences: false).joined(
                separator: " "
            )
            guard let fast = Self.fast(text) else {
                #expect(Self.counted(text) == Self.slow(text), "\(text.debugDescription)")
                continue
            }
            fastCount += 1
            #expect(fast == Self.slow(text), "\(text.debugDescription)")
        }
        #expect(fastCount > 3000, "only \(fastCount) of 4000 took the fast path")
    }

    @Test func escapePairsMoveThePartEdgesAsTheFullAnalysisSays() throws {
        // One- and two-septet characters, ASCII (counted eight bytes at a time) and not, in
        // messages of two to four parts, so that pairs land on every septet of a part's end.
        var generator = SeededGenerator(seed: 0xE5C_A9E)
        let pieces = ["a", "abcdefgh", "]", "[]{}", "é", "€", " ~ ", "aaaaaaa]"]
        for _ in 0..<600 {
            var text = ""
            let target = Int.random(in: 150...480, using: &generator)
            while text.unicodeScalars.count < target { text += pieces.randomElement(using: &generator)! }
            let fast = try #require(Self.fast(text))
            #expect(fast == Self.slow(text), "\(text.debugDescription)")
        }
    }

    @Test(arguments: [
        "Seven days in a row, keep going!",
        String(repeating: "streak ", count: 40),
        String(repeating: "]", count: 153),
        "7 day streak 🔥 in Habits",
        String(repeating: "中文字", count: 30),
        "Привет, 7 дней подряд! 🔥🔥",
        String(repeating: "🔥", count: 40) + " done",
    ])
    func commonMessagesTakeTheFastPath(_ text: String) throws {
        let fast = try #require(Self.fast(text), "\(text.debugDescription) took its clusters from Character")
        #expect(fast == Self.slow(text))
    }

    @Test(arguments: [
        "cafe\u{301} 🔥",  // a combining mark
        // a ZWJ sequence at a part edge
        String(repeating: "a", count: 66) + "👨\u{200D}👩\u{200D}👧\u{200D}👦" + String(repeating: "b", count: 10),
        "🇯🇵 trip 🇫🇷🇫🇷",  // flags
        String(repeating: "👍🏽", count: 20),  // skin tones across part edges
    ])
    func clustersAreFoundWhereTheyMatter(_ text: String) throws {
        let fast = try #require(Self.fast(text), "\(text.debugDescription) took its clusters from Character")
        #expect(fast == Self.slow(text))
    }

    @Test(arguments: [
        String(repeating: "]", count: 150) + "abcdefgh" + String(repeating: "a", count: 10),  // blocks near a part edge
        "中" + String(repeating: "a", count: 300),  // one-unit clusters packed a run at a time
        String(repeating: "a", count: 66) + "🔥" + String(repeating: "b", count: 200),  // a surrogate pair at the edge
        String(repeating: "a", count: 66) + "e\u{301}\u{302}" + String(repeating: "b", count: 70),  // marks at the edge
        "🔥" + String(repeating: "\u{301}", count: 80) + String(repeating: "x", count: 60),  // a cluster over a part
        String(repeating: "ab🇯🇵🇫", count: 30) + "\u{1F1F7}",  // flags pair across letters
        "`" + String(repeating: "中", count: 80),  // a backtick (a look-alike) and a hopeless character
        "\r\u{301}中",  // a mark after CR starts its own cluster
        "tab\there ❤️ 1️⃣ 🏴\u{E0067}\u{E0062}\u{E007F}",  // controls, keycaps and tag sequences
    ])
    func edgesAgreeWithTheFullAnalysis(_ text: String) throws {
        let fast = try #require(Self.fast(text), "\(text.debugDescription) took its clusters from Character")
        #expect(fast == Self.slow(text))
    }

    @Test func unknownScalarsTakeTheirClustersFromCharacter() {
        #expect(Self.fast("नमस्ते 🔥") == nil)  // Devanagari: its conjuncts need the full rules
        #expect(Self.fast("\u{1100}\u{1161} 🔥") == nil)  // Hangul jamo
    }

    @Test(arguments: [
        "नमस्ते 🔥",
        "\u{1100}\u{1161} 🔥",
        // A prepended mark joins the ASCII after it; conjuncts at a part edge.
        "\u{600}1 " + String(repeating: "a", count: 64) + "\u{600}abc" + String(repeating: "क्ष", count: 30),
        String(repeating: "a", count: 65) + "\u{915}\u{94D}\u{937}\u{93F}" + String(repeating: "b", count: 80),
        "\r\n\u{1100}\u{1161}\u{11A8}\r\n" + String(repeating: "\u{1100}\u{1161}", count: 40) + "`",
    ])
    func clustersFromCharacterAreCountedExactly(_ text: String) throws {
        #expect(Self.clustersFromCharacters(text))
        let counted = try #require(Self.counted(text))
        #expect(counted == Self.slow(text))
    }

    @Test func randomScalarSequencesAgree() {
        var random = SeededGenerator(seed: 0x5CA1_AB1E)
        let pool = SMSClusterBreakerTests.pool.filter { $0 != "\r" } + ["a", "b", " ", "]", "`", "\u{1B}", "ü"]
        var counted = 0
        for _ in 0..<3000 {
            var scalars = String.UnicodeScalarView()
            for _ in 0..<random.below(200) { scalars.append(random.pick(pool)) }
            let text = String(scalars)
            guard let fast = Self.fast(text) else {
                #expect(Self.counted(text) == Self.slow(text), "\(text.debugDescription)")
                continue
            }
            counted += 1
            #expect(fast == Self.slow(text), "\(text.unicodeScalars.map { String($0.value, radix: 16) })")
        }
        #expect(counted > 2000)
    }

    @Test func badUTF8IsFoundWhereverItIs() {
        var random = SeededGenerator(seed: 0xBAD_0F8)
        var generator = SMSTextGenerator(seed: 0xBAD_5EED)
        let bad: [[UInt8]] = [
            [0xFF], [0x80], [0xC0, 0xAF], [0xE0, 0x80, 0xAF], [0xED, 0xA0, 0x80], [0xF4, 0x90, 0x80, 0x80],
            [0xF5, 0x80, 0x80, 0x80], [0xE4, 0xB8], [0xF0, 0x9F, 0x94],
        ]
        for round in 0..<1500 {
            var bytes = Array(generator.message().utf8).filter { $0 != 0x0A }
            if round % 3 > 0 {
                let chosen = random.pick(bad)
                bytes.insert(contentsOf: chosen, at: random.below(bytes.count + 1))
            }
            // Now and then a sequence cut short at the end.
            if round % 5 == 0, !bytes.isEmpty { bytes.removeLast(random.below(min(3, bytes.count)) + 1) }
            let valid = String(validating: bytes, as: UTF8.self) != nil
            var output: [UInt8] = []
            let outcome = bytes.withUnsafeBufferPointer { SMSLineCounter.count($0, appendingTo: &output) }
            if valid {
                #expect(outcome != .invalidUTF8, "\(bytes)")
            } else {
                #expect(outcome != .counted, "\(bytes)")
                #expect(output.isEmpty)
            }
            if outcome == .invalidUTF8 { #expect(!valid, "\(bytes)") }
        }
    }

    @Test func plainASCIIAndExtensionsAreFoundEightBytesAtATime() {
        var random = SeededGenerator(seed: 0xA5C1)
        let plain = (UInt8(0x20)...0x7E).filter { $0 != 0x60 }
        for round in 0..<20_000 {
            var word = (0..<8).map { _ in random.pick(plain) }
            if round < 256 * 8 {  // every byte value at every position, then mixes
                word[round % 8] = UInt8(round / 8)
            } else if round % 2 == 0 {
                word[random.below(8)] = UInt8(random.below(256))
            }
            let classes = word.map { SMSASCIIWord.byteClasses[Int($0)] }
            let tested = word.withUnsafeBufferPointer { SMSASCIIWord($0.baseAddress!) }
            let plain = classes.firstIndex { $0 >= 64 } ?? 8
            #expect(tested.plainPrefix == plain, "\(word)")
            #expect((tested.special == 0) == (plain == 8))
            let mask: UInt64 = plain == 8 ? ~0 : (1 << (8 * UInt64(plain))) &- 1
            #expect((tested.extensions & mask).nonzeroBitCount == classes[..<plain].filter { $0 == 1 }.count, "\(word)")
        }
    }

    @Test func scalarTestsAgreeWithTheAlphabet() {
        // Above U+00FF the alphabet has ten Greek capitals and, in its extension table, the euro.
        let greek: Set<UInt32> = [0x393, 0x394, 0x398, 0x39B, 0x39E, 0x3A0, 0x3A3, 0x3A6, 0x3A8, 0x3A9]
        // Mismatches gathered and expected once: an expectation per scalar would cost seconds.
        var wrong: [String] = []
        for value in UInt32(0x100)...0x10FFFF {
            guard let scalar = Unicode.Scalar(value) else { continue }
            let expected = value == 0x20AC ? 2 : greek.contains(value) ? 1 : 0
            if GSM7Alphabet.septets(for: scalar) != expected { wrong.append("U+\(String(value, radix: 16))") }
        }
        #expect(wrong.isEmpty, "\(wrong.prefix(20))")
    }

    @Test func longClustersThatDifferOnlyInLengthAreBothNoted() throws {
        // Forcing clusters are told apart by their first bytes and length; two of over 255 bytes
        // where one is the other's start must still be two entries.
        let text = "e" + String(repeating: "\u{301}", count: 128) + " e" + String(repeating: "\u{301}", count: 127)
        let fast = try #require(Self.fast(text))
        #expect(fast == Self.slow(text))
    }

    @Test(arguments: [
        "It’s day 7",  // the same number of segments
        String(repeating: "’", count: 100),  // one segment fewer
        "«oui» ［done］ – it’s\u{A0}7\u{200B}…",  // fullwidth brackets cost two septets; a removed character
        String(repeating: "…", count: 60),  // 180 septets would be two segments: no note
        String(repeating: "a", count: 150) + "…" + String(repeating: "\u{2014}", count: 10),
        "\u{2028}line\u{2029}\t",  // separators become line feeds, the tab a space
    ])

    func saysWhatSmartEncodingWouldSave(_ text: String) throws {
        let fast = try #require(Self.fast(text), "\(text.debugDescription) took its clusters from Character")
        #expect(fast == Self.slow(text))
    }
}
