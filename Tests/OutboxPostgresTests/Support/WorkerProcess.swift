import Foundation
import Synchronization
import TestSupport

/// A `sharevia` process a test starts, signals and waits for: a worker (`outbox run --outbox postgresql://…`) or an
/// enqueue. Its standard output and error go to files of their own.
final class WorkerProcess: Sendable {
    private let process: Mutex<Process>
    let pid: Int32
    private let outputPath: String
    private let errorPath: String

    /// The built program `name` (`sharevia`, `sharevia-outbox-postgres`), beside this test executable.
    static func binary(_ name: String = "sharevia") -> String {
        let executable =
            (try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe")) ?? CommandLine.arguments[0]
        var folder = URL(fileURLWithPath: executable).deletingLastPathComponent()
        while folder.path != "/"
            && !FileManager.default.isExecutableFile(atPath: folder.appendingPathComponent(name).path)
        {
            folder = folder.deletingLastPathComponent()
        }
        return folder.appendingPathComponent(name).path
    }

    /// Starts `sharevia` (or `program`) with `arguments`; the environment is PATH and LANG from this process plus
    /// `environment` (history off unless it names a state folder).
    init(
        _ arguments: [String],
        environment: [String: String],
        folder: TemporaryFolder,
        program: String = "sharevia",
        input: [UInt8]? = nil
    ) throws {
        var variables = ProcessInfo.processInfo.environment.filter { ["PATH", "LANG", "TMPDIR"].contains($0.key) }
        if environment["XDG_STATE_HOME"] == nil { variables["SHAREVIA_NO_HISTORY"] = "1" }
        for (key, value) in environment { variables[key] = value }
        let name = UUID().uuidString
        outputPath = folder.file("\(name).out")
        errorPath = folder.file("\(name).err")
        _ = FileManager.default.createFile(atPath: outputPath, contents: nil)
        _ = FileManager.default.createFile(atPath: errorPath, contents: nil)
        let process = Process()
        process.executableURL = URL(fileURLWithPath: Self.binary(program))
        process.arguments = arguments
        process.environment = variables
        process.standardOutput = try FileHandle(forWritingTo: URL(fileURLWithPath: outputPath))
        process.standardError = try FileHandle(forWritingTo: URL(fileURLWithPath: errorPath))
        if let input {
            let inputPath = folder.file("\(name).in")
            _ = FileManager.default.createFile(atPath: inputPath, contents: Data(input))
            process.standardInput = try FileHandle(forReadingFrom: URL(fileURLWithPath: inputPath))
        } else {
            process.standardInput = FileHandle.nullDevice
        }
        try process.run()
        pid = process.processIdentifier
        self.process = Mutex(process)
    }

    /// Sends `signal` (SIGKILL, SIGTERM).
    func send(_ signal: Int32) { kill(pid, signal) }

    /// Whether it is still running.
    var isRunning: Bool { process.withLock { $0.isRunning } }

    /// Waits for it to end, at most `timeout` (then kills it and records an issue in the caller); returns its exit
    /// status (128 + the signal when one ended it), standard output and standard error.
    func wait(timeout: Duration = .seconds(300)) async -> (status: Int32, stdout: String, stderr: String) {
        let deadline = ContinuousClock.now + timeout
        while isRunning && ContinuousClock.now < deadline {
            try? await Task.sleep(for: .milliseconds(50))
        }
        if isRunning {
            send(SIGKILL)
            while isRunning { try? await Task.sleep(for: .milliseconds(20)) }
        }
        let status = process.withLock { process in
            process.terminationReason == .uncaughtSignal ? 128 + process.terminationStatus : process.terminationStatus
        }
        return (status, read(outputPath), read(errorPath))
    }

    private func read(_ path: String) -> String {
        (FileManager.default.contents(atPath: path)).map { String(decoding: $0, as: UTF8.self) } ?? ""
    }
}
