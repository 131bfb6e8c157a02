import Foundation
@_spi(_Unicode) import Swift
import Testing

@testable import TextFitting

/// Every Unicode scalar, and every scalar's canonical decomposition, repeated to just over each
/// network's limit, in all four counters: nothing traps (NFC lengthens composition exclusions
/// such as U+0958, which once put X's valid range below zero), no count is negative, X's valid
/// range stays inside the text, and the fitted text is within the limit.
///
/// Running all 1.1 million texts through every counter and the fitter would take an hour in a
/// debug build, so the texts are grouped by ``UnitTraits``: everything the counters and the
/// fitter read about a repeated unit (each scalar's X weight, validity, emoji scanning, combining
/// class, category, composition, UTF-8 width, white space, and how copies of it join into
/// graphemes). Every scalar's traits are computed, and each group's first and last members are
/// checked in full.
struct EveryScalarTests {
    static let networks: [TextRules] = [.x, .mastodon(), .bluesky, .threads]

    /// The texts tried for one scalar: the scalar, and its canonical decomposition when that differs.
    static func units(of scalar: Unicode.Scalar) -> [String] {
        let single = String(scalar)
        var decomposed = String.UnicodeScalarView()
        decomposed.append(contentsOf: single._nfd)
        return decomposed.elementsEqual(single.unicodeScalars) ? [single] : [single, String(decomposed)]
    }

    /// What one scalar of a unit's NFC form is, to the counters.
    struct ScalarTraits: Hashable {
        var weight: Int
        var invalid: Bool
        var emojiAlone: Int
        var emojiPaired: Int
        var combiningClass: UInt8
        var category: Unicode.GeneralCategory
        var emoji: Bool
        var emojiPresentation: Bool
        var emojiModifier: Bool
        var emojiModifierBase: Bool
        var whitespace: Bool
        var utf8: Int
        var stableStarter: Bool
        var compositionExclusion: Bool
        /// ASCII scalars are kept apart: URLs, mentions and hashtags are made of them.
        var ascii: UInt32?

        init(_ scalar: Unicode.Scalar) {
            let value = scalar.value
            let properties = scalar.properties
            weight = TwitterTextConfiguration.v3.weight(of: value)
            invalid = CharacterClasses.isInvalid(value)
            emojiAlone = [value].withUnsafeBufferPointer { EmojiScanner.length(in: $0, at: 0) }
            emojiPaired = [value, value].withUnsafeBufferPointer { EmojiScanner.length(in: $0, at: 0) }
            combiningClass = properties.canonicalCombiningClass.rawValue
            category = properties.generalCategory
            emoji = properties.isEmoji
            emojiPresentation = properties.isEmojiPresentation
            emojiModifier = properties.isEmojiModifier
            emojiModifierBase = properties.isEmojiModifierBase
            whitespace = properties.isWhitespace
            utf8 = UTF8.width(scalar)
            stableStarter = TextNormalization.isStableStarter(scalar)
            compositionExclusion = properties.isFullCompositionExclusion
            ascii = value < 0x80 ? value : nil
        }
    }

    /// What a repeated unit is, to the counters and the fitter: its scalars' traits before and
    /// after NFC (of two copies, so that copies composing with each other show), and how many
    /// graphemes one, two and three copies make.
    struct UnitTraits: Hashable {
        var scalars: [ScalarTraits]
        var normalized: [ScalarTraits]
        var graphemes: [Int]

        init(_ unit: String) {
            scalars = unit.unicodeScalars.map(ScalarTraits.init)
            let two = unit + unit
            let nfc = String(decoding: two._nfcCodeUnits, as: UTF8.self)
            normalized =
                nfc.unicodeScalars.elementsEqual(two.unicodeScalars) ? [] : nfc.unicodeScalars.map(ScalarTraits.init)
            graphemes = [unit.count, two.count, (two + unit).count]
        }
    }

    /// `unit` repeated to just over `rules.limit`, by two measures: one more than the limit
    /// divided by the unit's own count, and one more copy than the limit (each copy counting at
    /// least one). NFC can make a text count far more than its scalars suggest, and the valid
    /// range once went below zero only at the longer length (U+0958 x281, not x71).
    static func repeated(_ unit: String, over rules: TextRules) -> [String] {
        let each = max(1, rules.counter.count(unit))
        return Set([rules.limit / each + 1, rules.limit + 1]).sorted().map { String(repeating: unit, count: $0) }
    }

    /// What is wrong with `text` under `rules`, or nil.
    static func problem(_ text: String, _ rules: TextRules) -> String? {
        let count = rules.counter.count(text)
        if count < 0 { return "count \(count)" }
        if rules.name == "x" {
            let parsed = TwitterTextParser(configuration: .v3).parse(text)
            if parsed.validRange.upperBound > parsed.displayRange.upperBound || parsed.weightedLength != count {
                return "parsed \(parsed)"
            }
        }
        let fitted = TextFitter(rules: rules).fit(PostParts(body: text))
        if !fitted.fits || rules.measure(fitted.text).count > rules.limit { return "fitted \(fitted.summary)" }
        return nil
    }

    /// Runs `body` on a thread of its own, so the long loop doesn't hold one of the test
    /// process's pool threads.
    static func onOwnThread<Result: Sendable>(_ body: @escaping @Sendable () -> Result) async -> Result {
        await withCheckedContinuation { continuation in
            Thread.detachNewThread { continuation.resume(returning: body()) }
        }
    }

    @Test func everyScalarAndDecompositionInEveryCounter() async {
        let (cases, groups, failures) = await Self.onOwnThread { () -> (Int, Int, [String]) in
            // The first and last unit of each group of units with the same traits.
            var members: [UnitTraits: (first: String, last: String)] = [:]
            var cases = 0
            for value in UInt32(0)...0x10FFFF {
                guard let scalar = Unicode.Scalar(value) else { continue }
                for unit in Self.units(of: scalar) {
                    cases += 1
                    let traits = UnitTraits(unit)
                    if let found = members[traits] {
                        members[traits] = (found.first, unit)
                    } else {
                        members[traits] = (unit, unit)
                    }
                }
            }
            var failures: [String] = []
            for (first, last) in members.values {
                for unit in Set([first, last]) {
                    for rules in Self.networks {
                        for text in Self.repeated(unit, over: rules) {
                            guard let problem = Self.problem(text, rules) else { continue }
                            let scalars = unit.unicodeScalars.map {
                                "U+" + String($0.value, radix: 16, uppercase: true)
                            }
                            failures.append(
                                "\(scalars.joined(separator: " ")) x\(text.unicodeScalars.count / unit.unicodeScalars.count) \(rules.name): \(problem)"
                            )
                        }
                    }
                }
            }
            return (cases, members.count, failures)
        }
        #expect(cases > 1_112_064, "every scalar, and the decompositions")
        #expect(groups > 500, "the traits tell apart the scalars the counters treat differently")
        #expect(failures.isEmpty, "\(failures.count) failures, first: \(failures.prefix(10))")
    }
}
