import TestSupport
import Testing

@testable import TextFitting

/// SMS segment counting, as carriers bill it: the boundary table of the issue, Twilio's checked
/// examples, extension characters and clusters at part edges, and every count agreeing with the
/// parts it packs.
@Suite struct SMSCountingTests {
    struct Row: Sendable, CustomTestStringConvertible {
        var name: String
        var text: String
        var encoding: SMSEncoding
        var units: Int
        var segments: Int
        var left: Int
        var testDescription: String { name }
    }

    static func repeated(_ piece: String, _ times: Int) -> String { String(repeating: piece, count: times) }

    static let family = "👨\u{200D}👩\u{200D}👧\u{200D}👦"  // 11 UTF-16 units

    static let table: [Row] = [
        Row(name: "empty", text: "", encoding: .gsm7, units: 0, segments: 1, left: 160),
        Row(name: "160 a", text: repeated("a", 160), encoding: .gsm7, units: 160, segments: 1, left: 0),
        Row(name: "161 a", text: repeated("a", 161), encoding: .gsm7, units: 161, segments: 2, left: 145),
        Row(name: "306 a", text: repeated("a", 306), encoding: .gsm7, units: 306, segments: 2, left: 0),
        Row(name: "307 a", text: repeated("a", 307), encoding: .gsm7, units: 307, segments: 3, left: 152),
        Row(name: "459 a", text: repeated("a", 459), encoding: .gsm7, units: 459, segments: 3, left: 0),
        Row(name: "460 a", text: repeated("a", 460), encoding: .gsm7, units: 460, segments: 4, left: 152),
        Row(name: "70 中", text: repeated("中", 70), encoding: .ucs2, units: 70, segments: 1, left: 0),
        Row(name: "71 中", text: repeated("中", 71), encoding: .ucs2, units: 71, segments: 2, left: 63),
        Row(name: "134 中", text: repeated("中", 134), encoding: .ucs2, units: 134, segments: 2, left: 0),
        Row(name: "135 中", text: repeated("中", 135), encoding: .ucs2, units: 135, segments: 3, left: 66),
        Row(name: "201 中", text: repeated("中", 201), encoding: .ucs2, units: 201, segments: 3, left: 0),
        Row(name: "202 中", text: repeated("中", 202), encoding: .ucs2, units: 202, segments: 4, left: 66),
        // Twilio's calculator, checked against billed messages.
        Row(
            name: "70 decomposed é",
            text: repeated("e\u{301}", 70),
            encoding: .ucs2,
            units: 140,
            segments: 3,
            left: 59
        ),
        Row(name: "70 precomposed é", text: repeated("é", 70), encoding: .gsm7, units: 70, segments: 1, left: 90),
        Row(
            name: "80 a CRLF 79 a",
            text: repeated("a", 80) + "\r\n" + repeated("a", 79),
            encoding: .gsm7,
            units: 161,
            segments: 2,
            left: 145
        ),
        // Extension characters cost two septets and an escape pair is never split.
        Row(name: "80 ]", text: repeated("]", 80), encoding: .gsm7, units: 160, segments: 1, left: 0),
        Row(name: "81 ]", text: repeated("]", 81), encoding: .gsm7, units: 162, segments: 2, left: 143),
        Row(
            name: "153 ] (one part more than 306/153)",
            text: repeated("]", 153),
            encoding: .gsm7,
            units: 306,
            segments: 3,
            left: 151
        ),
        Row(
            name: "€ at the edge of part 1",
            text: repeated("a", 152) + "€" + repeated("a", 7),
            encoding: .gsm7,
            units: 161,
            segments: 2,
            left: 144
        ),
        Row(
            name: "{ fills part 1 exactly",
            text: repeated("a", 151) + "{" + repeated("a", 8),
            encoding: .gsm7,
            units: 161,
            segments: 2,
            left: 145
        ),
        Row(name: "form feed", text: "\u{0C}", encoding: .gsm7, units: 2, segments: 1, left: 158),
        // Surrogate pairs and clusters.
        Row(name: "one astral emoji", text: "🔥", encoding: .ucs2, units: 2, segments: 1, left: 68),
        Row(name: "160 a + 🔥", text: repeated("a", 160) + "🔥", encoding: .ucs2, units: 162, segments: 3, left: 39),
        Row(
            name: "66 a + 🔥 + 3 a (pair not split)",
            text: repeated("a", 66) + "🔥aaa",
            encoding: .ucs2,
            units: 71,
            segments: 2,
            left: 62
        ),
        Row(name: "17 flags", text: repeated("🇯🇵", 17), encoding: .ucs2, units: 68, segments: 1, left: 2),
        Row(name: "18 flags", text: repeated("🇯🇵", 18), encoding: .ucs2, units: 72, segments: 2, left: 59),
        Row(
            name: "33 flags (one part more than 132/67)",
            text: repeated("🇯🇵", 33),
            encoding: .ucs2,
            units: 132,
            segments: 3,
            left: 63
        ),
        Row(name: "6 ZWJ families", text: repeated(family, 6), encoding: .ucs2, units: 66, segments: 1, left: 4),
        Row(name: "7 ZWJ families", text: repeated(family, 7), encoding: .ucs2, units: 77, segments: 2, left: 56),
        Row(
            name: "ab + 12 ZWJ families",
            text: "ab" + repeated(family, 12),
            encoding: .ucs2,
            units: 134,
            segments: 3,
            left: 56
        ),
        Row(name: "lone escape is not GSM-7", text: "a\u{1B}b", encoding: .ucs2, units: 3, segments: 1, left: 67),
        Row(name: "backtick is not GSM-7", text: "`", encoding: .ucs2, units: 1, segments: 1, left: 69),
        Row(name: "ç is not GSM-7 (Ç is)", text: "çÇ", encoding: .ucs2, units: 2, segments: 1, left: 68),
        Row(
            name: "Greek capitals and ¤ are",
            text: "ΔΦΓΛΩΠΨΣΘΞ¤¡¿§",
            encoding: .gsm7,
            units: 14,
            segments: 1,
            left: 146
        ),
    ]

