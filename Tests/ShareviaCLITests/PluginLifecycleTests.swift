import Foundation
import ProcessRunning
import TestSupport
import Testing

/// A plugin's processes and private folder never outlive its operation: the built binary runs
/// real shell plugins that sleep past `--timeout`, answer and linger, or leave a child behind.
@Suite struct PluginLifecycleTests {

    /// A deliver snippet that records its process group and the request, then sleeps (with a
    /// background sleeper in its group) far past any timeout here.
    static func sleeper(_ sandbox: PluginSandbox) -> String {
        """
        cat > "$TMPDIR/request.json"
        cp "$TMPDIR/request.json" '\(sandbox.folder.file("deliver-request.json"))'
        cut -d' ' -f5 /proc/$$/stat > '\(sandbox.folder.file("pgid"))'
        sleep 60 &
        sleep 60
        echo '{"outcome":"delivered"}'
        """
    }

    @Test func aPluginThatOutlastsTheSharesTimeoutIsKilledWithItsGroupAndFolderEveryTime() async throws {
        let sandbox = try PluginSandbox("plugin-timeout")
        try sandbox.install(id: "slow", describe: PluginSandbox.describe(), deliver: Self.sleeper(sandbox))
        for run in 1...8 {
            let out = sandbox.folder.file("out-\(run)")
            let result = try await ShareviaProcess.run(
                ["--to", "slow,file", "--out", out, "--text", "hi", "--timeout", "1", "--retries", "0"],
                environment: sandbox.environment()
            )
            // The plugin's own limit is the share's, so either the runner's deadline or the
            // router's timeout ends it first; both must kill it with its group.
            let stopped =
                result.output.contains("✗ slow: timed out")
                || result.output.contains("gave no answer to deliver within")
            #expect(stopped, "run \(run): \(result.output)")
            #expect(result.output.contains("✓ file: delivered"), "run \(run): \(result.stdout)")
            let group = Int32(sandbox.text("pgid").trimmingCharacters(in: .whitespacesAndNewlines)) ?? 0
            #expect(group > 0, "run \(run): the plugin did not record its group")
            let gone = await eventually(within: .seconds(1)) { processGroupIsAlive(group) }
            #expect(gone, "run \(run): a process of the plugin's group \(group) survived sharevia")
            #expect(sandbox.leftoverFolders.isEmpty, "run \(run): left \(sandbox.leftoverFolders)")
            try? FileManager.default.removeItem(atPath: sandbox.folder.file("pgid"))
        }
    }

