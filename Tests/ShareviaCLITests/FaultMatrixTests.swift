import Foundation
import ProcessRunning
import TestSupport
import Testing

/// Issue 17's fault matrix, through the built binary: the disk fills, the folder turns read-only,
/// the process is killed at chosen system calls, the X server freezes or dies, the clipboard tool
/// hangs or answers garbage. In every case the run ends in bounded time with a clear report,
/// never leaves a partial file under a final name, and with the default chain a clipboard
/// failure ends in the file export.
///
/// Each case appends one row to `$SHAREVIA_RELIABILITY_LOG` when it is set, for
/// `scripts/reliability`'s table.
@Suite struct FaultMatrixTests {
    let folder = TemporaryFolder("cli")
    var out: String { "\(folder.path)/out" }

    // MARK: File export

    @Test func aFullDiskFailsCleanlyNamingTheCause() async throws {
        let run = try await Self.inSmallFilesystem(options: "size=16k", sharing: PackageRoot.exampleCard)
        #expect(run.exitStatus == 4, "\(run.log)")
        #expect(
            run.log.contains("No space left on device; free some space or pass another folder with --out"),
            "\(run.log)"
        )
        #expect(run.finalFiles.isEmpty, "no file under a final name: \(run.finalFiles)")
        FaultLog.record(
            "file: disk full",
            seconds: run.seconds,
            outcome: "not-delivered, clear error",
            lost: false,
            partial: 0
        )
    }

    @Test func aReadOnlyFolderFailsCleanlyNamingTheCause() async throws {
        let run = try await Self.inSmallFilesystem(options: "size=1m", readOnly: true, sharing: PackageRoot.exampleCard)
        #expect(run.exitStatus == 4, "\(run.log)")
        #expect(run.log.contains("Read-only file system; pass a folder you can write to with --out"), "\(run.log)")
        #expect(run.finalFiles.isEmpty)
        FaultLog.record(
            "file: read-only folder",
            seconds: run.seconds,
            outcome: "not-delivered, clear error",
            lost: false,
            partial: 0
        )
    }

    /// Killed with SIGKILL at the Nth call of a step: writing a file, flushing it, linking it.
    @Test(arguments: [("write", 1), ("fsync", 1), ("linkat", 1), ("write", 2), ("linkat", 2), ("fsync", 3)])
    func aKillAtAnyStepLeavesNoPartialFile(step: String, call: Int) async throws {
        let strace = try RequiredTools.path("strace")
        let started = ContinuousClock.now
        let output = try await ProcessRunner().run(
            strace,
            arguments: [
                "-f", "-o", "/dev/null", "-e", "trace=\(step)", "-e", "inject=\(step):signal=KILL:when=\(call)",
                ShareviaProcess.binary, "--to", "file", PackageRoot.exampleCard, "--text", "hi", "--out", out,
            ],
            environment: ["PATH": "/usr/bin:/bin", "HOME": folder.path],
            timeout: .seconds(30)
        )
        #expect(!output.timedOut)
        let card = try #require(FileManager.default.contents(atPath: PackageRoot.exampleCard))
        let names = folder.names(in: "out")
        var partial = 0
        for name in names where !name.hasPrefix(".sharevia-tmp-") {
            let bytes = FileManager.default.contents(atPath: "\(out)/\(name)") ?? Data()
            let complete: Bool
            switch name {
            case "card.png": complete = bytes == card
            case "card.txt": complete = bytes == Data("hi\n".utf8)
            case "card.share.json": complete = (try? JSONSerialization.jsonObject(with: bytes)) != nil
            default: complete = false
            }
            if !complete { partial += 1 }
            #expect(complete, "\(name) is partial after a kill at \(step) #\(call)")
        }
        // A process killed with SIGKILL can't finish its share; what matters is what it leaves.
        FaultLog.record(
            "file: killed at \(step) #\(call)",
            seconds: (ContinuousClock.now - started).seconds,
            outcome: "killed; \(names.filter { !$0.hasPrefix(".") }.count) complete file(s) left",
            lost: false,
            partial: partial
        )
    }

    // MARK: Clipboard, ending in the file export

    @Test func aFrozenXServerTimesOutAndTheFileExportDelivers() async throws {
        try await XvfbServer.with { server in
            let pid = server.process.pid
            kill(pid, SIGSTOP)
            defer { kill(pid, SIGCONT) }
            let started = ContinuousClock.now
            let run = try await ShareviaProcess.run(
                [
                    "--to", "clipboard", PackageRoot.exampleCard, "--out", out, "--timeout", "2", "--retries", "0",
                    "--json",
                ],
                environment: FaultLog.canaryEnvironment.merging(["DISPLAY": server.display]) { $1 }
            )
            let seconds = (ContinuousClock.now - started).seconds
            try Self.expectFileExportDelivered(run, within: 30, seconds: seconds)
            #expect(FaultLog.secretsSeen(in: run) == 0)
            FaultLog.record(
                "clipboard: X server frozen",
                seconds: seconds,
                outcome: "delivered-by-fallback file",
                lost: false,
                partial: 0,
                secretsSeen: FaultLog.secretsSeen(in: run)
            )
        }
    }

    @Test func anXServerThatDiesMidShareEndsInTheFileExport() async throws {
        try await XvfbServer.with { server in
            let pid = server.process.pid
            let started = ContinuousClock.now
            let outPath = out
            async let run = ShareviaProcess.run(
                ["--to", "clipboard", PackageRoot.exampleCard, "--out", outPath, "--timeout", "5", "--json"],
                environment: ["DISPLAY": server.display]
            )
            try await Task.sleep(for: .milliseconds(5))
            kill(pid, SIGKILL)
            let finished = try await run
            let seconds = (ContinuousClock.now - started).seconds
            let report = try Self.report(finished)
            // Depending on when the server died, the clipboard got the card first or the file export did.
            let by = report["deliveredBy"] as? String
            #expect(by == "clipboard" || by == "file", "\(finished.stderr)")
            if by == "file" { try Self.expectFileExportDelivered(finished, within: 30, seconds: seconds) }
            FaultLog.record(
                "clipboard: X server killed",
                seconds: seconds,
                outcome: "delivered by \(by ?? "nobody")",
                lost: by == nil,
                partial: 0
            )
        }
    }

    @Test(arguments: ["hangs", "garbage", "crashes"])
    func aBrokenXclipEndsInTheFileExport(behaviour: String) async throws {
        let script: String
        switch behaviour {
        case "hangs": script = "#!/bin/sh\nexec sleep 600\n"
        case "garbage":
            script = "#!/bin/sh\ncase \"$*\" in *-o*) head -c 200 /dev/urandom;; *) cat >/dev/null;; esac\nexit 0\n"
        default: script = "#!/bin/sh\nkill -SEGV $$\n"
        }
        let tools = folder.path + "/tools"
        try FileManager.default.createDirectory(atPath: tools, withIntermediateDirectories: true)
        try Data(script.utf8).write(to: URL(fileURLWithPath: tools + "/xclip"))
        chmod(tools + "/xclip", 0o755)
        try await XvfbServer.with { server in
            let started = ContinuousClock.now
            let run = try await ShareviaProcess.run(
                [
                    "--to", "clipboard", PackageRoot.exampleCard, "--out", out, "--clipboard-backend", "xclip",
                    "--timeout", "2", "--retries", "1", "--json",
                ],
                environment: FaultLog.canaryEnvironment.merging([
                    "DISPLAY": server.display, "PATH": "\(tools):/usr/bin:/bin",
                ]) { $1 }
            )
            let seconds = (ContinuousClock.now - started).seconds
            try Self.expectFileExportDelivered(run, within: 30, seconds: seconds)
            #expect(FaultLog.secretsSeen(in: run) == 0)
            FaultLog.record(
                "clipboard: xclip \(behaviour)",
                seconds: seconds,
                outcome: "delivered-by-fallback file",
                lost: false,
                partial: 0,
                secretsSeen: FaultLog.secretsSeen(in: run)
            )
        }
    }

    // MARK: Helpers

    struct ContainedRun {
        var exitStatus: Int?
        var log: String
        var finalFiles: [String]
        var seconds: Double
    }

    /// Runs a file export into a tmpfs of `options`, in a user and mount namespace of its own
    /// (`unshare -rm`, so no root is needed), and lists the files left there under final names,
    /// outside the state folder (`~/.local/state`, where the share's history is kept).
    static func inSmallFilesystem(
        options: String,
        readOnly: Bool = false,
        sharing file: String
    ) async throws -> ContainedRun {
        let unshare = try RequiredTools.path("unshare", package: "util-linux")
        let mountPoint = TemporaryFolder("cli")
        let remount = readOnly ? "mkdir \"$1/shares\" && mount -o remount,ro \"$1\" && " : ""
        let script = """
            mount -t tmpfs -o \(options) tmpfs "$1" || exit 70
            \(remount)"$2" --to file "$3" --out "$1/shares" --no-fallback
            echo "exit=$?"
            find "$1" -path "$1/.local/state" -prune -o -type f ! -name '.sharevia-tmp-*' -printf 'final=%f\\n'
            """
        let started = ContinuousClock.now
        let output = try await ProcessRunner().run(
            unshare,
            arguments: ["-rm", "sh", "-c", script, "sh", mountPoint.path, ShareviaProcess.binary, file],
            environment: ["PATH": "/usr/bin:/bin", "HOME": mountPoint.path],
            timeout: .seconds(30)
        )
        let log = String(decoding: output.standardOutput + output.standardError, as: UTF8.self)
        try #require(output.exitStatus == 0, "the tmpfs could not be set up: \(log)")
        let lines = log.split(separator: "\n")
        let status = lines.last { $0.hasPrefix("exit=") }.flatMap { Int($0.dropFirst(5)) }
        let finals = lines.filter { $0.hasPrefix("final=") }.map { String($0.dropFirst(6)) }
        return ContainedRun(
            exitStatus: status,
            log: log,
            finalFiles: finals,
            seconds: (ContinuousClock.now - started).seconds
        )
    }

    /// The Xvfb's process id, from its lock file.
    static func report(_ run: ShareviaProcess.Run) throws -> [String: Any] {
        try #require(try JSONSerialization.jsonObject(with: Data(run.stdoutBytes)) as? [String: Any], "\(run.stderr)")
    }

    /// The report says the file export delivered after the clipboard failed, the card is there
    /// byte for byte, and the run took at most `limit` seconds.
    static func expectFileExportDelivered(_ run: ShareviaProcess.Run, within limit: Double, seconds: Double) throws {
        #expect(run.status == 3, "\(run.stderr)")
        let report = try report(run)
        #expect(report["outcome"] as? String == "delivered-by-fallback")
        #expect(report["deliveredBy"] as? String == "file")
        let attempts = try #require(report["attempts"] as? [[String: Any]])
        let clipboard = attempts.filter { $0["destination"] as? String == "clipboard" }
        #expect(!clipboard.isEmpty && clipboard.allSatisfy { !($0["reason"] as? String ?? "").isEmpty })
        let receipt = try #require(report["receipt"] as? [String: Any])
        let card = try #require((receipt["locations"] as? [String])?.first)
        #expect(
            FileManager.default.contents(atPath: card) == FileManager.default.contents(atPath: PackageRoot.exampleCard)
        )
        #expect(seconds < limit, "took \(seconds) s")
    }
}