    @Test(arguments: table)
    func boundaryTable(_ row: Row) {
        let count = SMSSegmentCounter.count(row.text)
        #expect(count.encoding == row.encoding)
        #expect(count.units == row.units)
        #expect(count.segments == row.segments)
        #expect(count.unitsLeftInLastSegment == row.left)
        let parts = SMSSegmentCounter.parts(row.text)
        #expect(parts.count == row.segments, "parts() packs \(parts.count)")
        #expect(parts.joined() == row.text)
    }

    @Test func aClusterIsNeverSplitAndAnEscapePairNeverIs() {
        let flags = SMSSegmentCounter.parts(Self.repeated("🇯🇵", 33))
        #expect(flags.map { $0.utf16.count } == [64, 64, 4])
        #expect(flags.allSatisfy { $0.count * 4 == $0.utf16.count }, "a flag was split")
        let brackets = SMSSegmentCounter.parts(Self.repeated("]", 153))
        #expect(brackets.map(\.count) == [76, 76, 1])
    }

    @Test func aClusterLongerThanAPartIsSplitBetweenItsScalars() {
        let zalgo = "Z" + Self.repeated("\u{351}", 100)  // one cluster of 101 units
        let count = SMSSegmentCounter.count(zalgo)
        #expect(count.encoding == .ucs2 && count.units == 101 && count.segments == 2)
        #expect(SMSSegmentCounter.parts(zalgo).map { $0.unicodeScalars.count } == [67, 34])
    }

