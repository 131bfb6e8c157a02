import Foundation
import TestSupport

#if canImport(Glibc)
import Glibc
#endif

/// The built `sharevia` running in the background, for a test that signals or kills it
/// (`outbox run --watch`, a run paused at a step of the outbox); its output goes to files.
final class BackgroundSharevia {
    let process = Process()
    let folder: TemporaryFolder
    private let label: String

    /// Starts `sharevia arguments` with `environment` (and PATH), output into `folder`.
    init(_ arguments: [String], environment: [String: String], folder: TemporaryFolder, label: String) throws {
        self.folder = folder
        self.label = label
        process.executableURL = URL(fileURLWithPath: ShareviaProcess.binary)
        process.arguments = arguments
        process.environment = ["PATH": "/usr/bin:/bin"].merging(environment) { $1 }
        for name in ["stdout", "stderr"] {
            _ = FileManager.default.createFile(atPath: folder.file("\(label).\(name)"), contents: nil)
        }
        process.standardOutput = try FileHandle(forWritingTo: URL(fileURLWithPath: folder.file("\(label).stdout")))
        process.standardError = try FileHandle(forWritingTo: URL(fileURLWithPath: folder.file("\(label).stderr")))
        try process.run()
    }

    /// Kills it if it still runs: a test that failed must not leave it behind.
    deinit { if process.isRunning { kill(process.processIdentifier, SIGKILL) } }

    var stderr: String { String(decoding: folder.read("\(label).stderr") ?? Data(), as: UTF8.self) }

    /// Waits until `condition` holds, or `limit` passes (a hang guard); returns whether it held.
    static func until(_ limit: Duration = .seconds(120), _ condition: () -> Bool) async throws -> Bool {
        let clock = ContinuousClock()
        let deadline = clock.now + limit
        while clock.now < deadline {
            if condition() { return true }
            try await Task.sleep(for: .milliseconds(50))
        }
        return condition()
    }

    /// Sends `signal` and waits for the process to end (at most 60 s); its exit status, or nil
    /// when it did not end or a signal ended it.
    func stop(with signal: Int32) async throws -> Int32? {
        kill(process.processIdentifier, signal)
        guard try await Self.until(.seconds(60), { !process.isRunning }) else { return nil }
        return process.terminationReason == .exit ? process.terminationStatus : nil
    }
}
