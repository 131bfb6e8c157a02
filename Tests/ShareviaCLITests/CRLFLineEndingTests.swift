import Foundation
import ProcessRunning
import TestSupport
import Testing
import TextFitting

@testable import ShareviaCLI

/// Issue 23, defect 14: a line read from standard input ends at LF or CRLF, and neither is
/// counted. 160 GSM-7 characters with CRLF are one segment, by the fast line counter (a pipe, and
/// a regular file shared out in chunks) and by the full analysis (`--json`) alike.
@Suite struct CRLFLineEndingTests {
    let folder = TemporaryFolder("crlf")

    static let full = String(repeating: "a", count: 160)
    static let oneSegment = "GSM-7, 1 segment, 160 septets (0 left in the last)"

    @Test func lineEndingsAreLFOrCRLF() {
        let lines = LineEnding.lines(of: Array("one\r\ntwo\n\r\nthree\rfour\r\n\nlast\r".utf8)).map {
            String(decoding: $0, as: UTF8.self)
        }
        #expect(lines == ["one", "two", "", "three\rfour", "", "last\r"], "a CR without LF is text")
        #expect(LineEnding.lines(of: Array("".utf8)).isEmpty)
        #expect(LineEnding.lines(of: Array("\r\n".utf8)).map(\.count) == [0])
        let whole = { (text: String) in
            String(decoding: LineEnding.withoutFinalLineEnding(Array(text.utf8)), as: UTF8.self)
        }
        #expect(whole("text\r\n") == "text")
        #expect(whole("text\n") == "text")
        #expect(whole("text\r\n\r\n") == "text\r\n", "one line ending only")
        #expect(whole("text\r") == "text\r")
    }

    @Test func theFastLineCounterLeavesOutTheCRAndAgreesWithTheFullAnalysis() {
        for line in [Self.full, "hello", "", "a\rb", String(repeating: "]", count: 80), "中文"] {
            var output: [UInt8] = []
            let valid = Array((line + "\r\n").utf8).withUnsafeBufferPointer {
                SMSCountInvocation.countLines($0, appendingTo: &output)
            }
            #expect(valid)
            #expect(String(decoding: output, as: UTF8.self) == SMSCountOutput.line(SMSAnalysis(line)) + "\n", "\(line)")
        }
    }

    @Test func smsCountLinesThroughAPipe() async throws {
        let input = Array((Self.full + "\r\n" + Self.full + "\r\n" + "hello\r\n").utf8)
        let text = try await ShareviaProcess.run(["sms", "count", "--lines"], input: input)
        #expect(text.status == 0, "\(text.stderr)")
        #expect(
            text.stdout
                == "\(Self.oneSegment)\n\(Self.oneSegment)\nGSM-7, 1 segment, 5 septets (155 left in the last)\n"
        )
        let json = try await ShareviaProcess.run(["sms", "count", "--lines", "--json"], input: input)
        #expect(json.status == 0, "\(json.stderr)")
        let records = try json.stdout.split(separator: "\n").map {
            try JSONDecoder().decode(SMSCountOutput.Record.self, from: Data($0.utf8))
        }
        #expect(records.map(\.segments) == [1, 1, 1])
        #expect(records.map(\.units) == [160, 160, 5])
    }

    @Test func smsCountLinesFromARegularFileSharedOutInChunks() async throws {
        // More than four chunks, so several threads each count CRLF lines of their own.
        let lines = 5 * SMSCountInvocation.chunkSize / 162 + 10
        let path = try folder.write(Array(String(repeating: Self.full + "\r\n", count: lines).utf8), named: "crlf.txt")
        let result = try await ProcessRunner().run(
            ProcessInvocation(
                executable: ShareviaProcess.binary,
                arguments: ["sms", "count", "--lines"],
                standardInput: .file(path: path),
                timeout: .seconds(60)
            )
        )
        #expect(result.exitStatus == 0)
        let output = String(decoding: result.standardOutput, as: UTF8.self)
        #expect(output == String(repeating: Self.oneSegment + "\n", count: lines))
    }

    @Test func smsAndTextCountOfAllStandardInputLeaveOutTheFinalCRLF() async throws {
        let sms = try await ShareviaProcess.run(["sms", "count"], input: Array((Self.full + "\r\n").utf8))
        #expect(sms.stdout == Self.oneSegment + "\n", "\(sms.stderr)")
        let text = try await ShareviaProcess.run(
            ["text", "count", "--for", "bluesky", "--lines"],
            input: Array("hello\r\nworld\r\n".utf8)
        )
        #expect(text.status == 0, "\(text.stderr)")
        #expect(text.stdout.split(separator: "\n").allSatisfy { $0.hasPrefix("bluesky: 5/300") }, "\(text.stdout)")
    }
}