    @Test func thePluginIsToldTheTimeTheSharesTimeoutLeavesIt() async throws {
        let sandbox = try PluginSandbox("plugin-deadline")
        try sandbox.install(
            id: "quick",
            describe: PluginSandbox.describe(),
            deliver: """
                cat > '\(sandbox.folder.file("deliver-request.json"))'
                echo '{"outcome":"delivered"}'
                """
        )
        let result = try await ShareviaProcess.run(
            ["--to", "quick", "--text", "hi", "--timeout", "5"],
            environment: sandbox.environment()
        )
        #expect(result.status == 0, "\(result.stdout)\(result.stderr)")
        let request = sandbox.text("deliver-request.json")
        let deadline = try #require(
            request.firstMatch(of: /"deadline_ms":(\d+)/).flatMap { Int($0.1) },
            "\(request)"
        )
        #expect(deadline <= 5000 && deadline > 4000, "deadline_ms \(deadline) under --timeout 5")
    }

    @Test func aPluginThatAnswersAndLingersIsDeliveredOnceAndStopped() async throws {
        let sandbox = try PluginSandbox("plugin-linger")
        let runs = sandbox.folder.file("runs")
        try sandbox.install(
            id: "linger",
            describe: PluginSandbox.describe(),
            deliver: """
                cat >/dev/null
                echo run >> '\(runs)'
                cut -d' ' -f5 /proc/$$/stat > '\(sandbox.folder.file("pgid"))'
                echo '{"outcome":"delivered","message":"posted"}'
                sleep 60
                """
        )
        let clock = ContinuousClock()
        let started = clock.now
        let result = try await ShareviaProcess.run(
            ["--to", "linger,file", "--out", sandbox.folder.file("out"), "--text", "hi", "--timeout", "40"],
            environment: sandbox.environment()
        )
        let elapsed = clock.now - started
        #expect(result.status == 0, "\(result.stdout)\(result.stderr)")
        #expect(result.output.contains("✓ linger: delivered: posted"), "\(result.stdout)")
        #expect(!result.output.contains("file: delivered"), "\(result.stdout)")
        #expect(sandbox.text("runs") == "run\n", "deliver ran \(sandbox.text("runs").count / 4) times")
        // Under the 40 s timeout it would otherwise reach, with room for a busy machine.
        #expect(elapsed < .seconds(35), "took \(elapsed): the answer was not read when complete")
        let group = Int32(sandbox.text("pgid").trimmingCharacters(in: .whitespacesAndNewlines)) ?? 0
        #expect(await eventually(within: .seconds(1)) { processGroupIsAlive(group) })
        #expect(sandbox.leftoverFolders.isEmpty, "\(sandbox.leftoverFolders)")
    }

    @Test func aChildThePluginLeavesInItsGroupIsGoneAfterASuccessfulDeliver() async throws {
        let sandbox = try PluginSandbox("plugin-grandchild")
        try sandbox.install(
            id: "parent",
            describe: PluginSandbox.describe(),
            deliver: """
                cat >/dev/null
                sleep 60 </dev/null >/dev/null 2>&1 &
                echo $! > '\(sandbox.folder.file("child"))'
                echo '{"outcome":"delivered"}'
                """
        )
        let result = try await ShareviaProcess.run(
            ["--to", "parent", "--text", "hi"],
            environment: sandbox.environment()
        )
        #expect(result.status == 0, "\(result.stdout)\(result.stderr)")
        let child = Int32(sandbox.text("child").trimmingCharacters(in: .whitespacesAndNewlines)) ?? 0
        #expect(child > 0)
        #expect(await eventually(within: .seconds(1)) { processIsAlive(child) }, "the plugin's child \(child) survived")
        #expect(sandbox.leftoverFolders.isEmpty, "\(sandbox.leftoverFolders)")
    }

    @Test(arguments: ["INT", "TERM", "HUP"])
    func aSignalThatEndsShareviaEndsThePluginsGroup(_ signal: String) async throws {
        let sandbox = try PluginSandbox("plugin-signal")
        try sandbox.install(id: "slow", describe: PluginSandbox.describe(), deliver: Self.sleeper(sandbox))
        let pgid = sandbox.folder.file("pgid")
        // Python starts sharevia (with default signal actions, as a terminal would), waits
        // until the plugin runs, and signals sharevia alone.
        let script = """
            import os, signal, subprocess, time
            child = subprocess.Popen(['\(ShareviaProcess.binary)', '--to', 'slow', '--text', 'hi', '--timeout', '30'])
            for _ in range(200):
                if os.path.exists('\(pgid)') and os.path.getsize('\(pgid)') > 0:
                    break
                time.sleep(0.05)
            child.send_signal(signal.SIG\(signal))
            print('status', child.wait(timeout=20))
            """
        let result = try await ProcessRunner().run(
            "/usr/bin/python3",
            arguments: ["-c", script],
            environment: sandbox.environment(["PATH": "/usr/bin:/bin"]),
            timeout: .seconds(30)
        )
        let output = String(decoding: result.standardOutput + result.standardError, as: UTF8.self)
        let group = Int32(sandbox.text("pgid").trimmingCharacters(in: .whitespacesAndNewlines)) ?? 0
        #expect(group > 0, "\(output)")
        #expect(!result.timedOut, "\(output)")
        let gone = await eventually(within: .seconds(1)) { processGroupIsAlive(group) }
        #expect(gone, "SIG\(signal) to sharevia left the plugin's group \(group) running: \(output)")
        // No time to remove the private folder then; the next deliver removes it.
        try sandbox.install(
            id: "quick",
            describe: PluginSandbox.describe(),
            deliver: "echo '{\"outcome\":\"delivered\"}'"
        )
        let next = try await ShareviaProcess.run(["--to", "quick", "--text", "hi"], environment: sandbox.environment())
        #expect(next.status == 0, "\(next.output)")
        #expect(sandbox.leftoverFolders.isEmpty, "\(sandbox.leftoverFolders)")
    }
}
