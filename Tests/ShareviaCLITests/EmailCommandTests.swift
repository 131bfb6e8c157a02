import Foundation
import TestSupport
import Testing

/// `sharevia --to email`, through the built binary, against a real SMTP server on loopback.
/// Serialized: each case starts Python (a server, the parser), and two cores are shared with
/// every other suite, several of which time their child processes.
@Suite(.serialized) struct EmailCommandTests {
    let folder = TemporaryFolder("cli-email")
    var out: String { "\(folder.path)/out" }
    static let password = "cli-canary-pa55-9d1e"

    @Test func withAServerTheCardIsDeliveredWithItsMessageID() async throws {
        try await SMTPTestServer.with(.init(login: ("sender", Self.password))) { server in
            let run = try await ShareviaProcess.run(
                [
                    "--to", "email", PackageRoot.exampleCard, "--title", "Sieben Tage 🔥", "--url",
                    "https://example.com/streak", "--email-to", "Friend <friend@example.org>", "--email-from",
                    "me@example.org", "--smtp", server.url, "--out", out,
                ],
                environment: ["SHAREVIA_SMTP_USER": "sender", "SHAREVIA_SMTP_PASSWORD": Self.password]
            )
            #expect(run.status == 0, "\(run.stderr)")
            #expect(
                run.stderr.contains(
                    "✓ email: delivered: \(server.url) accepted the message for friend@example.org (250 2.0.0 OK saved)"
                )
            )
            #expect(run.stdout.hasPrefix("<") && run.stdout.hasSuffix("@example.org>\n"), "\(run.stdout)")
            #expect(!(run.stdout + run.stderr).contains(Self.password))
            let received = try #require(server.messagePaths.first)
            let report = try await MailCheck.report(received)
            #expect(report.defects.isEmpty)
            #expect(report.subject == "Sieben Tage 🔥")
            #expect(report.messageID.map { $0 + "\n" } == run.stdout)
            #expect(report.files.first?["sha256"] as? String == (try await MailCheck.sha256(PackageRoot.exampleCard)))
            #expect(!FileManager.default.fileExists(atPath: out), "nothing left in the share folder")
        }
    }

    @Test func withoutAServerItWritesTheDraftAndPrintsTheMailtoURI() async throws {
        let run = try await ShareviaProcess.run([
            "--to", "email", PackageRoot.exampleCard, "--text", "Seven days", "--email-to", "friend@example.org",
            "--out", out,
        ])
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.stdout == "\(out)/card.eml\nmailto:friend@example.org?subject=Seven%20days&body=Seven%20days\n")
        #expect(run.stderr.contains("✓ email: handed off: wrote the message to \(out)/card.eml"))
        #expect(run.stderr.contains("a mailto: URI can't carry an attachment: attach card.png yourself"))
        #expect(run.stderr.contains("note: card.png not carried in the mailto: URI"))
        #expect((try await MailCheck.report("\(out)/card.eml")).defects.isEmpty)
    }

    @Test func aServerThatIsDownIsRetriedThenTheShareFallsBackToTheFile() async throws {
        let closedPort = try await SMTPTestServer.with { $0.port }
        let run = try await ShareviaProcess.run(
            [
                "--to", "email", PackageRoot.exampleCard, "--email-to", "friend@example.org", "--email-from",
                "me@example.org", "--smtp", "smtp://127.0.0.1:\(closedPort)", "--fallback", "file", "--out", out,
                "--json",
            ],
            environment: ["SHAREVIA_SMTP_USER": "sender", "SHAREVIA_SMTP_PASSWORD": Self.password]
        )
        #expect(run.status == 3, "\(run.stderr)")
        #expect(!(run.stdout + run.stderr).contains(Self.password))
        let report = try #require(try JSONSerialization.jsonObject(with: Data(run.stdoutBytes)) as? [String: Any])
        let attempts = try #require(report["attempts"] as? [[String: Any]])
        let email = attempts.filter { $0["destination"] as? String == "email" }
        #expect(email.count == 3, "\(attempts)")
        #expect(email.allSatisfy { $0["result"] as? String == "transient-failure" })
        #expect(report["deliveredBy"] as? String == "file")
        // The fallback keeps the message email prepared: recipients, subject and the card.
        let file = try #require(attempts.last)
        let notes = file["notes"] as? [String] ?? []
        #expect(
            notes.contains {
                $0.contains("keeps the message email did not deliver as card.eml (to friend@example.org)")
            },
            "\(file)"
        )
        let names = try FileManager.default.contentsOfDirectory(atPath: out).sorted()
        #expect(names == ["card.eml", "card.png", "card.share.json"], "\(names)")
        let draft = try await MailCheck.report("\(out)/card.eml")
        #expect(draft.defects.isEmpty, "\(draft.defects)")
        #expect(draft.to == ["friend@example.org"])
        #expect(draft.from == ["me@example.org"])
        #expect(draft.files.first?["sha256"] as? String == (try await MailCheck.sha256(PackageRoot.exampleCard)))
        let manifest = String(
            decoding: try Data(contentsOf: URL(fileURLWithPath: "\(out)/card.share.json")),
            as: UTF8.self
        )
        #expect(manifest.contains("card.eml"))
    }

    /// An attachment over the 25 MiB default limit (a sparse 100 MiB file: the command line
    /// refuses a device such as /dev/zero before email sees it, and EmailAttachmentLimitTests
    /// check the limit while reading an endless input) is refused with an error naming the file,
    /// the limit and the flag that raises it, and nothing is left in the share folder.
    @Test func anAttachmentOverTheLimitIsRefusedNamingTheFlag() async throws {
        let big = folder.file("big.bin")
        #expect(FileManager.default.createFile(atPath: big, contents: nil))
        let handle = try FileHandle(forWritingTo: URL(fileURLWithPath: big))
        try handle.truncate(atOffset: 100 << 20)
        try handle.close()
        let clock = ContinuousClock()
        let started = clock.now
        let run = try await ShareviaProcess.run(
            ["--to", "email", big, "--text", "too big", "--out", out, "--no-fallback"],
            timeout: .seconds(60)
        )
        #expect(clock.now - started < .seconds(60))
        #expect(run.status != 0, "\(run.stderr)")
        #expect(run.stderr.contains("at most 25 MiB (26214400 bytes)"), "\(run.stderr)")
        #expect(run.stderr.contains("big.bin"), "\(run.stderr)")
        #expect(run.stderr.contains("--email-max-attachment-mib"), "\(run.stderr)")
        let left = (try? FileManager.default.contentsOfDirectory(atPath: out)) ?? []
        #expect(left.isEmpty, "nothing left behind: \(left)")
    }

    @Test(arguments: [
        (
            ["--email-to", "friend@example.org\r\nBcc: victim@example.org"],
            "--email-to contains a carriage return (CR), which could inject headers"
        ),
        (["--email-cc", "not-an-address"], "--email-cc 'not-an-address' is not an email address"),
        (["--email-from", "jörg@example.org"], "need SMTPUTF8"),
        (["--subject", "Hi\nBcc: victim@example.org"], "--subject must be one line"),
        (
            ["--smtp", "smtp://user:pw@mail.example.org"],
            "--smtp the SMTP URL (not shown: it holds an @) has a user in it"
        ),
        (["--smtp", "smtps://mail.example.org", "--smtp-tls", "none"], "--smtp-tls none can't be used with smtps://"),
        (["--smtp-tls", "maybe"], "Please provide one of 'required', 'opportunistic' or 'none'"),
    ])
    func badEmailOptionsAreUsageErrors(options: [String], message: String) async throws {
        let run = try await ShareviaProcess.run(["--to", "email", PackageRoot.exampleCard, "--out", out] + options)
        #expect(run.status == 64)
        #expect(run.stderr.contains(message), "\(run.stderr)")
        #expect(!FileManager.default.fileExists(atPath: out))
    }

    /// The dynamic loader's own record (LD_DEBUG=files) of what a process loads: libcurl only when
    /// a message is sent, never for a share to a file.
    @Test func libcurlIsLoadedOnlyWhenAMessageIsSent() async throws {
        let file = try await ShareviaProcess.run(
            ["--to", "file", PackageRoot.exampleCard, "--out", out, "--no-fallback"],
            environment: ["LD_DEBUG": "files"]
        )
        #expect(file.status == 0, "\(file.stderr)")
        #expect(file.stderr.contains("file="), "LD_DEBUG printed nothing: \(file.stderr.prefix(300))")
        #expect(!file.stderr.contains("libcurl"))
        let draft = try await ShareviaProcess.run(
            ["--to", "email", PackageRoot.exampleCard, "--out", out, "--no-fallback"],
            environment: ["LD_DEBUG": "files"]
        )
        #expect(draft.status == 0)
        #expect(!draft.stderr.contains("libcurl"), "a draft needs no libcurl")
        try await SMTPTestServer.with { server in
            let sent = try await ShareviaProcess.run(
                [
                    "--to", "email", PackageRoot.exampleCard, "--email-to", "friend@example.org", "--email-from",
                    "me@example.org", "--smtp", server.url, "--no-fallback",
                ],
                environment: ["LD_DEBUG": "files"]
            )
            #expect(sent.status == 0)
            #expect(sent.stderr.contains("libcurl.so.4"), "the check can see libcurl when it is loaded")
        }
    }
}
