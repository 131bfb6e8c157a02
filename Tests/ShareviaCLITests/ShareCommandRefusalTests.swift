import TestSupport
import Testing

/// Bad values on the share command line are refused, through the binary, with the words and
/// exit status of c0dfc01 (before issue 24's one reader) or, for a flag added after it, of the
/// commit before the reshaping.
@Suite struct ShareCommandRefusalTests {
    static let usage = """
        Usage: sharevia --to <dest>[,<dest>...] [<file> ...] [--text <text> | --text -] [--title <title>] [--url <url>] [--hashtag <tag> ...]
                        [--fallback <dest>,... | --no-fallback] [--unavailable <dest>,...] [--dry-run] [--json] [--out <dir>]
          See 'sharevia share --help' for more information.

        """

    /// A choice in another case is not one of its values, as swift-argument-parser's enums were
    /// not: c0dfc01's stderr, byte for byte.
    @Test(
        arguments: [
            (
                ["--selection", "PRIMARY"],
                """
                Error: The value 'PRIMARY' is invalid for '--selection <selection>'. Please provide one of 'clipboard' and 'primary'.
                Help:  --selection <selection>  Clipboard selection to use: clipboard or primary (default: clipboard).

                """
            ),
            (
                ["--as", "STICKER"],
                """
                Error: The value 'STICKER' is invalid for '--as <layer>'. Please provide one of 'auto', 'background' or 'sticker'.
                Help:  --as <layer>  Instagram layer for the image: background or sticker (default: by its shape).

                """
            ),
            (
                ["--smtp-tls", "Required"],
                """
                Error: The value 'Required' is invalid for '--smtp-tls <mode>'. Please provide one of 'required', 'opportunistic' or 'none'.
                Help:  --smtp-tls <mode>  Email: STARTTLS required, opportunistic or none (default: required; opportunistic on loopback).

                """
            ),
            (
                ["--email-max-attachment-mib", "0"],
                "Error: --email-max-attachment-mib must be a number of MiB above 0 and at most 1048576\n"
            ),
            (
                ["--email-max-attachment-mib", "1048577"],
                "Error: --email-max-attachment-mib must be a number of MiB above 0 and at most 1048576\n"
            ),
        ] as [([String], String)]
    )
    func refusesAsBefore(flags: [String], stderr: String) async throws {
        let run = try await ShareviaProcess.run(["--to", "file", "--text", "hi", "--dry-run"] + flags)
        #expect(run.status == 64)
        #expect(run.stderr == stderr + Self.usage)
    }

    /// `--clipboard-backend` takes its values in any case, as c0dfc01 did; the setting reads it.
    @Test func theClipboardBackendTakesAnyCase() async throws {
        let run = try await ShareviaProcess.run(
            ["--to", "file", "--text", "hi", "--dry-run", "--clipboard-backend", "XCLIP"]
        )
        #expect(run.status == 0, "\(run.stderr)")
    }

    /// The flag takes a fraction of a MiB, as before the reshaping (a `Double` option); the config
    /// file a whole number.
    @Test func theEmailAttachmentLimitTakesAFractionOnTheCommandLine() async throws {
        let run = try await ShareviaProcess.run(
            ["--to", "email", "--text", "hi", "--dry-run", "--email-max-attachment-mib", "2.5"]
        )
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.stdout.contains("attachment-limit: 2621440 bytes"), "\(run.stdout)")
        let folder = TemporaryFolder("refusal")
        let config = try folder.write(Array("email:\n  max_attachment_mib: 2.5\n".utf8), named: "config.yaml")
        let check = try await ShareviaProcess.run(["config", "check", "--config", config])
        #expect(check.status == 64)
        #expect(
            check.stderr.contains("config.yaml:2: email.max_attachment_mib must be a whole number from 1 to 1048576")
        )
    }
}
