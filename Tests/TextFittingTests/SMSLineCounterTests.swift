import TestSupport
import Testing

@testable import TextFitting

/// `sharevia sms count --lines`' one-pass counter gives exactly the full analysis's line, and
/// takes the fast path for the common messages (so the speed is real, not a fallback).
@Suite struct SMSLineCounterTests {
    /// The full analysis's line, as `sharevia sms count` prints it.
    static func slow(_ text: String) -> String {
        let analysis = SMSAnalysis(text)
        return ([analysis.count.summary] + analysis.notes).joined(separator: "; ") + "\n"
    }

    /// The fast path's line, or nil when it hands the line to the full analysis.
    static func fast(_ text: String) -> String? {
        var output: [UInt8] = []
        var copy = text
        let taken = copy.withUTF8 { SMSLineCounter.appendSummary(of: $0, to: &output) }
        return taken ? String(decoding: output, as: UTF8.self) : nil
    }

    @Test(arguments: SMSCountingTests.table.map(\.text).filter { !$0.contains("\n") })
    func agreesOnTheBoundaryTable(_ text: String) {
        if let fast = Self.fast(text) { #expect(fast == Self.slow(text), "\(text.debugDescription)") }
    }

    @Test func agreesOnGeneratedMessages() {
        var generator = SMSTextGenerator(seed: 0x5EED_5A5)
        var fastCount = 0
        for _ in 0..<4000 {
            let text = generator.message().split(separator: "\n", omittingEmptySubsequences: false).joined(
                separator: " "
            )
            guard let fast = Self.fast(text) else { continue }
            fastCount += 1
            #expect(fast == Self.slow(text), "\(text.debugDescription)")
        }
        #expect(fastCount > 3000, "only \(fastCount) of 4000 took the fast path")
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
        let fast = try #require(Self.fast(text), "\(text.debugDescription) went to the full analysis")
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
        let fast = try #require(Self.fast(text), "\(text.debugDescription) went to the full analysis")
        #expect(fast == Self.slow(text))
    }

    @Test func lookAlikesGoToTheFullAnalysis() {
        // Smart encoding would make it GSM-7: the full analysis says what it would save.
        #expect(Self.fast("It’s day 7") == nil)
    }
}
