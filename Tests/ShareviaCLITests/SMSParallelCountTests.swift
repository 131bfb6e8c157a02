import Foundation
import TestSupport
import Testing

@testable import ShareviaCLI

/// `sms count --lines` shares large input out in runs of whole lines counted at once; the
/// output must be what one pass over the whole input prints, in the same order.
@Suite struct SMSParallelCountTests {
    /// Mixed messages (GSM-7, extension characters, accents, CJK, emoji, empty lines), seeded.
    static func messages(lines: Int, seed: UInt64) -> String {
        var generator = SeededGenerator(seed: seed)
        let pieces = [
            "Seven days in a row", "{braces} and [brackets] €", "Café crème déjà vu", "中文短信测试",
            "🔥🔥 streak", "👩‍👩‍👧 family", "🇯🇵 flag", "", "a\r", "It’s day 7 — keep going…",
        ]
        var text = ""
        for _ in 0..<lines {
            let count = Int.random(in: 1...12, using: &generator)
            for _ in 0..<count { text += pieces.randomElement(using: &generator)! + " " }
            text += "\n"
        }
        return text
    }

    /// One pass over all of `bytes`, as before the runs.
    static func serial(_ bytes: [UInt8]) -> (valid: Bool, output: [UInt8]) {
        var output: [UInt8] = []
        let valid = bytes.withUnsafeBufferPointer { SMSCountInvocation.countLines($0, appendingTo: &output) }
        return (valid, output)
    }

    @Test(arguments: [0, 1, 5, 40, 2000], [1, 2, 3, 8])
    func runsCoverTheInputInWholeLines(lines: Int, parts: Int) {
        let bytes = Array(Self.messages(lines: lines, seed: UInt64(lines * 10 + parts)).utf8)
        bytes.withUnsafeBufferPointer { buffer in
            let runs = LineRuns.split(buffer, into: parts, minimumBytes: 64)
            #expect(runs.first?.lowerBound == 0)
            #expect(runs.last?.upperBound == bytes.count)
            #expect(runs.count <= max(1, parts))
            for (run, next) in zip(runs, runs.dropFirst()) {
                #expect(run.upperBound == next.lowerBound)
                #expect(bytes[run.upperBound - 1] == 0x0A, "a run ends after a line feed")
                #expect(run.count >= 64)
            }
        }
    }

    @Test func aShortInputIsOneRun() {
        let bytes = Array("one line\nanother\n".utf8)
        bytes.withUnsafeBufferPointer { #expect(LineRuns.split($0, into: 8, minimumBytes: 1 << 17) == [0..<17]) }
        let noLineFeed = [UInt8](repeating: 0x61, count: 1000)
        noLineFeed.withUnsafeBufferPointer { #expect(LineRuns.split($0, into: 4, minimumBytes: 100) == [0..<1000]) }
    }

    @Test func theBinaryPrintsWhatOnePassPrints() async throws {
        let text = Self.messages(lines: 12_000, seed: 7) + "last line without a line feed 🔥"
        let bytes = Array(text.utf8)
        #expect(bytes.count > 4 * SMSCountInvocation.chunkSize, "large enough to be shared out")
        let expected = Self.serial(bytes)
        #expect(expected.valid)
        let result = try await ShareviaProcess.run(["sms", "count", "--lines"], input: bytes)
        #expect(result.status == 0)
        let sameOutput = result.stdoutBytes == expected.output
        #expect(sameOutput)
        #expect(result.stdoutBytes.count(where: { $0 == 0x0A }) == 12_001)
    }

    @Test func aBadByteInALaterRunPrintsNothingAndNamesItsOffset() async throws {
        var bytes = Array(Self.messages(lines: 12_000, seed: 8).utf8)
        let offset = bytes.count - 1000
        bytes[offset] = 0xFF
        let result = try await ShareviaProcess.run(["sms", "count", "--lines"], input: bytes)
        #expect(result.status == 64)
        #expect(result.stdout.isEmpty)
        #expect(result.stderr.contains("first bad byte at offset \(offset)"), "\(result.stderr)")
    }
}
