import Foundation
import ProcessRunning
import TestSupport
import Testing

/// A share whose SMTP server is down falls back to the file and keeps the message email had
/// prepared, through the built binary and a real Postfix (`scripts/postfix-test.sh`) of its own,
/// which the test starts, sends through, then stops: the `.eml` in the share folder is the
/// message Postfix received when it was up (same Message-ID, same bytes), read back with
/// Python's `email` package, and the SMTP password appears nowhere.
///
/// Enabled by `SHAREVIA_TEST_POSTFIX_PORT`, which `scripts/test.sh` always sets (it runs as root
/// with Debian's postfix installed); the shared Postfix it names is left alone.
@Suite(.serialized, .enabled(if: PostfixTestServer.isConfigured, "start Postfix with scripts/postfix-test.sh"))
struct EmailFallbackPostfixTests {
    let folder = TemporaryFolder("cli-email-fallback")
    static let password = "fallback-canary-pa55-4c7e"
    static let shareID = "1795693512123456-9f2c4e1a0b7d3c55"
    static let messageID = "<1795693512.0006612c79ea64409f2c4e1a0b7d3c55@example.org>"

    /// A private Postfix: its SMTP port and its Maildirs.
    struct PrivatePostfix {
        var port: Int
        var mail: String
        var folder: String

        struct StartFailure: Error, CustomStringConvertible {
            var description: String
        }

        static let script = "\(PackageRoot.path)/scripts/postfix-test.sh"

        static func start(in folder: String) async throws -> PrivatePostfix {
            let output = try await ProcessRunner().run(script, arguments: ["start", folder], timeout: .seconds(120))
            let text = String(decoding: output.standardOutput, as: UTF8.self)
            guard output.exitStatus == 0 else {
                throw StartFailure(
                    description:
                        "postfix-test.sh start failed: \(String(decoding: output.standardError, as: UTF8.self))"
                )
            }
            var values: [String: String] = [:]
            for line in text.split(separator: "\n") {
                let parts = line.split(separator: "=", maxSplits: 1).map(String.init)
                if parts.count == 2 { values[parts[0]] = parts[1] }
            }
            guard let port = values["SHAREVIA_TEST_POSTFIX_PORT"].flatMap(Int.init),
                let mail = values["SHAREVIA_TEST_POSTFIX_MAIL"]
            else { throw StartFailure(description: "postfix-test.sh printed no port: \(text)") }
            return PrivatePostfix(port: port, mail: mail, folder: folder)
        }

        /// The message in `user`'s Maildir that contains `marker`, waiting up to 30 s for
        /// Postfix's queue manager; nil if it never arrives.
        func delivered(to user: String, containing marker: String) async -> String? {
            let clock = ContinuousClock()
            let deadline = clock.now + .seconds(30)
            let new = "\(mail)/\(user)/new"
            repeat {
                for name in (try? FileManager.default.contentsOfDirectory(atPath: new)) ?? [] {
                    if let data = FileManager.default.contents(atPath: "\(new)/\(name)"),
                        String(decoding: data, as: UTF8.self).contains(marker)
                    {
                        return "\(new)/\(name)"
                    }
                }
                try? await Task.sleep(for: .milliseconds(100))
            } while clock.now < deadline
            return nil
        }

        func stop() async throws {
            let output = try await ProcessRunner().run(Self.script, arguments: ["stop", folder], timeout: .seconds(60))
            #expect(output.exitStatus == 0, "\(String(decoding: output.standardError, as: UTF8.self))")
        }
    }

    func share(port: Int, out: String, fallback: [String]) async throws -> ShareviaProcess.Run {
        try await ShareviaProcess.run(
            [
                "--to", "email", PackageRoot.exampleCard, "--title", "Seven days", "--email-to",
                "alice@sharevia.test", "--email-from", "Sharevia Test <me@example.org>", "--smtp",
                "smtp://127.0.0.1:\(port)", "--share-id", Self.shareID, "--out", out, "--json",
            ] + fallback,
            environment: ["SHAREVIA_SMTP_USER": "sender", "SHAREVIA_SMTP_PASSWORD": Self.password]
        )
    }

