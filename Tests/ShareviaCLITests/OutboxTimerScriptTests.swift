import Foundation
import ProcessRunning
import TestSupport
import Testing

/// `scripts/outbox-timer.sh` (what `scripts/install.sh --with-outbox-timer` runs) writes a
/// systemd user service and timer that systemd's own checker accepts, and, with no user systemd
/// to talk to, prints the commands to enable it.
@Suite struct OutboxTimerScriptTests {
    static let script = "\(PackageRoot.path)/scripts/outbox-timer.sh"

    static func run(_ arguments: [String], home: TemporaryFolder) async throws -> ShareviaProcess.Run {
        let output = try await ProcessRunner().run(
            "/bin/bash",
            arguments: [script] + arguments,
            // No user systemd answers in a test: no XDG_RUNTIME_DIR, no session bus.
            environment: ["PATH": "/usr/bin:/bin", "HOME": home.path, "XDG_CONFIG_HOME": home.file("config")],
            timeout: .seconds(60)
        )
        return ShareviaProcess.Run(
            status: output.exitStatus,
            stdout: String(decoding: output.standardOutput, as: UTF8.self),
            stderr: String(decoding: output.standardError, as: UTF8.self),
            stdoutBytes: output.standardOutput
        )
    }

    @Test func theUnitsRunTheOutboxEveryFewMinutesAndSystemdAcceptsThem() async throws {
        let home = TemporaryFolder("outbox-timer")
        let bin = try home.writeExecutable("#!/bin/sh\nexit 0\n", named: "my sharevia")
        let run = try await Self.run(["--bin", bin, "--every", "7"], home: home)
        #expect(run.status == 0, "\(run.stderr)")
        let units = home.file("config/systemd/user")
        let service = try String(contentsOfFile: units + "/sharevia-outbox.service", encoding: .utf8)
        let timer = try String(contentsOfFile: units + "/sharevia-outbox.timer", encoding: .utf8)
        #expect(service.contains("ExecStart=\"\(bin)\" outbox run\n"), "\(service)")
        #expect(service.contains("Type=oneshot") && service.contains("SuccessExitStatus=4 5"))
        #expect(timer.contains("OnUnitActiveSec=7min") && timer.contains("WantedBy=timers.target"), "\(timer)")
        #expect(run.stdout.contains("systemctl --user daemon-reload && systemctl --user enable --now"), "\(run.stdout)")

        try #require(
            FileManager.default.isExecutableFile(atPath: "/usr/bin/systemd-analyze"),
            "systemd-analyze is missing: run scripts/install-deps.sh test"
        )
        let verify = try await ProcessRunner().run(
            "/usr/bin/systemd-analyze",
            arguments: ["verify", "--man=no", units + "/sharevia-outbox.service", units + "/sharevia-outbox.timer"],
            environment: ["PATH": "/usr/bin:/bin"],
            timeout: .seconds(60)
        )
        #expect(verify.exitStatus == 0, "\(String(decoding: verify.standardError, as: UTF8.self))")

        let removed = try await Self.run(["--remove"], home: home)
        #expect(removed.status == 0, "\(removed.stderr)")
        #expect(!FileManager.default.fileExists(atPath: units + "/sharevia-outbox.timer"))
        #expect(!FileManager.default.fileExists(atPath: units + "/sharevia-outbox.service"))
    }

    @Test(arguments: [["--every", "0"], ["--every", "2000"], ["--every", "5m"], ["--bin", "/nonexistent/sharevia"]])
    func aBadOptionIsRefusedAndNothingIsWritten(arguments: [String]) async throws {
        let home = TemporaryFolder("outbox-timer-bad")
        let run = try await Self.run(arguments, home: home)
        #expect(run.status != 0)
        #expect(run.stderr.hasPrefix("error: "), "\(run.stderr)")
        #expect(!FileManager.default.fileExists(atPath: home.file("config/systemd/user/sharevia-outbox.timer")))
    }
}
