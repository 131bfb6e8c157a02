import Foundation
import ProcessRunning

/// This test bundle run again as other processes, for tests of what two processes do at once
/// (two writers of one database, two claimers of one outbox, two importers of one spool).
///
/// Each process runs only the tests `--filter` names: a suite that does its work when the
/// environment asks for it and nothing in an ordinary run.
package enum TestBundleProcesses {
    /// Why the processes could not be started.
    package struct Failure: Error, CustomStringConvertible {
        package var description: String
    }

    /// The running test bundle's path, read from `/proc/self/exe`.
    package static func bundlePath() throws(Failure) -> String {
        var buffer = [CChar](repeating: 0, count: 4_096)
        let count = readlink("/proc/self/exe", &buffer, buffer.count - 1)
        guard count > 0 else {
            throw Failure(description: "the test bundle's path can't be read from /proc/self/exe")
        }
        return String(decoding: buffer[..<count].map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }

    /// Runs one process of this test bundle for each of `environments`, all at once, each with
    /// only the tests `filter` names and this process's environment plus its own entries.
    /// - Returns: Their outputs, in the order they ended.
    package static func run(
        filter: String,
        environments: [[String: String]],
        timeout: Duration
    ) async throws -> [ProcessOutput] {
        let bundle = try bundlePath()
        let inherited = ProcessInfo.processInfo.environment
        return try await withThrowingTaskGroup(of: ProcessOutput.self) { group in
            for own in environments {
                let environment = inherited.merging(own) { _, new in new }
                group.addTask {
                    try await ProcessRunner().run(
                        bundle,
                        arguments: ["--testing-library", "swift-testing", "--filter", filter],
                        environment: environment,
                        timeout: timeout
                    )
                }
            }
            return try await group.reduce(into: []) { $0.append($1) }
        }
    }
}
