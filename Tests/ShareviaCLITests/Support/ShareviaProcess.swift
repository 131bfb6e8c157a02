import Foundation
import ProcessRunning
import TestSupport

/// Runs the built `sharevia` binary, as a person at a terminal would.
///
/// The binary is `$SHAREVIA_BIN` when set, else the `sharevia` next to this test executable
/// (both live in the build folder, whichever `--scratch-path` was used).
enum ShareviaProcess {
    struct Run {
        var status: Int?
        var stdout: String
        var stderr: String
        var stdoutBytes: [UInt8]
        /// The signal that stopped it, or nil when it exited.
        var signal: Int? = nil
    }

    static var binary: String {
        if let path = ProcessInfo.processInfo.environment["SHAREVIA_BIN"], !path.isEmpty { return path }
        let executable =
            (try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe")) ?? CommandLine.arguments[0]
        var folder = URL(fileURLWithPath: executable).deletingLastPathComponent()
        // The test executable sits inside sharevia-mainPackageTests.xctest on some layouts.
        while folder.path != "/"
            && !FileManager.default.isExecutableFile(atPath: folder.appendingPathComponent("sharevia").path)
        {
            folder = folder.deletingLastPathComponent()
        }
        return folder.appendingPathComponent("sharevia").path
    }

    /// Runs `sharevia` with these arguments and optional stdin bytes. The child's environment is
    /// only PATH, HOME, LANG and TMPDIR from this process (so never DISPLAY), plus `extra`; unless
    /// `extra` names a state folder (`XDG_STATE_HOME`), history is off (`SHAREVIA_NO_HISTORY=1`),
    /// so no test records shares into the real home's history; and unless `extra` names a home or
    /// a state folder, the state folder (where the outbox is) is a throwaway one.
    static func run(
        _ arguments: [String],
        environment extra: [String: String] = [:],
        input: [UInt8]? = nil,
        timeout: Duration = .seconds(60)
    ) async throws -> Run {
        var environment = ProcessInfo.processInfo.environment.filter {
            ["PATH", "HOME", "LANG", "TMPDIR"].contains($0.key)
        }
        if extra["XDG_STATE_HOME"] == nil { environment["SHAREVIA_NO_HISTORY"] = "1" }
        // Nor into the real home's outbox: a share that a network destination failed to take is
        // queued in the state folder, a throwaway one unless `extra` names a home or a state folder.
        let state = extra["XDG_STATE_HOME"] == nil && extra["HOME"] == nil ? TemporaryFolder("state") : nil
        if let state { environment["XDG_STATE_HOME"] = state.path }
        defer { state?.remove() }
        for (key, value) in extra { environment[key] = value }
        let output = try await ProcessRunner().run(
            binary,
            arguments: arguments,
            environment: environment,
            input: input,
            timeout: timeout
        )
        return Run(
            status: output.exitStatus,
            stdout: String(decoding: output.standardOutput, as: UTF8.self),
            stderr: String(decoding: output.standardError, as: UTF8.self),
            stdoutBytes: output.standardOutput,
            signal: output.signal
        )
    }
}
