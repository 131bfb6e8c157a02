import Foundation
import ProcessRunning
import ShareCore
import TestSupport
import Testing

@testable import ShareviaCLI

/// Issue 28: the man page `scripts/install.sh` installs (`sharevia --generate-manual`) passes
/// `mandoc -T lint`, keeps examples whole, and takes its EXIT STATUS, ENVIRONMENT and FILES from
/// what `--help` and the settings are drawn from.
@Suite struct ManualPageTests {
    let folder = TemporaryFolder("manual")

    /// The page, from the built binary, saved as a file.
    private func page() async throws -> (text: String, path: String) {
        let run = try await ShareviaProcess.run(["--generate-manual"])
        #expect(run.status == 0, "\(run.stderr)")
        return (run.stdout, try folder.write(run.stdoutBytes, named: "sharevia.1"))
    }

    @Test func mandocFindsNothingToWarnAbout() async throws {
        let (text, path) = try await page()
        #expect(text.hasPrefix(".Dd "))
        let lint = try await ProcessRunner().run("/usr/bin/mandoc", arguments: ["-T", "lint", "-W", "warning", path])
        let found = String(decoding: lint.standardOutput + lint.standardError, as: UTF8.self)
        #expect(lint.exitStatus == 0 && found.isEmpty, "mandoc -T lint:\n\(found)")
        // And groff, warning about everything, draws it without a word.
        let groff = try await ProcessRunner().run(
            "/usr/bin/groff",
            arguments: ["-ww", "-mandoc", "-Tutf8", "-z", path]
        )
        #expect(groff.exitStatus == 0 && groff.standardError.isEmpty, "\(groff.errorText)")
        #expect(!text.split(separator: "\n", omittingEmptySubsequences: false).dropLast().contains(""), "an empty line")
    }

    @Test func examplesAreNeverWrappedInTheMiddleOfACommand() async throws {
        let (_, path) = try await page()
        let rendered = try await ProcessRunner().run(
            "/usr/bin/mandoc",
            arguments: ["-T", "utf8", "-O", "width=80", path],
            environment: ["PATH": "/usr/bin:/bin", "LANG": "C.UTF-8"]
        )
        let lines = String(decoding: rendered.standardOutput, as: UTF8.self)
            .replacing(/.\u{8}/, with: "")  // bold and underline overstrikes
            .split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) }
        let examples = [
            "sharevia --to email card.png --email-to friend@example.org --smtp smtp://mail.example.org:587",
            "sharevia --to mastodon card.png --alt \"A gold badge: level 7\" --text \"Level 7!\" --thread",
            "SHAREVIA_UNAVAILABLE=clipboard sharevia --to clipboard card.png   # falls back to file",
        ]
        for example in examples {
            #expect(lines.contains(example), "not on one line: \(example)")
        }
    }

    @Test func exitStatusEnvironmentAndFilesComeFromTheirSources() async throws {
        let (text, _) = try await page()
        let exit = try #require(text.range(of: ".Sh EXIT STATUS\n"))
        let exitSection = text[exit.upperBound...]
        for entry in ShareviaExitCode.table {
            let meaning = ManualPage.filled(entry.lines.joined(separator: " ")).joined(separator: "\n")
            #expect(exitSection.contains(".It \(entry.codes)\n\(meaning)\n"), "\(entry.codes)")
        }
        #expect(!text.contains(">0 if an error occurs"))
        // Every variable a setting declares is in ENVIRONMENT.
        let environment = try #require(text.range(of: ".Sh ENVIRONMENT\n"))
        let files = try #require(text.range(of: ".Sh FILES\n"))
        let variables = text[environment.upperBound..<files.lowerBound]
        let declared = Set(
            ((CommandOptions.share + CommandOptions.destinations).map(\.setting) + ConfigSchema.settings)
                .compactMap(\.variable)
        )
        #expect(declared.count > 10)
        for variable in declared.sorted() + ["SHAREVIA_CONFIG"] {
            #expect(variables.contains(".It Ev \(variable)\n"), "\(variable) is missing")
        }
        for path in [
            "~/.config/sharevia/config.yaml", "$XDG_DATA_HOME/sharevia/shares", "~/.local/share/sharevia/plugins",
        ] {
            #expect(text[files.upperBound...].contains(".It Pa \(path)\n"), "\(path)")
        }
        // The commands and their options are there, the share command's declared ones too.
        for line in [
            ".Ss sharevia config init", ".Ss sharevia image fit", ".It Fl -to Ar dest,...", ".It Fl -sms-to Ar number",
        ] {
            #expect(text.contains(line + "\n"), "\(line)")
        }
    }

    @Test func proseIsEscapedForRoff() {
        #expect(ManualPage.text("a\n\nb") == ["a", ".Pp", "b"])
        #expect(
            ManualPage.text("run:\n  sharevia --to x\nthen") == [
                "run:", ".Bd -literal -offset indent", "sharevia --to x", ".Ed", "then",
            ]
        )
        #expect(ManualPage.escaped(".hidden") == "\\&.hidden")
        #expect(ManualPage.escaped("a\\b") == "a\\eb")
    }
}
