#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A new file written under a temporary name in a folder and given its final name only once it
/// is complete and on disk, so no reader ever sees a partial file under a final name.
///
/// 1. ``init(in:prefix:permissions:)`` creates `<prefix><random>` with `O_EXCL|O_NOFOLLOW`
///    (never an existing file, never through a symlink), with exactly `permissions`.
/// 2. ``write(_:)`` fills it; ``publish(as:)`` or ``replace(_:)`` fsync it and
///    move it to its final name: `linkat`, which fails rather than replace anything there, or
///    `renameat` when replacing is wanted.
/// 3. The temporary name is removed however it ends: published, failed, or dropped.
///
/// Both sharevia writers build on it: ImagePipeline's `AtomicFileWriter` (one output file) and the
/// file export's folder writer (a share's files, numbered when a name is taken).
package struct StagedFile: ~Copyable {
    private let folder: Int32
    private let descriptor: Int32
    /// The temporary name, inside the folder.
    package let temporaryName: String

    /// Creates the temporary file in `folder`.
    /// - Throws: ``FileSystemError`` ("create a temporary file").
    package init(in folder: borrowing OpenFolder, prefix: String, permissions: UInt16 = 0o644) throws(FileSystemError) {
        let name = prefix + String(UInt64.random(in: 0...UInt64.max), radix: 36)
        let descriptor = openat(
            folder.descriptor,
            name,
            O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC,
            mode_t(permissions)
        )
        guard descriptor >= 0 else { throw FileSystemError("create a temporary file") }
        // The umask may have taken bits away; the mode asked for is the mode wanted.
        guard fchmod(descriptor, mode_t(permissions)) == 0 else {
            let failure = FileSystemError("set the permissions")
            close(descriptor)
            unlinkat(folder.descriptor, name, 0)
            throw failure
        }
        self.folder = folder.descriptor
        self.descriptor = descriptor
        self.temporaryName = name
    }

    /// Appends `bytes`, retrying after signals and short writes.
    /// - Throws: ``FileSystemError`` ("write").
    package func write(_ bytes: UnsafeRawBufferPointer) throws(FileSystemError) {
        var offset = 0
        while offset < bytes.count {
            let count = systemWrite(descriptor, bytes.baseAddress! + offset, bytes.count - offset)
            if count < 0 {
                if errno == EINTR { continue }
                throw FileSystemError("write")
            }
            offset += count
        }
    }

    /// Appends `bytes`.
    /// - Throws: ``FileSystemError`` ("write").
    package func write(_ bytes: [UInt8]) throws(FileSystemError) {
        let result: Result<Void, FileSystemError> = bytes.withUnsafeBytes { buffer in
            Result { () throws(FileSystemError) in try write(buffer) }
        }
        try result.get()
    }

    /// Flushes the data and gives the file the final name `name`, unless something already has
    /// that name (a file, a folder, a dangling symlink): then it returns false and the file stays
    /// staged, so the caller can try another name.
    ///
    /// Where the file system has no hard links (some network and FAT file systems), it reserves
    /// the name with `O_EXCL` and renames over the reservation, which is still atomic.
    /// - Throws: ``FileSystemError`` ("flush to disk", "create NAME", "move NAME into place").
    package func publish(as name: String) throws(FileSystemError) -> Bool {
        try flush()
        if linkat(folder, temporaryName, folder, name, 0) == 0 { return true }
        let code = errno
        if code == EEXIST { return false }
        guard code == EPERM || code == ENOTSUP || code == EOPNOTSUPP else {
            throw FileSystemError("create \(name)", code: code)
        }
        let reserved = openat(folder, name, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0o600)
        if reserved < 0 {
            if errno == EEXIST { return false }
            throw FileSystemError("create \(name)")
        }
        close(reserved)
        guard renameat(folder, temporaryName, folder, name) == 0 else {
            let failure = FileSystemError("move \(name) into place")
            unlinkat(folder, name, 0)
            throw failure
        }
        return true
    }

    /// Flushes the data and moves the file over `name`, replacing the regular file there, if any.
    ///
    /// Anything else with that name (a device node, a FIFO, a socket, a folder, a symlink) is
    /// left alone and the call fails: renaming over `/dev/stdout` would replace the device.
    /// - Throws: ``FileSystemError`` ("flush to disk", "replace NAME, which is not a regular
    ///   file", "move NAME into place").
    package func replace(_ name: String) throws(FileSystemError) {
        var status = stat()
        if fstatat(folder, name, &status, AT_SYMLINK_NOFOLLOW) == 0 && (status.st_mode & S_IFMT) != S_IFREG {
            throw FileSystemError("replace \(name), which is not a regular file", code: EEXIST)
        }
        try flush()
        guard renameat(folder, temporaryName, folder, name) == 0 else {
            throw FileSystemError("move \(name) into place")
        }
    }

    private func flush() throws(FileSystemError) {
        guard fsync(descriptor) == 0 else { throw FileSystemError("flush to disk") }
    }

    deinit {
        close(descriptor)
        // Gone already after a rename; after a link (or a failure) the temporary name must go.
        unlinkat(folder, temporaryName, 0)
    }
}

#if canImport(Glibc)
private let systemWrite = Glibc.write
#elseif canImport(Darwin)
private let systemWrite = Darwin.write
#endif
