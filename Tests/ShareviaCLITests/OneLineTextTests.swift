import ArgumentParser
import Foundation
import ShareCore
import TestSupport
import Testing

@testable import ShareviaCLI

/// Issue 23, defect 15a: values that must be one line are checked by Unicode scalar. Swift counts
/// CR LF as one Character equal to neither "\r" nor "\n", so a CRLF title once reached the X and
/// Reddit intents (exit 0) and was refused by email only when sending (exit 4). Now it is a usage
/// error (64) before any destination runs.
@Suite struct OneLineTextTests {
    let folder = TemporaryFolder("one-line")

    static let breaks: [String] = ["\r\n", "\r", "\n", "\u{0B}", "\u{0C}", "\u{85}", "\u{2028}", "\u{2029}", "\0"]

    @Test func everyLineBreakAndNULIsFound() {
        for separator in Self.breaks {
            let found = OneLineText.firstBreak(in: "Day 7" + separator + "done")
            #expect(found?.position == 6, "\(separator.unicodeScalars.map(\.value))")
        }
        #expect(OneLineText.firstBreak(in: "Day 7 ✨ 👨‍👩‍👧‍👦 e\u{301} \t tab") == nil)
        #expect(OneLineText.problem(in: "a\r\nb") == "a line break (U+000D) at character 2")
        #expect(OneLineText.problem(in: "a\u{2028}") == "a line break (U+2028) at character 2")
        #expect(OneLineText.problem(in: "\0") == "a NUL character (U+0000) at character 1")
    }

    @Test(arguments: breaks)
    func aTitleWithALineBreakIsAUsageError(_ separator: String) {
        let error = SMSCommandTests.parseError(["--to", "x", "--text", "hi", "--title", "Day 7\(separator)Bcc: x"])
        let message = ShareviaCommand.message(for: error)
        #expect(message.contains("--title must be one line, but it has"), "\(message)")
        #expect(ShareviaCommand.exitCode(for: error).rawValue == 64)
    }

    @Test func aSubjectWithAUnicodeLineSeparatorIsAUsageError() {
        for separator in ["\r\n", "\u{85}", "\u{2028}", "\u{2029}"] {
            let error = SMSCommandTests.parseError([
                "--to", "email", "--text", "hi", "--email-to", "a@example.com", "--subject",
                "Hi\(separator)Bcc: b@example.com",
            ])
            #expect(ShareviaCommand.message(for: error).contains("--subject must be one line"))
        }
    }

    /// Through the built binary, before any destination runs: nothing printed on standard output,
    /// no intent URL, no draft.
    @Test(arguments: ["x", "reddit", "email"])
    func theBinaryRefusesACRLFTitleWith64(_ destination: String) async throws {
        let out = folder.file("out-\(destination)")
        let run = try await ShareviaProcess.run(
            ["--to", destination, "--text", "hi", "--title", "Day 7\r\nBcc: victim@example.org", "--out", out],
            environment: ["SHAREVIA_EMAIL_TO": "a@example.com"]
        )
        #expect(run.status == 64, "\(run.stderr)")
        #expect(run.stdout.isEmpty)
        #expect(run.stderr.contains("--title must be one line, but it has a line break (U+000D) at character 6"))
        #expect(!FileManager.default.fileExists(atPath: out))
    }

    @Test func aOneLineConfigValueIsCheckedByScalar() async throws {
        for separator in ["\u{2028}", "\u{85}"] {
            let path = try folder.write(
                Array("email:\n  from: \"a@example.com\(separator)x\"\n".utf8),
                named: "config.yaml"
            )
            chmod(path, 0o600)
            let run = try await ShareviaConfigCheck.run(config: path)
            #expect(run.status == 64, "\(run.stderr)")
            #expect(run.stderr.contains("email.from must be one line"), "\(run.stderr)")
        }
    }
}

/// The config file's lines end at LF or CRLF: CR LF is one Character, so splitting the text on
/// "\n" once left a CRLF file as one long line, refused.
@Suite struct ConfigLineEndingTests {
    let folder = TemporaryFolder("config-crlf")

    @Test func aConfigFileWithCRLFLineEndingsReadsAsWithLF() async throws {
        for ending in ["\n", "\r\n"] {
            let text = ["sms:", "  max_segments: 3", "share:", "  retries: 2", "fallback: [clipboard, file]", ""]
                .joined(separator: ending)
            let path = try folder.write(Array(text.utf8), named: "config.yaml")
            chmod(path, 0o600)
            let run = try await ShareviaConfigCheck.run(config: path, json: true)
            #expect(run.status == 0, "\(ending.utf8.count == 2 ? "CRLF" : "LF"): \(run.stderr)")
            #expect(run.stdout.contains("max_segments") || run.stdout.contains("max-segments"), "\(run.stdout)")
        }
    }
}
