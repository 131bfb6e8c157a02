#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Writes a file so readers see either nothing or the complete new contents.
///
/// 1. Write everything to a temporary file beside the destination (same folder, so the same
///    file system).
/// 2. `fsync` it.
/// 3. Move it into place: `rename` when overwriting is allowed; otherwise `link`, which fails
///    if the destination exists, so an existing file is never replaced, even by a race.
/// 4. `fsync` the folder, so the new name survives a crash.
///
/// The temporary file is removed on every failure.
public struct AtomicFileWriter: Sendable {
    /// Whether an existing destination may be replaced.
    public var overwrite: Bool
    /// The permission bits of the new file, set exactly (the process umask does not apply).
    public var permissions: UInt16

    /// Creates a writer.
    /// - Parameters:
    ///   - overwrite: Whether to replace an existing file; false by default.
    ///   - permissions: The new file's mode; 0o644 by default.
    public init(overwrite: Bool = false, permissions: UInt16 = 0o644) {
        self.overwrite = overwrite
        self.permissions = permissions
    }

    /// Checks, before any expensive work, that `path` can be written: its folder exists and,
    /// unless overwriting, the file does not.
    /// - Throws: ``ImageError/Code/outputExists`` or ``ImageError/Code/writeFailed``.
    public func checkDestination(_ path: String) throws {
        var status = stat()
        if lstat(path, &status) == 0 {
            if (status.st_mode & S_IFMT) == S_IFDIR {
                throw ImageError(.writeFailed, "'\(path)' is a folder, not a file name.", path: path)
            }
            if !overwrite { throw Self.exists(path) }
        }
        let folder = Self.folder(of: path)
        if stat(folder, &status) != 0 || (status.st_mode & S_IFMT) != S_IFDIR {
            throw ImageError(
                .writeFailed,
                "the folder '\(folder)' for '\(path)' does not exist.",
                path: path
            )
        }
    }

    /// Writes `bytes` to `path` atomically.
    /// - Throws: ``ImageError/Code/outputExists`` if the file exists and ``overwrite`` is
    ///   false; ``ImageError/Code/writeFailed`` naming the system error otherwise.
    public func write(_ bytes: [UInt8], to path: String) throws {
        try checkDestination(path)
        let folder = Self.folder(of: path)
        let name = path.split(separator: "/").last.map(String.init) ?? "output"
        var template = Array("\(folder)/.\(name).sharevia-XXXXXX".utf8CString)
        let fd = template.withUnsafeMutableBufferPointer { mkstemp($0.baseAddress!) }
        guard fd >= 0 else { throw failure("cannot create a temporary file in '\(folder)'", path) }
        let temporary = String(cString: template.withUnsafeBufferPointer { $0.baseAddress! })
        // After a rename the temporary name is gone; after a link (or a failure) it must go.
        var renamed = false
        defer {
            if !renamed { unlink(temporary) }
        }
        do {
            defer { close(fd) }
            try writeAll(bytes, to: fd, path: path)
            guard fchmod(fd, mode_t(permissions)) == 0 else { throw failure("cannot set permissions", path) }
            guard fsync(fd) == 0 else { throw failure("cannot flush the data to disk", path) }
        }
        if overwrite {
            guard rename(temporary, path) == 0 else { throw failure("cannot move the new file into place", path) }
            renamed = true
        } else if link(temporary, path) != 0 {
            let code = errno
            if code == EEXIST { throw Self.exists(path) }
            throw failure("cannot move the new file into place", path, code: code)
        }
        let directory = open(folder, O_RDONLY | O_DIRECTORY)
        if directory >= 0 {
            _ = fsync(directory)
            close(directory)
        }
    }

    private func writeAll(_ bytes: [UInt8], to fd: Int32, path: String) throws {
        try bytes.withUnsafeBytes { buffer in
            var offset = 0
            while offset < buffer.count {
                let written = systemWrite(fd, buffer.baseAddress! + offset, buffer.count - offset)
                if written < 0 {
                    if errno == EINTR { continue }
                    throw failure("cannot write", path)
                }
                offset += written
            }
        }
    }

    private static func exists(_ path: String) -> ImageError {
        ImageError(.outputExists, "'\(path)' already exists and overwriting was not allowed.", path: path)
    }

    private func failure(_ what: String, _ path: String, code: Int32 = errno) -> ImageError {
        ImageError(
            .writeFailed,
            "\(what) for '\(path)': \(String(cString: strerror(code))).",
            path: path
        )
    }

    static func folder(of path: String) -> String {
        guard let slash = path.lastIndex(of: "/") else { return "." }
        let folder = String(path[..<slash])
        return folder.isEmpty ? "/" : folder
    }
}

#if canImport(Glibc)
private let systemWrite = Glibc.write
#elseif canImport(Darwin)
private let systemWrite = Darwin.write
#endif