    @Test func aServerThatIsDownLeavesTheMessageItWouldHaveReceivedAsAnEml() async throws {
        let postfixFolder = TemporaryFolder("postfix-stopped")
        defer { postfixFolder.remove() }
        let postfix = try await PrivatePostfix.start(in: postfixFolder.path)

        // Up: Postfix takes the message (no login offered without TLS, so none is sent).
        let sent: ShareviaProcess.Run
        let received: String?
        do {
            sent = try await share(port: postfix.port, out: folder.file("sent"), fallback: ["--no-fallback"])
            received = await postfix.delivered(to: "alice", containing: Self.messageID)
        } catch {
            try await postfix.stop()
            throw error
        }
        try await postfix.stop()
        #expect(sent.status == 0, "\(sent.stderr)")
        let receivedPath = try #require(received, "alice's Maildir has the message: \(sent.stderr)")

        // Down: the same share again falls back to the file, which keeps the message.
        let out = folder.file("out")
        let run = try await share(port: postfix.port, out: out, fallback: ["--fallback", "file"])
        #expect(run.status == 3, "\(run.stderr)")
        let report = try #require(try JSONSerialization.jsonObject(with: Data(run.stdoutBytes)) as? [String: Any])
        let attempts = try #require(report["attempts"] as? [[String: Any]])
        let email = attempts.filter { $0["destination"] as? String == "email" }
        #expect(!email.isEmpty && email.allSatisfy { $0["result"] as? String == "transient-failure" }, "\(attempts)")
        #expect(
            email.allSatisfy {
                ($0["reason"] as? String)?.contains("can't connect to smtp://127.0.0.1:\(postfix.port)") == true
            },
            "\(email)"
        )
        #expect(report["deliveredBy"] as? String == "file")
        let receipt = try #require(report["receipt"] as? [String: Any])
        let eml = "\(out)/card.eml"
        #expect(
            (receipt["summary"] as? String)?.contains(
                "wrote the email that could not be sent as \(eml) (to alice@sharevia.test), subject \"Seven days\", Message-ID \(Self.messageID)"
            ) == true,
            "\(receipt)"
        )

        // Read back as a mail client reads it.
        let draft = try await MailCheck.report(eml)
        #expect(draft.defects.isEmpty, "\(draft.defects)")
        #expect(draft.to == ["alice@sharevia.test"])
        #expect(draft.from == ["me@example.org"])
        #expect(draft.subject == "Seven days")
        #expect(draft.messageID == Self.messageID)
        #expect(draft.files.first?["filename"] as? String == "card.png")
        #expect(draft.files.first?["sha256"] as? String == (try await MailCheck.sha256(PackageRoot.exampleCard)))
        // Postfix stored what it received (its trace headers first, then the message, with LF
        // line ends): the kept .eml is that message.
        let kept = try Data(contentsOf: URL(fileURLWithPath: eml))
        let stored = try Data(contentsOf: URL(fileURLWithPath: receivedPath))
        let keptWithLF = Data(String(decoding: kept, as: UTF8.self).replacing("\r\n", with: "\n").utf8)
        #expect(stored.count > keptWithLF.count && stored.suffix(keptWithLF.count) == keptWithLF)

        // The password is in no output and no file.
        #expect(!(sent.stdout + sent.stderr + run.stdout + run.stderr).contains(Self.password))
        for name in folder.names(in: "out") {
            let bytes = try Data(contentsOf: URL(fileURLWithPath: "\(out)/\(name)"))
            #expect(!String(decoding: bytes, as: UTF8.self).contains(Self.password), "\(name)")
        }
        #expect(!String(decoding: stored, as: UTF8.self).contains(Self.password))
    }
}