    @Test(arguments: [
        String(repeating: "नमस्ते ", count: 20),
        String(repeating: "a", count: 66) + "\u{915}\u{94D}\u{937}\u{93F}" + String(repeating: "b", count: 70),
        "\u{600}1" + String(repeating: "\u{1100}\u{1161}\u{11A8}", count: 50) + "\r\n"
            + String(repeating: "x", count: 70),
    ])
    func textWithClustersFromCharacterIsPackedByThem(_ text: String) {
        let count = SMSSegmentCounter.count(text)
        #expect(count == SMSReferenceCounter.count(text))
        let parts = SMSSegmentCounter.parts(text)
        #expect(parts.count == count.segments)
        #expect(parts.joined() == text)
        // Every part ends where a character does: no cluster is split.
        let ends = Set(text.indices).union([text.endIndex])
        #expect(parts.allSatisfy { ends.contains($0.endIndex) }, "\(parts.map { $0.utf16.count })")
    }

    @Test func whatForcedUCS2IsNamed() {
        let text = "It’s “done” 🔥 — e\u{301} 🔥"
        #expect(SMSSegmentCounter.nonGSMCharacters(in: text) == ["’", "“", "”", "🔥", "—", "e\u{301}"])
        #expect(SMSSegmentCounter.nonGSMScalars(of: "e\u{301}") == "U+0301")
        #expect(SMSSegmentCounter.nonGSMScalars(of: "🔥") == "U+1F525")
        #expect(SMSSegmentCounter.nonGSMCharacters(in: "plain [GSM] €") == [])
    }

    /// Property: for mixed generated text, the count and the parts agree, each part holds at
    /// most its capacity, and every part but the last could not take the next unit.
    @Test func countsAgreeWithTheirPartsOnGeneratedText() {
        var generator = SMSTextGenerator(seed: 0x5A5)
        for _ in 0..<3000 {
            let text = generator.message()
            let count = SMSSegmentCounter.count(text)
            #expect(count == SMSReferenceCounter.count(text), "\(text.debugDescription)")
            let parts = SMSSegmentCounter.parts(text)
            #expect(parts.count == count.segments, "\(text.debugDescription)")
            #expect(parts.joined() == text)
            let capacity = count.capacityPerSegment
            let sizes = parts.map { count.encoding == .gsm7 ? SMSTextGenerator.septets($0) : $0.utf16.count }
            #expect(sizes.reduce(0, +) == count.units)
            #expect(sizes.allSatisfy { $0 <= capacity } || sizes.count == 1 && sizes[0] <= capacity)
            #expect(count.unitsLeftInLastSegment == capacity - (sizes.last ?? 0))
            #expect(count.encoding == (GSM7Alphabet.canEncode(text) ? .gsm7 : .ucs2))
        }
    }

    // MARK: Smart encoding

