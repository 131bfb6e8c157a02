import Foundation
import TestSupport
import Testing

#if canImport(Glibc)
import Glibc
#endif

/// SIGINT and SIGTERM during a share, through the built binary: the share is cancelled, its
/// temporary file removed, the report printed saying so, and the exit status is 130 or 143.
@Suite struct SignalInterruptionTests {
    let folder = TemporaryFolder("cli-signal")
    var out: String { folder.file("out") }

    /// A 150 MB sparse file: quick to make, about a second to copy and flush.
    func bigFile() throws -> String {
        let path = folder.file("big.bin")
        try #require(FileManager.default.createFile(atPath: path, contents: nil))
        try #require(truncate(path, 150 << 20) == 0)
        return path
    }

    struct Finished {
        var status: Int32
        var reason: Process.TerminationReason
        var stdout: String
        var stderr: String
    }

    /// Runs `sharevia arguments`, sends `signal` the moment `ready(folder)` holds, and waits
    /// for the process to end.
    func interrupt(
        _ arguments: [String],
        environment: [String: String] = [:],
        with signal: Int32,
        when ready: @escaping @Sendable () -> Bool
    ) async throws -> Finished {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: ShareviaProcess.binary)
        process.arguments = arguments
        process.environment = ["PATH": "/usr/bin:/bin", "HOME": folder.path].merging(environment) { $1 }
        let stdoutPath = folder.file("stdout")
        let stderrPath = folder.file("stderr")
        try #require(FileManager.default.createFile(atPath: stdoutPath, contents: nil))
        try #require(FileManager.default.createFile(atPath: stderrPath, contents: nil))
        process.standardOutput = try FileHandle(forWritingTo: URL(fileURLWithPath: stdoutPath))
        process.standardError = try FileHandle(forWritingTo: URL(fileURLWithPath: stderrPath))
        try process.run()
        // A share that hangs must not outlive a failed test.
        defer { if process.isRunning { kill(process.processIdentifier, SIGKILL) } }
        // A thread of its own watches and sends the signal the moment `ready` holds: the test
        // pool's threads may be busy for longer than the share takes.
        let pid = process.processIdentifier
        let seen: Bool = await withCheckedContinuation { continuation in
            Thread.detachNewThread {
                let deadline = ContinuousClock.now + .seconds(60)
                while ContinuousClock.now < deadline && kill(pid, 0) == 0 {
                    if ready() {
                        kill(pid, signal)
                        continuation.resume(returning: true)
                        return
                    }
                    usleep(200)
                }
                continuation.resume(returning: false)
            }
        }
        #expect(seen, "the share was under way when the signal was sent")
        let clock = ContinuousClock()
        let started = clock.now
        while process.isRunning && clock.now - started < .seconds(60) { try await Task.sleep(for: .milliseconds(10)) }
        #expect(!process.isRunning, "sharevia ended after the signal")
        return Finished(
            status: process.terminationStatus,
            reason: process.terminationReason,
            stdout: String(decoding: folder.read("stdout") ?? Data(), as: UTF8.self),
            stderr: String(decoding: folder.read("stderr") ?? Data(), as: UTF8.self)
        )
    }

    /// Starts a file export of the big file and sends `signal` once its temporary file appears
    /// in the share folder.
    func interruptFileExport(with signal: Int32, extra: [String] = []) async throws -> Finished {
        try FileManager.default.createDirectory(atPath: out, withIntermediateDirectories: true)
        let watched = out
        return try await interrupt(
            ["--to", "file", try bigFile(), "--out", out, "--no-fallback"] + extra,
            with: signal
        ) {
            let names = (try? FileManager.default.contentsOfDirectory(atPath: watched)) ?? []
            return names.contains { $0.hasPrefix(".sharevia-tmp-") }
        }
    }

    @Test func sigintCancelsTheShareRemovesTheTemporaryFileReportsAndExits130() async throws {
        let run = try await interruptFileExport(with: SIGINT)
        #expect(run.reason == .exit, "sharevia exits by itself, not killed by the signal")
        #expect(run.status == 130, "\(run.stderr)")
        #expect(run.stderr.contains("✗ file: cancelled: the share was cancelled during delivery"), "\(run.stderr)")
        #expect(run.stderr.contains("not delivered: the share was cancelled at file\n"), "\(run.stderr)")
        #expect(
            run.stderr.hasSuffix(
                "interrupted by SIGINT: the share was cancelled, and its destination told to stop and remove its temporary files\n"
            ),
            "\(run.stderr)"
        )
        #expect(run.stdout.isEmpty)
        #expect(folder.names(in: "out").isEmpty, "no temporary file and no partial share is left")
    }

    @Test func sigtermDoesTheSameWith143AndTheJSONReportSaysSo() async throws {
        let run = try await interruptFileExport(with: SIGTERM, extra: ["--json"])
        #expect(run.reason == .exit)
        #expect(run.status == 143, "\(run.stderr)")
        let report = try #require(try JSONSerialization.jsonObject(with: Data(run.stdout.utf8)) as? [String: Any])
        #expect(report["interruptedBy"] as? String == "SIGTERM")
        #expect(report["exitCode"] as? Int == 143)
        #expect(report["outcome"] as? String == "not-delivered")
        let attempts = try #require(report["attempts"] as? [[String: Any]])
        #expect(attempts.last?["result"] as? String == "cancelled")
        #expect(folder.names(in: "out").isEmpty, "no temporary file and no partial share is left")
    }

    @Test func sigintDuringASlowPluginStopsItRemovesItsFolderAndExits130() async throws {
        let plugins = folder.file("data/sharevia/plugins")
        let temporary = folder.file("tmp")
        try FileManager.default.createDirectory(atPath: plugins, withIntermediateDirectories: true)
        try FileManager.default.createDirectory(atPath: temporary, withIntermediateDirectories: true)
        let pidFile = folder.file("plugin.pid")
        let describe =
            #"{"protocol":{"min":1,"max":1},"name":"Slow","accepts":{"text":true},"outcomes":["delivered"]}"#
        try folder.writeExecutable(
            """
            #!/bin/sh
            cat >/dev/null
            case "$1" in
            describe) printf '%s\\n' '\(describe)' ;;
            check) printf '%s\\n' '{"available":true}' ;;
            deliver) echo $$ > '\(pidFile).tmp'; mv '\(pidFile).tmp' '\(pidFile)'; sleep 30 ;;
            esac
            """,
            named: "data/sharevia/plugins/sharevia-dest-slow"
        )
        let run = try await interrupt(
            ["--to", "slow", "--text", "hello", "--no-fallback"],
            environment: ["XDG_DATA_HOME": folder.file("data"), "TMPDIR": temporary],
            with: SIGINT
        ) { FileManager.default.fileExists(atPath: pidFile) }
        #expect(run.reason == .exit)
        #expect(run.status == 130, "\(run.stderr)")
        #expect(run.stderr.contains("✗ slow: cancelled"), "\(run.stderr)")
        #expect(run.stderr.contains("interrupted by SIGINT"), "\(run.stderr)")
        let pid = try #require(
            Int32(String(decoding: folder.read("plugin.pid") ?? Data(), as: UTF8.self).filter(\.isNumber))
        )
        #expect(kill(pid, 0) != 0, "the plugin was stopped")
        #expect(folder.names(in: "tmp").isEmpty, "the plugin's private folder was removed")
    }

    @Test func outsideAShareASignalEndsTheProcessAtOnceAsBefore() async throws {
        // Waiting for `--text -` on a pipe nobody writes to: nothing to clean up, so SIGINT ends
        // sharevia the default way instead of waiting for a share that never starts.
        let process = Process()
        process.executableURL = URL(fileURLWithPath: ShareviaProcess.binary)
        process.arguments = ["--to", "file", "--text", "-", "--out", out]
        process.environment = ["PATH": "/usr/bin:/bin", "HOME": folder.path]
        let input = Pipe()
        process.standardInput = input
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        try process.run()
        // A share that hangs must not outlive a failed test.
        defer { if process.isRunning { kill(process.processIdentifier, SIGKILL) } }
        try await Task.sleep(for: .milliseconds(300))
        kill(process.processIdentifier, SIGINT)
        let clock = ContinuousClock()
        let started = clock.now
        while process.isRunning && clock.now - started < .seconds(30) { try await Task.sleep(for: .milliseconds(10)) }
        #expect(!process.isRunning, "SIGINT ended it")
        #expect(process.terminationReason == .uncaughtSignal)
        #expect(process.terminationStatus == SIGINT)
        try input.fileHandleForWriting.close()
        #expect(!FileManager.default.fileExists(atPath: out))
    }
}
