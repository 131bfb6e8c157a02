import Accounts
import AtomicFiles
import ShareCore

#if canImport(Glibc)
import Glibc
#endif

/// A small owner-only file in sharevia's state folder, `$XDG_STATE_HOME/sharevia` (by default
/// `~/.local/state/sharevia`): `last-report.json` (``LastReport``) and `last-pick` (``LastPick``).
///
/// Written atomically (a temporary file with mode 0600, flushed, then renamed over the old one),
/// the folder created with mode 0700 when missing. Read without following a symlink, and only
/// up to a cap: a longer file is ignored.
struct StateFile: Sendable {
    /// The file's name in the state folder.
    let name: String

    /// A state file that could not be written: the path and the step that failed.
    struct WriteFailure: Error {
        var message: String
    }

    /// The file's path, or nil when neither `XDG_STATE_HOME` nor `HOME` is an absolute path.
    func path(environment: ShareEnvironment) -> String? {
        StateFolder.path(environment: environment).map { $0 + "/" + name }
    }

    /// Replaces the file with `bytes`; returns its path.
    /// - Throws: ``WriteFailure``.
    @discardableResult
    func write(_ bytes: [UInt8], environment: ShareEnvironment) throws(WriteFailure) -> String {
        guard let folderPath = StateFolder.path(environment: environment) else {
            throw WriteFailure(message: "no state folder: neither XDG_STATE_HOME nor HOME is an absolute path")
        }
        var prefix = ""
        for part in folderPath.split(separator: "/") {
            prefix += "/" + part
            if mkdir(prefix, 0o700) != 0 && errno != EEXIST {
                throw WriteFailure(message: "can't create the folder \(prefix): \(String(cString: strerror(errno)))")
            }
        }
        do {
            let folder = try OpenFolder(folderPath)
            let staged = try StagedFile(in: folder, prefix: ".\(name).tmp-", permissions: 0o600)
            try staged.write(bytes)
            try staged.replace(name)
            folder.sync()
        } catch {
            throw WriteFailure(message: "can't write \(folderPath)/\(name): \(error.step): \(error.reason)")
        }
        return folderPath + "/" + name
    }

    /// The file's bytes; nil when it is missing, not a regular file of this user, or longer
    /// than `limit` bytes.
    func read(limit: Int, environment: ShareEnvironment) -> [UInt8]? {
        guard let path = path(environment: environment) else { return nil }
        let descriptor = open(path, O_RDONLY | O_NOFOLLOW | O_NONBLOCK | O_CLOEXEC)
        guard descriptor >= 0 else { return nil }
        defer { close(descriptor) }
        var info = stat()
        guard fstat(descriptor, &info) == 0, info.st_mode & S_IFMT == S_IFREG, info.st_uid == geteuid() else {
            return nil
        }
        var bytes = [UInt8](repeating: 0, count: limit + 1)
        var count = 0
        while count <= limit {
            let n = bytes.withUnsafeMutableBytes { Glibc.read(descriptor, $0.baseAddress! + count, limit + 1 - count) }
            if n < 0 && errno == EINTR { continue }
            guard n > 0 else { break }
            count += n
        }
        return count > limit ? nil : Array(bytes[..<count])
    }
}