    @Test func smartEncodingKeepsAMessageGSM7() {
        let text = "It’s “done” — see you… at 10\u{A0}am\u{200B}"
        let before = SMSSegmentCounter.count(text)
        #expect(before.encoding == .ucs2)
        let smart = SMSSmartEncoding.encode(text)
        #expect(smart.applied)
        #expect(smart.text == "It's \"done\" - see you... at 10 am")
        #expect(SMSSegmentCounter.count(smart.text).encoding == .gsm7)
        #expect(
            smart.replacements.map(\.description) == [
                "’ → '", "“ → \"", "” → \"", "— → -", "… → ...", "U+00A0 → space", "U+200B removed",
            ]
        )
    }

    @Test func smartEncodingLeavesTextThatStaysUCS2Alone() {
        let text = "“Seven days” 🔥"
        let smart = SMSSmartEncoding.encode(text)
        #expect(!smart.applied)
        #expect(smart.text == text)
        let analysis = SMSAnalysis(text, smartEncoding: true)
        #expect(analysis.text == text && analysis.count.encoding == .ucs2)
        #expect(analysis.notes == ["UCS-2 forced by “ (U+201C), ” (U+201D), 🔥 (U+1F525)"])
    }

    @Test func smartEncodingNeverAddsASegment() {
        // 60 `…` are one UCS-2 segment; as 180 full stops they would be two GSM-7 segments.
        let text = Self.repeated("…", 60)
        #expect(SMSSegmentCounter.count(Self.repeated("...", 60)).segments == 2)
        let smart = SMSSmartEncoding.encode(text)
        #expect(!smart.applied && smart.text == text)
        let analysis = SMSAnalysis(text, smartEncoding: true)
        #expect(analysis.count == SMSCount(encoding: .ucs2, units: 60, segments: 1, unitsLeftInLastSegment: 10))
        #expect(analysis.smartEncodingWouldGive == nil)
        #expect(analysis.notes == ["UCS-2 forced by … (U+2026)"])
        // Where they fit in as many segments, they are applied.
        #expect(SMSSmartEncoding.encode(Self.repeated("…", 40)).applied)
    }

    @Test func everyReplacementIsGSM7() {
        for value in UInt32(0)...0x10FFFF {
            guard let scalar = Unicode.Scalar(value), let replacement = SMSSmartEncoding.replacement(for: scalar) else {
                continue
            }
            #expect(GSM7Alphabet.canEncode(replacement), "U+\(String(value, radix: 16)) → \(replacement)")
        }
    }

    @Test func theAnalysisSaysWhatSmartEncodingWouldSave() {
        let text = Self.repeated("’", 100)
        let plain = SMSAnalysis(text)
        #expect(plain.count.encoding == .ucs2 && plain.count.segments == 2)
        #expect(plain.smartEncodingWouldGive?.segments == 1)
        #expect(plain.notes.last == "smart encoding would make it GSM-7 in 1 segment (1 fewer)")
        let smart = SMSAnalysis(text, smartEncoding: true)
        #expect(smart.count == SMSCount(encoding: .gsm7, units: 100, segments: 1, unitsLeftInLastSegment: 60))
        #expect(smart.notes == ["smart encoding: ’ → ' (x100)"])
    }

    // MARK: Trimming

    @Test func trimmingKeepsTheLinkWholeAndUsesThreeDotsInGSM7() {
        let parts = SMSMessageParts(
            body: Self.repeated("word ", 60),
            link: "https://example.com/streak",
            hashtags: ["streak", "run"]
        )
        let fitted = SMSTrimmer(maxSegments: 1).fit(parts)
        #expect(fitted.fits)
        #expect(fitted.count.encoding == .gsm7 && fitted.count.segments == 1)
        #expect(fitted.droppedHashtags == ["run", "streak"])
        #expect(fitted.text.hasSuffix("...\nhttps://example.com/streak"))
        #expect(fitted.count.units <= 160 && fitted.count.units >= 157, "the longest body that fits is kept")
        #expect(fitted.notes == ["trimmed \(fitted.trimmedCharacters) characters", "dropped #run #streak"])
    }

    @Test func trimmingUCS2CutsAtAClusterAndUsesTheEllipsis() {
        let parts = SMSMessageParts(body: Self.repeated("🇯🇵", 40), link: "https://e.x/1")
        let fitted = SMSTrimmer(maxSegments: 2).fit(parts)
        #expect(fitted.fits && fitted.count.segments == 2)
        #expect(fitted.text.hasSuffix("🇯🇵…\nhttps://e.x/1"))
        #expect(fitted.text.unicodeScalars.filter { (0x1F1E6...0x1F1FF).contains($0.value) }.count % 2 == 0)
    }

    @Test func aLinkTooLongForTheLimitDoesNotFit() {
        let link = "https://example.com/" + Self.repeated("a", 200)
        let fitted = SMSTrimmer(maxSegments: 1).fit(SMSMessageParts(body: "hello", link: link))
        #expect(!fitted.fits)
        #expect(fitted.text == link)
    }

    @Test func aMessageThatFitsIsLeftAlone() {
        let parts = SMSMessageParts(body: "Seven days", link: "https://e.x", hashtags: ["streak"])
        let fitted = SMSTrimmer(maxSegments: 1).fit(parts)
        #expect(fitted.text == "Seven days\nhttps://e.x\n#streak")
        #expect(fitted.notes.isEmpty)
    }
}
