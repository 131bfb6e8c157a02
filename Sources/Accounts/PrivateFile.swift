import AtomicFiles

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The owner-only files of the state folder: read under a cap, written atomically with mode 0600.
enum PrivateFile {
    /// The bytes of `name` in `folder`, or nil when there is no such file.
    ///
    /// Opened relative to the folder, without following a symlink and without blocking (a FIFO
    /// can't hang it); refused unless it is a regular file of this user closed to group and
    /// others; read until `limit` bytes, one more being an error.
    /// - Throws: ``AccountStoreError``: `unsafeFile`, `fileSystem`, or `tooLarge(limit)`'s error
    ///   when the file is longer than `limit`.
    static func read(
        _ name: String,
        in folder: borrowing OpenFolder,
        limit: Int,
        tooLarge: (Int) -> AccountStoreError
    ) throws(AccountStoreError) -> [UInt8]? {
        let path = folder.path + "/" + name
        let descriptor = openat(folder.descriptor, name, O_RDONLY | O_NOFOLLOW | O_NONBLOCK | O_CLOEXEC)
        guard descriptor >= 0 else {
            if errno == ENOENT { return nil }
            throw AccountStoreError(.unsafeFile, "can't open \(path): \(StateFolder.reason(errno))")
        }
        defer { close(descriptor) }
        try StateFolder.requirePrivate(descriptor, path: path, folder: false)
        var bytes: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 16384)
        while true {
            let count = chunk.withUnsafeMutableBytes { systemRead(descriptor, $0.baseAddress, $0.count) }
            if count < 0 {
                if errno == EINTR { continue }
                throw AccountStoreError(.fileSystem, "can't read \(path): \(StateFolder.reason(errno))")
            }
            if count == 0 { return bytes }
            bytes += chunk[..<count]
            if bytes.count > limit { throw tooLarge(limit) }
        }
    }

    /// Writes `bytes` as `name` in `folder`, replacing the file there, with mode 0600: written
    /// under a temporary name, flushed, then renamed, so a reader sees the old file or the new one.
    static func write(_ bytes: [UInt8], as name: String, in folder: borrowing OpenFolder) throws(AccountStoreError) {
        // A run killed while writing (SIGKILL, a power cut) left its temporary file; after an
        // hour no run still writes it, and a token must not linger in one.
        StaleTemporaryFiles.remove(in: folder.descriptor, prefix: temporaryPrefix(name), olderThan: .seconds(3600))
        do {
            let staged = try StagedFile(in: folder, prefix: temporaryPrefix(name), permissions: 0o600)
            try staged.write(bytes)
            try staged.replace(name)
            folder.sync()
        } catch {
            throw AccountStoreError(
                .fileSystem,
                "can't write \(folder.path)/\(name): \(error.step): \(error.reason)"
            )
        }
    }

    /// The prefix of the temporary names `name` is written under.
    static func temporaryPrefix(_ name: String) -> String { ".\(name).tmp-" }

    /// Removes `name` from `folder`; false when there was none.
    static func remove(_ name: String, in folder: borrowing OpenFolder) throws(AccountStoreError) -> Bool {
        guard unlinkat(folder.descriptor, name, 0) == 0 else {
            if errno == ENOENT { return false }
            throw AccountStoreError(
                .fileSystem,
                "can't remove \(folder.path)/\(name): \(StateFolder.reason(errno))"
            )
        }
        folder.sync()
        return true
    }
}

#if canImport(Glibc)
private let systemRead = Glibc.read
#elseif canImport(Darwin)
private let systemRead = Darwin.read
#endif
