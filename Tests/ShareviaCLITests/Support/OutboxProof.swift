import Foundation
import ShareHistory
import TestSupport
import Testing

/// What the outbox proofs share: a share's own state folder (where its history database and
/// outbox live), the outbox read through the library, and `sharevia outbox` through the binary.
enum OutboxProof {
    /// The environment of the shares and runs of one test: HOME, the state folder (the database)
    /// and the cache folder inside `folder`, plus `extra`.
    static func environment(_ folder: TemporaryFolder, _ extra: [String: String] = [:]) -> [String: String] {
        var environment = [
            "HOME": folder.path, "XDG_STATE_HOME": folder.file("state"), "XDG_CACHE_HOME": folder.file("cache"),
        ]
        for (key, value) in extra { environment[key] = value }
        return environment
    }

    /// The database `sharevia` uses with ``environment(_:_:)``.
    static func database(_ folder: TemporaryFolder) -> String { folder.file("state/sharevia/sharevia.sqlite") }

    /// The outbox's items, newest first, read through the library (part A's store).
    static func items(_ folder: TemporaryFolder) throws -> [OutboxItem] {
        try OutboxStore(path: database(folder)).items()
    }

    /// The one item of the outbox; fails the test when there isn't exactly one.
    static func onlyItem(
        _ folder: TemporaryFolder,
        sourceLocation: SourceLocation = #_sourceLocation
    ) throws
        -> OutboxItem
    {
        let items = try items(folder)
        try #require(
            items.count == 1,
            "the outbox holds \(items.count) items: \(items)",
            sourceLocation: sourceLocation
        )
        return items[0]
    }

    /// The JSON object a run printed on stdout.
    static func json(_ run: ShareviaProcess.Run, sourceLocation: SourceLocation = #_sourceLocation) throws -> Any {
        try #require(
            try? JSONSerialization.jsonObject(with: Data(run.stdoutBytes), options: [.fragmentsAllowed]),
            "not JSON: \(run.stdout)\n\(run.stderr)",
            sourceLocation: sourceLocation
        )
    }

    /// `sharevia outbox COMMAND ARGUMENTS` (`run` unless told) with `environment`, which must exit
    /// with one of `exitCodes` (0: every item tried went through, or nothing was due; 4: some
    /// item is queued again or failed; 5: some item's outcome is unknown).
    @discardableResult
    static func run(
        _ arguments: [String] = [],
        command: String = "run",
        environment: [String: String],
        exitCodes: Set<Int> = [0],
        sourceLocation: SourceLocation = #_sourceLocation
    ) async throws -> ShareviaProcess.Run {
        let run = try await ShareviaProcess.run(["outbox", command] + arguments, environment: environment)
        #expect(
            run.status.map(exitCodes.contains) == true,
            "outbox \(command): \(run.stdout)\n\(run.stderr)",
            sourceLocation: sourceLocation
        )
        return run
    }

    /// Sleeps until the wall clock passes `microseconds` since 1970 (plus `margin`).
    static func sleep(until microseconds: Int64, margin: Duration = .milliseconds(500)) async throws {
        let wait = Duration.microseconds(max(0, microseconds - OutboxStore.now()))
        try await Task.sleep(for: wait + margin)
    }
}
