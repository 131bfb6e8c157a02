import Foundation
import TestSupport

/// The built `sharevia` running while the test talks to it, as a person would at a sign-in:
/// the test reads what it printed so far (the authorize URL), writes to its standard input (the
/// code), or plays the browser, then waits for it to end.
final class LiveShareviaProcess: @unchecked Sendable {
    private let process = Process()
    private let input = Pipe()
    private let folder = TemporaryFolder("live-sharevia")

    /// Starts `sharevia arguments` with only PATH, HOME, LANG and TMPDIR of this process plus `extra`.
    init(_ arguments: [String], environment extra: [String: String]) throws {
        var environment = ProcessInfo.processInfo.environment.filter {
            ["PATH", "HOME", "LANG", "TMPDIR"].contains($0.key)
        }
        for (key, value) in extra { environment[key] = value }
        process.executableURL = URL(fileURLWithPath: ShareviaProcess.binary)
        process.arguments = arguments
        process.environment = environment
        process.standardInput = input
        _ = FileManager.default.createFile(atPath: folder.file("stdout"), contents: nil)
        _ = FileManager.default.createFile(atPath: folder.file("stderr"), contents: nil)
        process.standardOutput = FileHandle(forWritingAtPath: folder.file("stdout"))
        process.standardError = FileHandle(forWritingAtPath: folder.file("stderr"))
        try process.run()
    }

    var stdout: String { folder.read("stdout").map { String(decoding: $0, as: UTF8.self) } ?? "" }
    var stderr: String { folder.read("stderr").map { String(decoding: $0, as: UTF8.self) } ?? "" }

    /// The first line of standard error that starts with two spaces and `prefix`, trimmed, once
    /// it has been printed (nil if the process ends or 30 s pass first).
    func waitForLine(startingWith prefix: String) async throws -> String? {
        let deadline = ContinuousClock.now + .seconds(30)
        while ContinuousClock.now < deadline {
            if let line = stderr.split(separator: "\n").first(where: { $0.hasPrefix("  " + prefix) }) {
                return line.trimmingCharacters(in: .whitespaces)
            }
            if !process.isRunning { return nil }
            try await Task.sleep(for: .milliseconds(20))
        }
        return nil
    }

    /// Writes `text` to standard input and closes it.
    func type(_ text: String) throws {
        try input.fileHandleForWriting.write(contentsOf: Data(text.utf8))
        try input.fileHandleForWriting.close()
    }

    /// Waits for the process to end (killing it after 60 s) and returns what it did.
    func finish() async throws -> ShareviaProcess.Run {
        let deadline = ContinuousClock.now + .seconds(60)
        while process.isRunning && ContinuousClock.now < deadline { try await Task.sleep(for: .milliseconds(20)) }
        if process.isRunning {
            process.terminate()
            process.waitUntilExit()
        }
        try? input.fileHandleForWriting.close()
        let bytes = folder.read("stdout") ?? Data()
        return ShareviaProcess.Run(
            status: process.terminationReason == .exit ? Int(process.terminationStatus) : nil,
            stdout: stdout,
            stderr: stderr,
            stdoutBytes: Array(bytes)
        )
    }
}
