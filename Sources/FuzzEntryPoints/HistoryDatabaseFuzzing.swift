import ShareCore
import ShareHistory

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The history database reader for the `history-database` fuzz target (`Fuzz/`): any bytes as a
/// database file, listed, counted, checked and then recorded into. ShareHistory's API is
/// `package`; this is the one way in from outside the package.
@_spi(Fuzzing)
public enum HistoryDatabaseFuzzing {
    /// What became of the bytes.
    public struct Outcome: Sendable, Hashable {
        /// Shares listed, or nil when reading was refused.
        public var entries: Int?
        /// Shares counted by the statistics, or nil when refused.
        public var shares: Int64?
        /// Whether a share could then be recorded (in the file, or in a fresh one after it was
        /// moved aside).
        public var recorded: Bool
        /// The size of the database file after recording, in bytes.
        public var sizeAfter: Int
    }

    /// Writes `bytes` to a file of this process's own in `folder`, reads it as a history database
    /// (each read stopped after `deadlineMilliseconds`), records one share into it, and removes
    /// every file it made (what was moved aside too).
    public static func read(_ bytes: [UInt8], folder: String, deadlineMilliseconds: Int = 1_000) -> Outcome {
        let path = "\(folder)/sharevia-fuzz-\(getpid()).sqlite"
        defer { removeAll(path) }
        removeAll(path)
        let descriptor = open(path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o600)
        guard descriptor >= 0 else { return Outcome(entries: nil, shares: nil, recorded: false, sizeAfter: 0) }
        var written = 0
        bytes.withUnsafeBytes { buffer in
            while written < buffer.count {
                let count = write(descriptor, buffer.baseAddress! + written, buffer.count - written)
                if count <= 0 { break }
                written += count
            }
        }
        close(descriptor)

        let store = HistoryStore(path: path, durability: .normal, readDeadlineMilliseconds: deadlineMilliseconds)
        let entries = try? store.entries(HistoryQuery(limit: 100))
        let statistics = try? store.statistics()
        _ = try? store.check()
        let report = ShareReport(
            chain: ["file"],
            attempts: [.init(destination: "file", result: .delivered, reason: "wrote", durationMilliseconds: 1)],
            receipt: DeliveryReceipt(destination: "file", summary: "wrote")
        )
        let recording = store.record(report: report, options: ShareOptions())
        // What was moved aside goes too.
        for moved in recording.warnings.compactMap(\.movedTo) { removeAll(moved) }
        var info = stat()
        let size = stat(path, &info) == 0 ? Int(info.st_size) : 0
        return Outcome(
            entries: entries?.count,
            shares: statistics?.shares,
            recorded: recording.recorded,
            sizeAfter: size
        )
    }

    /// Removes the database and its WAL, index and journal files.
    private static func removeAll(_ path: String) {
        for suffix in ["", "-wal", "-shm", "-journal"] { unlink(path + suffix) }
    }
}