/// Rows for `scripts/reliability`'s table, appended as JSON lines to `$SHAREVIA_RELIABILITY_LOG`.
enum FaultLog {
    /// A secret every run gets in the variables sharevia reads secrets from; no output may show it.
    static let canary = "canary-secret-7f3a9c"
    static let canaryEnvironment = ["SHAREVIA_SMTP_PASSWORD": canary, "SHAREVIA_INSTAGRAM_APP_ID": "1234567890"]

    /// How often the canary shows in a run's output.
    static func secretsSeen(in run: ShareviaProcess.Run) -> Int {
        (run.stdout + run.stderr).components(separatedBy: canary).count - 1
    }

    static func record(
        _ scenario: String,
        seconds: Double,
        outcome: String,
        lost: Bool,
        partial: Int,
        secretsSeen: Int = 0
    ) {
        guard let path = ProcessInfo.processInfo.environment["SHAREVIA_RELIABILITY_LOG"], !path.isEmpty else { return }
        let row: [String: Any] = [
            "scenario": scenario, "seconds": (seconds * 100).rounded() / 100, "outcome": outcome,
            "shareLost": lost, "partialFiles": partial, "secretsSeen": secretsSeen,
        ]
        guard var data = try? JSONSerialization.data(withJSONObject: row, options: [.sortedKeys]) else { return }
        data.append(UInt8(ascii: "\n"))
        // One write(2) on an O_APPEND descriptor: rows of tests running in parallel never interleave.
        let descriptor = open(path, O_WRONLY | O_APPEND | O_CREAT | O_CLOEXEC, 0o644)
        guard descriptor >= 0 else { return }
        _ = data.withUnsafeBytes { write(descriptor, $0.baseAddress, $0.count) }
        close(descriptor)
    }
}

extension Duration {
    /// The duration in seconds.
    var seconds: Double { Double(components.seconds) + Double(components.attoseconds) / 1e18 }
}
