import Foundation
import ProcessRunning
import TestSupport
import Testing

/// `--notify` with the built binary, a real notification daemon (dunst on Xvfb, on a private
/// D-Bus session bus) and `dbus-monitor` recording what reached it: the summary, the body and the
/// actions of a delivery, a hand-off and a failure, and `last-report.json` beside them.
@Suite struct NotifyEndToEndTests {
    let folder = TemporaryFolder("notify")
    var state: String { folder.file("state") }
    var reportPath: String { "\(state)/sharevia/last-report.json" }

    /// A folder on PATH, first, with an `xdg-open` that writes what it was asked to open to `opened`.
    func fakeOpener() throws -> String {
        let bin = folder.file("bin")
        try FileManager.default.createDirectory(atPath: bin, withIntermediateDirectories: true)
        try folder.writeExecutable(
            "#!/bin/sh\nprintf '%s' \"$1\" > \(folder.file("opened.tmp"))\n"
                + "mv \(folder.file("opened.tmp")) \(folder.file("opened"))\n",
            named: "bin/xdg-open"
        )
        return bin + ":" + (ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin")
    }

    func lastReport() throws -> [String: Any] {
        let data = try #require(FileManager.default.contents(atPath: reportPath))
        return try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
    }

    /// Waits up to 60 s (a hang guard) for `condition`.
    func eventually(_ condition: () -> Bool) async throws -> Bool {
        let deadline = ContinuousClock.now + .seconds(60)
        while ContinuousClock.now < deadline {
            if condition() { return true }
            try await Task.sleep(for: .milliseconds(50))
        }
        return condition()
    }

    @Test func aDeliveryIsNotifiedWithAnOpenActionThatOpensTheFile() async throws {
        let path = try fakeOpener()
        let out = folder.file("out")
        try await XvfbServer.with { server in
            try await NotificationSession.with(display: server.display) { session in
                let run = try await ShareviaProcess.run(
                    ["--to", "file", PackageRoot.exampleCard, "--out", out, "--no-fallback", "--notify"],
                    environment: session.environment.merging(["XDG_STATE_HOME": state, "PATH": path]) { $1 }
                )
                #expect(run.status == 0, "\(run.stderr)")
                #expect(!run.stderr.contains("no desktop notification"), "\(run.stderr)")
                // Shown at once, then again (the same id) with the Open action its waiter serves.
                let calls = try await session.notifyCalls(atLeast: 2)
                try #require(calls.count == 2, "\(session.monitorLog)")
                for call in calls {
                    #expect(call.contains("string \"sharevia\""), "\(call)")
                    #expect(call.contains("string \"sharevia: delivered by file\""), "\(call)")
                    #expect(call.contains("\(out)/card.png"), "\(call)")
                }
                #expect(!calls[0].contains("string \"Open\""), "\(calls[0])")
                #expect(calls[1].contains("string \"open\"\n      string \"Open\""), "\(calls[1])")
                #expect(calls[1].contains("string \"default\""), "\(calls[1])")
                let report = try lastReport()
                #expect(report["outcome"] as? String == "delivered")
                #expect(report["deliveredBy"] as? String == "file")
                let mode = try FileManager.default.attributesOfItem(atPath: reportPath)[.posixPermissions] as? Int
                #expect(mode == 0o600)
                // A click on the notification runs xdg-open on the file.
                let click = try await session.clickNewest()
                #expect(click.succeeded, "\(click.errorText)")
                #expect(try await eventually { folder.read("opened") != nil }, "xdg-open was not run")
                #expect(folder.read("opened").map { String(decoding: $0, as: UTF8.self) } == "\(out)/card.png")
            }
        }
    }

    @Test func aHandOffIsNotifiedWithItsNextStep() async throws {
        try await XvfbServer.with { server in
            try await NotificationSession.with(display: server.display) { session in
                // Without DISPLAY for sharevia, the intent URL is printed: a hand-off.
                let run = try await ShareviaProcess.run(
                    ["--to", "x", "--text", "Level 7 <b>&", "--no-fallback", "--notify"],
                    environment: session.environment.merging(["XDG_STATE_HOME": state]) { $1 }
                )
                #expect(run.status == 0, "\(run.stderr)")
                let calls = try await session.notifyCalls(atLeast: 1)
                try #require(calls.count == 1, "\(session.monitorLog)")
                #expect(calls[0].contains("string \"sharevia: handed off to x\""), "\(calls[0])")
                #expect(
                    calls[0].contains(
                        "Next: open this URL to post: https://twitter.com/intent/tweet?text=Level%207%20"
                    ),
                    "\(calls[0])"
                )
                #expect(!calls[0].contains("string \"Open\""), "a hand-off has nothing to open: \(calls[0])")
                #expect(try lastReport()["outcome"] as? String == "handed-off")
            }
        }
    }

    @Test func aFallbackIsNamedAsSuch() async throws {
        let out = folder.file("out")
        try await XvfbServer.with { server in
            try await NotificationSession.with(display: server.display) { session in
                let run = try await ShareviaProcess.run(
                    ["--to", "clipboard", PackageRoot.exampleCard, "--fallback", "file", "--out", out, "--notify"],
                    environment: session.environment.merging(["XDG_STATE_HOME": state]) { $1 }
                )
                #expect(run.status == 3, "\(run.stderr)")
                let calls = try await session.notifyCalls(atLeast: 1)
                #expect(calls.first?.contains("string \"sharevia: delivered by file (fallback)\"") == true, "\(calls)")
                #expect(calls.first?.contains("clipboard: unavailable: DISPLAY is not set") == true, "\(calls)")
                #expect(calls.first?.contains("The fallback file took the share instead of clipboard.") == true)
            }
        }
    }

