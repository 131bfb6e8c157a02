import Foundation
import TestSupport
import Testing

#if canImport(Glibc)
import Glibc
#endif

/// An email whose outcome is unknown, through the built binary and a real SMTP server on
/// loopback: the message went out and the run that sent it died before it could record it. SMTP
/// can't tell a duplicate, so neither `outbox run` nor `outbox retry ID` sends it again; `retry ID
/// --resend` does, on a person's word.
@Suite struct OutboxEmailEndToEndTests {
    @Test func anUnknownEmailIsResentOnlyWithResend() async throws {
        let folder = TemporaryFolder("cli-outbox-email")
        let config = try folder.write(Array("share:\n  timeout: 3\n".utf8), named: "config.yaml")
        let closedPort = try await SMTPTestServer.with { $0.port }
        try await SMTPTestServer.with { server in
            func environment(smtp: String) -> [String: String] {
                [
                    "HOME": folder.path, "XDG_STATE_HOME": folder.file("state"), "SHAREVIA_CONFIG": config,
                    "SHAREVIA_SMTP_URL": smtp,
                ]
            }
            func outbox(_ arguments: [String]) async throws -> ShareviaProcess.Run {
                try await ShareviaProcess.run(["outbox"] + arguments, environment: environment(smtp: server.url))
            }
            func items() async throws -> [[String: Any]] {
                let list = try await outbox(["--json"])
                try #require(list.status == 0, "outbox --json: \(list.stderr)")
                let object = try #require(
                    try JSONSerialization.jsonObject(with: Data(list.stdoutBytes)) as? [String: Any]
                )
                return try #require(object["items"] as? [[String: Any]], "\(list.stdout)\(list.stderr)")
            }
            // The server is down when the share is made: the share falls back to a file and is queued.
            let share = try await ShareviaProcess.run(
                [
                    "--to", "email", "--text", "Night Owl", "--email-to", "friend@example.org", "--email-from",
                    "me@example.org", "--fallback", "file", "--out", folder.file("out"),
                ],
                environment: environment(smtp: "smtp://127.0.0.1:\(closedPort)")
            )
            #expect(share.status == 3, "\(share.stderr)")
            #expect(share.stderr.contains("queued for email, next try in"), "\(share.stderr)")
            let id = try #require(try await items().first?["id"] as? Int)

            // A run sends it, then dies before it records how the try ended.
            var paused = environment(smtp: server.url)
            paused["SHAREVIA_TEST_OUTBOX_PAUSE"] = "after-request"
            paused["SHAREVIA_TEST_OUTBOX_PAUSE_FILE"] = folder.file("paused")
            let run = try BackgroundSharevia(
                ["outbox", "retry", String(id)],
                environment: paused,
                folder: folder,
                label: "killed"
            )
            #expect(
                try await BackgroundSharevia.until { folder.read("paused") != nil },
                "the run reached its pause: \(run.stderr)"
            )
            #expect(try await run.stop(with: SIGKILL) == nil)
            #expect(server.messagePaths.count == 1, "the message went out")
            #expect(try await items().first?["state"] as? String == "sending")

            // The next run finds the dead run's item unknown (its process is gone), and leaves it so.
            let after = try await outbox(["run"])
            #expect(after.status == 5, "unknown: \(after.stderr)")
            #expect(after.stderr.contains("? item \(id), email: unknown"), "\(after.stderr)")
            #expect(try await items().first?["state"] as? String == "unknown")
            let retry = try await outbox(["retry", String(id)])
            #expect(retry.status == 64, "\(retry.stderr)")
            #expect(retry.stderr.contains("may have arrived"), "why: \(retry.stderr)")
            #expect(retry.stderr.contains("sharevia outbox retry \(id) --resend"), "how: \(retry.stderr)")
            let all = try await outbox(["retry", "--all"])
            #expect(all.status == 0 && all.stderr.contains("nothing to retry"), "\(all.stderr)")
            #expect(server.messagePaths.count == 1, "never sent again without a person's word")

            let resend = try await outbox(["retry", String(id), "--resend"])
            #expect(resend.status == 0, "\(resend.stderr)")
            #expect(resend.stderr.contains("✓ item \(id), email: delivered"), "\(resend.stderr)")
            #expect(server.messagePaths.count == 2)
            #expect(try await items().first?["state"] as? String == "delivered")
        }
    }
}
