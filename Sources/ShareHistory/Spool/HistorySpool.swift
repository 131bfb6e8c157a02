#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The history spool's folder, `history-spool/` beside the database (mode 0700): one
/// `<shareID>.json` file per share not yet imported. Plain files, no SQLite, so a share that
/// records into it loads no database library.
struct HistorySpool {
    /// The suffix of a spooled share's file.
    static let suffix = ".json"
    /// The suffix a file that can't be read as a spooled share is renamed with.
    static let damagedSuffix = ".damaged"

    /// The folder.
    var folder: String

    /// The spool beside the database at `databasePath`.
    init(databasePath: String) {
        let parent = databasePath.split(separator: "/", omittingEmptySubsequences: false).dropLast()
            .joined(separator: "/")
        folder = (parent.isEmpty && !databasePath.hasPrefix("/") ? "." : parent) + "/history-spool"
    }

    /// Writes `bytes` as `<id>.json`: to a temporary name in the folder, then renamed, so an
    /// importer sees the whole file or none. No `fsync`: a power loss may lose the last shares.
    /// - Returns: nil, or why it couldn't.
    func add(_ bytes: [UInt8], id: String) -> String? {
        if let problem = makeFolder() { return problem }
        let temporary = "\(folder)/.tmp-\(id)-\(getpid())"
        let descriptor = open(temporary, O_WRONLY | O_CREAT | O_TRUNC | O_NOFOLLOW | O_CLOEXEC, 0o600)
        guard descriptor >= 0 else { return "can't write \(temporary): \(Self.reason())" }
        var written = 0
        while written < bytes.count {
            let count = bytes.withUnsafeBytes { write(descriptor, $0.baseAddress! + written, bytes.count - written) }
            if count < 0 && errno == EINTR { continue }
            guard count > 0 else {
                let problem = "can't write \(temporary): \(Self.reason())"
                close(descriptor)
                unlink(temporary)
                return problem
            }
            written += count
        }
        close(descriptor)
        guard rename(temporary, "\(folder)/\(id)\(Self.suffix)") == 0 else {
            let problem = "can't rename \(temporary): \(Self.reason())"
            unlink(temporary)
            return problem
        }
        return nil
    }

    /// The names of up to `limit` spooled shares' files (not temporary or damaged ones).
    func names(limit: Int) -> [String] {
        guard let directory = opendir(folder) else { return [] }
        defer { closedir(directory) }
        var names: [String] = []
        while names.count < limit, let entry = readdir(directory) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) { raw in
                String(decoding: raw.prefix { $0 != 0 }, as: UTF8.self)
            }
            if !name.hasPrefix(".") && name.hasSuffix(Self.suffix) { names.append(name) }
        }
        return names
    }

    /// The spooled file's bytes, or why it can't be read: not a regular file, over
    /// ``HistoryLimits/spoolFileBytes``. Nil bytes and nil reason: it is gone (another importer
    /// took it).
    func contents(of name: String) -> (bytes: [UInt8]?, problem: String?) {
        let path = "\(folder)/\(name)"
        let descriptor = open(path, O_RDONLY | O_NOFOLLOW | O_NONBLOCK | O_CLOEXEC)
        guard descriptor >= 0 else {
            return errno == ENOENT ? (nil, nil) : (nil, "history spool: can't read it: \(Self.reason())")
        }
        defer { close(descriptor) }
        var info = stat()
        guard fstat(descriptor, &info) == 0, (info.st_mode & S_IFMT) == S_IFREG else {
            return (nil, "history spool: not a regular file")
        }
        guard Int(info.st_size) <= HistoryLimits.spoolFileBytes else {
            return (
                nil,
                "history spool: the file is \(info.st_size) bytes, over the \(HistoryLimits.spoolFileBytes) a spool file may be"
            )
        }
        var bytes = [UInt8](repeating: 0, count: HistoryLimits.spoolFileBytes + 1)
        var total = 0
        while total < bytes.count {
            let count = bytes.withUnsafeMutableBytes {
                Glibc.read(descriptor, $0.baseAddress! + total, $0.count - total)
            }
            if count < 0 && errno == EINTR { continue }
            guard count >= 0 else { return (nil, "history spool: can't read it: \(Self.reason())") }
            if count == 0 { break }
            total += count
        }
        guard total <= HistoryLimits.spoolFileBytes else {
            return (
                nil, "history spool: the file grew over the \(HistoryLimits.spoolFileBytes) bytes a spool file may be"
            )
        }
        return (Array(bytes.prefix(total)), nil)
    }

    /// Removes an imported file; one already gone (another importer) is fine.
    func remove(_ name: String) {
        unlink("\(folder)/\(name)")
    }

    /// Renames a file that can't be read to `NAME.damaged`; returns the new path, or nil when it
    /// was already gone.
    func moveAside(_ name: String) -> String? {
        let target = "\(folder)/\(name)\(Self.damagedSuffix)"
        return rename("\(folder)/\(name)", target) == 0 ? target : nil
    }

    /// Creates the folder and the ones above it that are missing, with mode 0700.
    private func makeFolder() -> String? {
        if mkdir(folder, 0o700) == 0 || errno == EEXIST { return nil }
        var prefix = folder.hasPrefix("/") ? "" : "."
        for part in folder.split(separator: "/", omittingEmptySubsequences: true) {
            prefix += "/" + part
            if mkdir(prefix, 0o700) != 0 && errno != EEXIST {
                return "can't create the folder \(prefix): \(Self.reason())"
            }
        }
        return nil
    }

    private static func reason() -> String { String(cString: strerror(errno)) }
}
