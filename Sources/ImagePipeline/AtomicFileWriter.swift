import AtomicFiles

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Writes a file so readers see either nothing or the complete new contents.
///
/// 1. Write everything to a `StagedFile` (module AtomicFiles) beside the destination (same
///    folder, so the same file system).
/// 2. `fsync` it and move it into place: `rename` when overwriting is allowed; otherwise `link`,
///    which fails if the destination exists, so an existing file is never replaced, even by a race.
/// 3. `fsync` the folder, so the new name survives a crash.
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

    /// Writes `bytes` to `path` atomically, through a `StagedFile` in the same folder.
    /// - Throws: ``ImageError/Code/outputExists`` if the file exists and ``overwrite`` is
    ///   false; ``ImageError/Code/writeFailed`` naming the system error otherwise.
    public func write(_ bytes: [UInt8], to path: String) throws {
        try checkDestination(path)
        let folderPath = Self.folder(of: path)
        let name = path.split(separator: "/").last.map(String.init) ?? "output"
        let published: Bool
        do throws(FileSystemFailure) {
            let folder = try OpenFolder(folderPath)
            let staged = try StagedFile(in: folder, prefix: ".\(name).sharevia-", permissions: permissions)
            try staged.write(bytes)
            if overwrite {
                try staged.replace(name)
                published = true
            } else {
                published = try staged.publish(as: name)
            }
            if published { folder.sync() }
        } catch {
            throw ImageError(
                .writeFailed,
                "cannot \(error.step) for '\(path)' in '\(folderPath)': \(error.reason).",
                path: path
            )
        }
        if !published { throw Self.exists(path) }
    }

    private static func exists(_ path: String) -> ImageError {
        ImageError(.outputExists, "'\(path)' already exists and overwriting was not allowed.", path: path)
    }

    static func folder(of path: String) -> String {
        guard let slash = path.lastIndex(of: "/") else { return "." }
        let folder = String(path[..<slash])
        return folder.isEmpty ? "/" : folder
    }
}
