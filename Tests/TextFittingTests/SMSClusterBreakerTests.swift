import TestSupport
import Testing

@testable import TextFitting

/// ``SMSClusterBreaker`` finds the grapheme clusters Swift's `Character` finds, for every scalar
/// whose class it claims to know.
@Suite struct SMSClusterBreakerTests {
    /// How `Character` treats `scalar` next to a letter, a combining mark, an emoji ZWJ sequence
    /// and a regional indicator: the class the breaker must give it.
    static func observedKind(_ scalar: Unicode.Scalar) -> SMSClusterBreaker.Kind? {
        let text = String(scalar)
        if scalar == "\u{200D}" { return .zwj }
        let afterLetter = ("a" + text).count
        let beforeLetter = (text + "a").count
        let beforeMark = (text + "\u{301}").count
        let afterZWJ = ("🔥\u{200D}" + text).count
        let afterFlag = ("\u{1F1EF}" + text).count
        if afterLetter == 2 && beforeLetter == 2 && beforeMark == 2 && ("a" + text + "a").count == 3 { return .control }
        if afterLetter == 1 && beforeLetter == 2 && beforeMark == 1 && ("🔥" + text + "\u{200D}🔥").count == 1 {
            return .extend
        }
        guard afterLetter == 2, beforeLetter == 2, beforeMark == 1 else { return nil }
        if afterFlag == 1 { return ("\u{1F1EF}\u{1F1F5}" + text).count == 2 ? .regionalIndicator : nil }
        // Not an Indic consonant (GB9c) nor a Hangul syllable that a trailing jamo joins.
        guard ("\u{915}\u{94D}" + text).count == 2,
            (text + "\u{11A8}").count == 2 || (0xAC00...0xD7A3).contains(scalar.value)
        else {
            return nil
        }
        return afterZWJ == 1 ? .pictographic : .other
    }

    @Test func everyKnownScalarBreaksAsCharacterDoes() {
        // Mismatches gathered and expected once: an expectation per scalar would cost seconds.
        var known = 0
        var tablesDiffer: [String] = []
        var wrongKind: [String] = []
        for value in UInt32(0)...0x10FFFF {
            guard let scalar = Unicode.Scalar(value) else { continue }
            let kind = SMSClusterBreaker.kind(of: value)
            if kind != SMSClusterBreaker.lookUp(value) { tablesDiffer.append("U+\(String(value, radix: 16))") }
            guard kind != .unknown else { continue }
            known += 1
            if Self.observedKind(scalar) != kind { wrongKind.append("U+\(String(value, radix: 16)) is not \(kind)") }
        }
        #expect(tablesDiffer.isEmpty, "fast path and table differ: \(tablesDiffer.prefix(20))")
        #expect(wrongKind.isEmpty, "\(wrongKind.prefix(20))")
        #expect(known > 40_000)
    }

    /// Scalars of every class, and the ones at the edges of the rules.
    static let pool: [Unicode.Scalar] = [
        "a", " ", "\r", "\t", "\u{7F}", "é", "\u{AD}", "©", "\u{301}", "\u{308}", "\u{483}", "Ж", "ש", "م", "\u{200B}",
        "\u{200C}", "\u{200D}", "\u{200E}", "’", "‼", "€", "\u{20E3}", "™", "↔", "☀", "❤", "中", "は", "\u{3099}", "한",
        "\u{FE0F}", "\u{FEFF}", "！", "🀄", "\u{1F1EF}", "\u{1F1F5}", "\u{1F1EB}", "🔥", "👨", "👩", "\u{1F3FD}",
        "🧑", "💻", "\u{E0067}", "\u{E007F}", "🏴",
    ]

    @Test func randomSequencesSplitAsStringDoes() {
        var random = SeededGenerator(seed: 0xB4EA_C0DE)
        for _ in 0..<3000 {
            var scalars = String.UnicodeScalarView()
            for _ in 0..<(1 + random.below(12)) { scalars.append(random.pick(Self.pool)) }
            let text = String(scalars)
            var breaker = SMSClusterBreaker()
            var clusters: [String] = []
            for scalar in text.unicodeScalars {
                if breaker.startsCluster(SMSClusterBreaker.kind(of: scalar.value)) || clusters.isEmpty {
                    clusters.append("")
                }
                clusters[clusters.count - 1].unicodeScalars.append(scalar)
            }
            let expected = text.map { String($0) }
            #expect(
                clusters.map { Array($0.unicodeScalars) } == expected.map { Array($0.unicodeScalars) },
                "\(text.unicodeScalars.map { String($0.value, radix: 16) })"
            )
        }
    }

    @Test func plainASCIIStartsAClusterAndEndsEveryRun() {
        var breaker = SMSClusterBreaker()
        _ = breaker.startsCluster(.regionalIndicator)
        breaker.sawPlainASCII()
        let flagAfterLetter = breaker.startsCluster(.regionalIndicator)
        #expect(flagAfterLetter, "no flag across the letter")
        _ = breaker.startsCluster(.pictographic)
        _ = breaker.startsCluster(.zwj)
        breaker.sawPlainASCII()
        let emojiAfterLetter = breaker.startsCluster(.pictographic)
        let markAfterEmoji = breaker.startsCluster(.extend)
        #expect(emojiAfterLetter && !markAfterEmoji)
    }
}