    @Test func aFailurePointsAtTheReport() async throws {
        // A regular file where the output folder's parent should be: no user can write there.
        let blocker = try folder.write([1], named: "blocker")
        try await XvfbServer.with { server in
            try await NotificationSession.with(display: server.display) { session in
                let run = try await ShareviaProcess.run(
                    ["--to", "file", PackageRoot.exampleCard, "--out", blocker + "/out", "--no-fallback", "--notify"],
                    environment: session.environment.merging(["XDG_STATE_HOME": state]) { $1 }
                )
                #expect(run.status == 4, "\(run.stderr)")
                let calls = try await session.notifyCalls(atLeast: 1)
                try #require(calls.count == 1, "\(session.monitorLog)")
                #expect(calls[0].contains("string \"sharevia: not shared\""), "\(calls[0])")
                #expect(calls[0].contains("No destination took the share.\nfile: "), "\(calls[0])")
                #expect(calls[0].contains("Check the report: \(reportPath)"), "\(calls[0])")
                #expect(calls[0].contains("byte 2"), "a failure is critical: \(calls[0])")
                #expect(try lastReport()["outcome"] as? String == "not-delivered")
            }
        }
    }

    /// The SMTP password is a canary; the server refuses the connection, so the share is queued
    /// in the outbox, and the notification says to look there.
    @Test func aSecretReachesNeitherTheNotificationNorTheReportFile() async throws {
        let canary = SecretCanaryTests.canary()
        try await XvfbServer.with { server in
            try await NotificationSession.with(display: server.display) { session in
                let run = try await ShareviaProcess.run(
                    [
                        "--to", "email", "--text", "hi", "--email-to", "friend@example.org", "--email-from",
                        "me@example.org", "--no-fallback", "--retries", "0", "--notify",
                    ],
                    environment: session.environment.merging([
                        "XDG_STATE_HOME": state, "SHAREVIA_SMTP_URL": "smtp://127.0.0.1:9", "SHAREVIA_SMTP_USER": "me",
                        "SHAREVIA_SMTP_PASSWORD": canary,
                    ]) { $1 }
                )
                #expect(run.status == 4, "\(run.stderr)")
                let calls = try await session.notifyCalls(atLeast: 1)
                try #require(calls.count == 1, "\(session.monitorLog)")
                #expect(calls[0].contains("string \"sharevia: not shared\""), "\(calls[0])")
                #expect(
                    calls[0].contains("It is kept in the outbox for email: run 'sharevia outbox' to see it."),
                    "\(calls[0])"
                )
                let report = String(
                    decoding: try #require(FileManager.default.contents(atPath: reportPath)),
                    as: UTF8.self
                )
                #expect(report.contains("\"email\""))
                #expect(!report.contains(canary), "\(report)")
                #expect(!session.monitorLog.contains(canary), "\(session.monitorLog)")
                #expect(!(run.stdout + run.stderr).contains(canary))
            }
        }
    }

    @Test func aShareStoppedBeforeItRanIsNotifiedToo() async throws {
        try await XvfbServer.with { server in
            try await NotificationSession.with(display: server.display) { session in
                let run = try await ShareviaProcess.run(
                    ["--to", "file", folder.file("missing.png"), "--notify"],
                    environment: session.environment.merging(["XDG_STATE_HOME": state]) { $1 }
                )
                #expect(run.status == 64, "\(run.stderr)")
                let calls = try await session.notifyCalls(atLeast: 1)
                try #require(calls.count == 1, "\(session.monitorLog)")
                #expect(calls[0].contains("string \"sharevia: not shared\""), "\(calls[0])")
                #expect(calls[0].contains("missing.png"), "\(calls[0])")
                let error = try #require(try lastReport()["error"] as? [String: Any])
                #expect(error["code"] as? String == "usage")
            }
        }
    }

    @Test func withoutANotificationServiceItSaysSoAndKeepsTheReport() async throws {
        let out = folder.file("out")
        let run = try await ShareviaProcess.run(
            ["--to", "file", PackageRoot.exampleCard, "--out", out, "--no-fallback", "--notify", "--json"],
            environment: [
                "XDG_STATE_HOME": state, "DBUS_SESSION_BUS_ADDRESS": "unix:path=\(folder.file("no-bus"))",
            ]
        )
        // The file holds what --json printed, byte for byte, and only its owner reads it.
        #expect(FileManager.default.contents(atPath: reportPath) == Data(run.stdoutBytes))
        let mode = try FileManager.default.attributesOfItem(atPath: reportPath)[.posixPermissions] as? Int
        #expect(mode == 0o600)
        #expect(run.status == 0, "the share's exit code is unchanged: \(run.stderr)")
        #expect(
            run.stderr.contains("note: --notify: no desktop notification was shown: no notification service answered"),
            "\(run.stderr)"
        )
        #expect(try lastReport()["outcome"] as? String == "delivered")
        #expect(FileManager.default.fileExists(atPath: "\(out)/card.png"))
    }
}
