import ArgumentParser
import Destinations
import Foundation
import ShareCore
import TestSupport
import Testing
import TextFitting

@testable import ShareviaCLI

/// `sharevia sms count` and `sharevia --to sms`: parsing in process, the printed lines, and runs of
/// the built binary, with a stand-in `kdeconnect-cli` for the phone path.
@Suite struct SMSCommandTests {
    let folder = TemporaryFolder("sms-cli")

    @Test func parsesTheSMSOptionsOfTheShareCommand() throws {
        let command = try #require(
            try ShareviaCommand.parseAsRoot([
                "--to", "sms", "--text", "hi", "--sms-to", "+14155550123", "--sms-to", "0151 2345678", "--sms-device",
                "abc", "--sms-smart-encoding", "--sms-max-segments", "2",
            ]) as? ShareCommand
        )
        var problems: [SettingError] = []
        let settings = command.invocation.routing.reader(environment: ShareEnvironment())
        let sms = SMSDestination.Configuration(reading: settings, problems: &problems)
        #expect(sms.recipients.map(\.description) == ["+14155550123", "01512345678"])
        #expect(sms.device == "abc" && sms.smartEncoding && sms.maxSegments == 2)
        // The one reader reads a destination's options too; `sms` is left to swift-argument-parser.
        guard
            case .share(let read) = try ShareCommandLine.request([
                "--to", "sms", "--sms-to", "+14155550123", "--text", "hi",
            ])
        else {
            Issue.record("the share command line reader declined --sms-to")
            return
        }
        #expect(read.routing.destinationFlags == ["sms-to": ["+14155550123"]])
        #expect(try ShareCommandLine.request(["sms"]) == nil)
    }

    @Test func badOptionsAreUsageErrorsNamingTheRule() {
        for (arguments, message) in [
            (["--sms-to", "12ab"], "--sms-to: '12ab' is not a phone number: 'a' is not a digit"),
            (["--sms-to", "+0123"], "a country code never starts with 0"), (["--sms-max-segments", "0"], "at least 1"),
        ] {
            let text = ShareviaCommand.message(for: Self.parseError(["--to", "sms", "--text", "x"] + arguments))
            #expect(text.contains(message), "\(text)")
        }
    }

    static func parseError(_ arguments: [String]) -> any Error {
        do {
            _ = try ShareviaCommand.parseAsRoot(arguments)
            return CleanExit.message("parsed")
        } catch { return error }
    }

    @Test func countLinesSayEncodingSegmentsAndWhatForcedUCS2() {
        #expect(
            SMSCountOutput.line(SMSAnalysis(String(repeating: "a", count: 161)))
                == "GSM-7, 2 segments, 161 septets (145 left in the last)"
        )
        #expect(
            SMSCountOutput.line(SMSAnalysis(String(repeating: "e\u{301}", count: 70)))
                == "UCS-2, 3 segments, 140 UTF-16 units (59 left in the last); UCS-2 forced by é (U+0301)"
        )
        let record = SMSCountOutput.record(SMSAnalysis("It’s done", smartEncoding: true))
        #expect(record.encoding == "GSM-7" && record.smartEncodingReplacements == ["’ → '"])
    }

    @Test func countRunsOnTheBinaryWithJSONAndLines() async throws {
        let single = try await ShareviaProcess.run(["sms", "count", String(repeating: "中", count: 71)])
        #expect(single.status == 0, "\(single.stderr)")
        #expect(
            single.stdout == "UCS-2, 2 segments, 71 UTF-16 units (63 left in the last); UCS-2 forced by 中 (U+4E2D)\n"
        )
        let lines = try await ShareviaProcess.run(
            ["sms", "count", "--lines", "--json"],
            input: Array("hello\r\n\(String(repeating: "]", count: 153))\n🇯🇵\n".utf8)
        )
        #expect(lines.status == 0, "\(lines.stderr)")
        let records = try lines.stdout.split(separator: "\n").map {
            try JSONDecoder().decode(SMSCountOutput.Record.self, from: Data($0.utf8))
        }
        #expect(records.map(\.segments) == [1, 3, 1])
        #expect(records.map(\.units) == [5, 306, 4], "the CR of hello\\r\\n is part of its line ending")
        #expect(records.map(\.encoding) == ["GSM-7", "GSM-7", "UCS-2"])
        #expect(records[2].nonGSMCharacters == ["🇯🇵"])
        let bad = try await ShareviaProcess.run(["sms", "count", "--lines", "text"])
        #expect(bad.status == 64)
        #expect(bad.stderr.contains("--lines reads standard input; don't also give TEXT"))
    }

    @Test func aShareWithoutAPhonePrintsTheSMSURI() async throws {
        let run = try await ShareviaProcess.run(
            [
                "--to", "sms", "--sms-to", "+14155550123", "--text", "Seven days", "--url", "https://example.com",
                "--no-fallback",
            ],
            environment: ["PATH": "/usr/bin:/bin"]
        )
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.stdout == "sms:+14155550123?body=Seven%20days%0Ahttps%3A%2F%2Fexample.com\n")
        #expect(run.stderr.contains("✓ sms: handed off: printed the sms: URI (kdeconnect-cli is not installed)"))
        #expect(run.stderr.contains("    sms: GSM-7, 1 segment, 30 septets (130 left in the last)"))
    }

    @Test func aShareThroughAPairedPhoneIsDelivered() async throws {
        let tool = try RecordingTool(
            "kdeconnect-cli",
            in: folder,
            body: "case \"$1\" in --list-available) echo 'f00d Pixel 7';; --help) echo '--attachment <file>';; esac"
        )
        let run = try await ShareviaProcess.run(
            [
                "--to", "sms", "--sms-to", "+14155550123", "--text", "It’s day 7", "--sms-smart-encoding", "--json",
                "--no-fallback",
            ],
            environment: ["PATH": "\(tool.folder):/usr/bin:/bin"]
        )
        #expect(run.status == 0, "\(run.stderr)")
        #expect(
            tool.calls() == [
                ["--list-available", "--id-name-only"],
                ["--device", "f00d", "--send-sms", "It's day 7", "--destination", "+14155550123"],
            ]
        )
        let report = try #require(try JSONSerialization.jsonObject(with: Data(run.stdoutBytes)) as? [String: Any])
        #expect(report["outcome"] as? String == "delivered")
        #expect((report["notes"] as? [String])?.contains("smart encoding: ’ → '") == true)
    }
}
