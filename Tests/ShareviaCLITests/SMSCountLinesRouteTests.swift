import ArgumentParser
import Foundation
import ProcessRunning
import TestSupport
import Testing
import TextFitting

@testable import ShareviaCLI

/// `sms count` is read at start-up by ``SMSCountCommandLine``, the one reader of its declared
/// options, before the command tree is set up; the tree hands it the same words.
@Suite struct SMSCountLinesRouteTests {
    func treeInvocation(_ arguments: [String]) -> SMSCountInvocation? {
        (try? ShareviaCommand.parseAsRoot(arguments) as? SMSCountCommand)?.invocation
    }

    @Test(arguments: [
        ["sms", "count", "--lines"],
        ["sms", "count", "--lines", "--json"],
        ["sms", "count", "--json", "--lines"],
        ["sms", "count", "--lines", "--smart-encoding"],
        ["sms", "count", "--smart-encoding", "--json", "--lines"],
        // Taken too since one parser reads both routes (the table-free reader left these to the tree).
        ["sms", "count", "--lines", "-"], ["sms", "count", "--lines", "--"], ["sms", "count", "--lines", "--lines"],
    ])
    func agreesWithTheCommandTree(arguments: [String]) throws {
        guard case .count(let early)? = try SMSCountCommandLine.request(arguments) else {
            Issue.record("the early route declined \(arguments)")
            return
        }
        let parsed = try #require(treeInvocation(arguments), "the command tree refused \(arguments)")
        #expect(early == parsed)
        #expect(early.lines)
    }

    /// Command lines that are not `sms count`'s, which the command tree reads.
    @Test(arguments: [
        ["sms", "--lines", "count"], ["sms", "help", "count"], ["count", "--lines"],
        ["--to", "sms", "sms", "count", "--lines"], ["sms"], ["sms", "--help"], ["help", "sms"],
        ["text", "count", "--lines"], ["help", "sms", "count", "--lines"],
    ])
    func leavesTheRestToTheCommandTree(arguments: [String]) throws {
        #expect(try SMSCountCommandLine.request(arguments) == nil)
    }

    @Test func readsEveryFlagOfTheCountCommand() throws {
        // Every flag the command declares is read on the early route: it is the one reader.
        let flags = SMSCountOptions.all.filter { !$0.isArgument }.map { "--" + $0.flag }
        #expect(flags == ["--json", "--lines", "--smart-encoding"])
        for flag in flags {
            let request = try SMSCountCommandLine.request(
                ["sms", "count", "--lines"] + (flag == "--lines" ? [] : [flag])
            )
            #expect(request != nil, "\(flag)")
        }
        let all = try SMSCountCommandLine.request(["sms", "count", "--lines", "--json", "--smart-encoding"])
        #expect(all == .count(SMSCountInvocation(json: true, lines: true, smartEncoding: true, text: nil)))
    }

    @Test func countsLinesAsTheFullAnalysisDoes() {
        let input = "hello\r\nIt’s day 7\n\n中文 🔥\n\u{915}\u{94D}\u{937} 🔥\nno line feed at the end"
        var output: [UInt8] = []
        let valid = Array(input.utf8).withUnsafeBufferPointer {
            SMSCountInvocation.countLines($0, appendingTo: &output)
        }
        #expect(valid)
        // A line ends at LF or CRLF: "hello\r\n" is "hello".
        let expected = input.utf8.split(separator: 0x0A, omittingEmptySubsequences: false).map {
            let line = $0.last == 0x0D ? $0.dropLast() : $0
            return SMSCountOutput.line(SMSAnalysis(String(Substring(line)))) + "\n"
        }.joined()
        #expect(String(decoding: output, as: UTF8.self) == expected)
    }

    @Test(arguments: [[0x61, 0x0A, 0xFF, 0x0A], [0xE4, 0xB8, 0x0A, 0xAD], Array("\u{915}\u{94D} ".utf8) + [0xC3]])
    func badUTF8AnywhereFailsTheWholeInput(bytes: [UInt8]) {
        var output: [UInt8] = []
        let valid = bytes.withUnsafeBufferPointer { SMSCountInvocation.countLines($0, appendingTo: &output) }
        #expect(!valid)
    }

    @Test func theBinaryCountsLinesAndRefusesBadBytes() async throws {
        let input = "hello\nIt’s day 7 🔥\n" + String(repeating: "中", count: 71) + "\n"
        let run = try await ShareviaProcess.run(["sms", "count", "--lines"], input: Array(input.utf8))
        #expect(run.status == 0, "\(run.stderr)")
        #expect(
            run.stdout == """
                GSM-7, 1 segment, 5 septets (155 left in the last)
                UCS-2, 1 segment, 13 UTF-16 units (57 left in the last); UCS-2 forced by ’ (U+2019), 🔥 (U+1F525)
                UCS-2, 2 segments, 71 UTF-16 units (63 left in the last); UCS-2 forced by 中 (U+4E2D)

                """
        )
        let bad = try await ShareviaProcess.run(
            ["sms", "count", "--lines"],
            input: Array("ok\nab".utf8) + [0xC3, 0x28]
        )
        #expect(bad.status == 64)
        #expect(bad.stdout.isEmpty, "nothing is printed for an input that is not UTF-8")
        #expect(bad.stderr.contains("the text from standard input is not valid UTF-8 (first bad byte at offset 5)"))
    }

    /// Standard input redirected from a file is read from where the shell left it.
    @Test func aFileOnStandardInputIsReadFromItsCurrentOffset() async throws {
        let folder = TemporaryFolder("sms-count-file")
        defer { folder.remove() }
        let text = "skip it\nhello\n" + String(repeating: "中", count: 71) + "\nlast line, no line feed 🔥"
        let file = folder.file("messages.txt")
        try Data(text.utf8).write(to: URL(fileURLWithPath: file))
        let bad = folder.file("bad.txt")
        try Data(Array("skip it\nfine\n".utf8) + [0xE4, 0xB8, 0x0A]).write(to: URL(fileURLWithPath: bad))
        // dd reads exactly the first line's 8 bytes; sharevia then inherits the descriptor there.
        let script = #"{ dd bs=8 count=1 of=/dev/null 2>/dev/null; exec "$0" sms count --lines; } < "$1""#
        let piped = try await ShareviaProcess.run(["sms", "count", "--lines"], input: Array(text.utf8.dropFirst(8)))
        let fromFile = try await ProcessRunner().run(
            "/bin/sh",
            arguments: ["-c", script, ShareviaProcess.binary, file],
            environment: ["PATH": "/usr/bin:/bin"],
            timeout: .seconds(60)
        )
        #expect(fromFile.exitStatus == 0)
        #expect(fromFile.standardOutput == piped.stdoutBytes)
        #expect(String(decoding: fromFile.standardOutput, as: UTF8.self).hasPrefix("GSM-7, 1 segment, 5 septets"))
        let refused = try await ProcessRunner().run(
            "/bin/sh",
            arguments: ["-c", script, ShareviaProcess.binary, bad],
            environment: ["PATH": "/usr/bin:/bin"],
            timeout: .seconds(60)
        )
        #expect(refused.exitStatus == 64)
        #expect(refused.standardOutput.isEmpty)
        #expect(String(decoding: refused.standardError, as: UTF8.self).contains("first bad byte at offset 5"))
    }
}
