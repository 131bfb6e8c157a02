import AtomicFiles

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Writes a file so readers see either nothing or the complete new contents.
///
/// 1. Check the destination: a regular file, or nothing yet. A device, a FIFO, a socket or a folder
///    is refused (renaming over `/dev/stdout` would replace the device node). A symlink to a
///    regular file is written through: its target gets the new contents and the link stays a link;
///    a dangling symlink is refused.
/// 2. Write everything to a `StagedFile` (module AtomicFiles) beside the file (same folder, so the
///    same file system).
/// 3. `fsync` it and move it into place: `rename` when overwriting is allowed (and only over a
///    regular file); otherwise `link`, which fails if the destination exists, so an existing file
///    is never replaced, even by a race.
/// 4. `fsync` the folder, so the new name survives a crash.
///
/// The temporary file is removed on every failure; one that a killed run left behind for the same
/// name is removed by the next write once it is an hour old.
package struct AtomicFileWriter: Sendable {
    /// Whether an existing destination may be replaced.
    package var overwrite: Bool
    /// The permission bits of the new file, set exactly (the process umask does not apply).
    package var permissions: UInt16

    /// Creates a writer.
    /// - Parameters:
    ///   - overwrite: Whether to replace an existing file; false by default.
    ///   - permissions: The new file's mode; 0o644 by default.
    package init(overwrite: Bool = false, permissions: UInt16 = 0o644) {
        self.overwrite = overwrite
        self.permissions = permissions
    }

    /// Checks, before any expensive work, that `path` can be written: it is not empty, names a
    /// regular file or nothing (through a symlink: its target), its folder exists and, unless
    /// overwriting, the file does not.
    /// - Throws: ``ImageError/Code/outputExists``, ``ImageError/Code/outputNotRegularFile``,
    ///   ``ImageError/Code/invalidArgument`` (an empty path) or ``ImageError/Code/writeFailed``.
    package func checkDestination(_ path: String) throws {
        _ = try destination(of: path)
    }

    /// Writes `bytes` to `path` atomically, through a `StagedFile` in the same folder; through a
    /// symlink, to the file it points to.
    /// - Throws: ``ImageError/Code/outputExists`` if the file exists and ``overwrite`` is
    ///   false; ``ImageError/Code/outputNotRegularFile`` when `path` is not a regular file;
    ///   ``ImageError/Code/writeFailed`` naming the system error otherwise.
    package func write(_ bytes: [UInt8], to path: String) throws {
        let target = try destination(of: path)
        let folderPath = Self.folder(of: target)
        let name = Self.name(in: target)
        let published: Bool
        do throws(FileSystemError) {
            let folder = try OpenFolder(folderPath)
            let prefix = ".\(name).sharevia-"
            // What a killed run left for this name: old enough that no run is still writing it.
            StaleTemporaryFiles.remove(in: folder.descriptor, prefix: prefix, olderThan: .seconds(3600))
            let staged = try StagedFile(in: folder, prefix: prefix, permissions: permissions)
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

    /// The file to write for `path`: `path` itself, or the target of the symlink it names.
    private func destination(of path: String) throws -> String {
        guard !path.isEmpty else {
            throw ImageError(.invalidArgument, "the output file name is empty; name a file such as card.png.")
        }
        if path.hasSuffix("/") {
            throw ImageError(.outputNotRegularFile, "'\(path)' names a folder, not a file.", path: path)
        }
        var status = stat()
        var target = path
        if lstat(path, &status) == 0 {
            if (status.st_mode & S_IFMT) == S_IFLNK {
                if !overwrite { throw Self.exists(path) }
                guard let resolved = Self.resolvedLink(path), stat(resolved, &status) == 0 else {
                    let target = Self.linkTarget(path).map { " '\($0)'" } ?? ""
                    throw ImageError(
                        .outputNotRegularFile,
                        "'\(path)' is a symbolic link to\(target), which is not a file that exists; only an existing regular file is written through a link.",
                        path: path
                    )
                }
                target = resolved
            }
            if (status.st_mode & S_IFMT) == S_IFDIR {
                throw ImageError(.outputNotRegularFile, "'\(target)' is a folder, not a file name.", path: path)
            }
            guard (status.st_mode & S_IFMT) == S_IFREG else {
                let link = target == path ? "" : " (the target of the symbolic link '\(path)')"
                throw ImageError(
                    .outputNotRegularFile,
                    "'\(target)'\(link) is \(Self.kind(status.st_mode)), not a regular file; only regular files are written.",
                    path: path
                )
            }
            if !overwrite { throw Self.exists(path) }
        }
        let folder = Self.folder(of: target)
        if stat(folder, &status) != 0 || (status.st_mode & S_IFMT) != S_IFDIR {
            throw ImageError(
                .writeFailed,
                "the folder '\(folder)' for '\(path)' does not exist.",
                path: path
            )
        }
        return target
    }

    private static func exists(_ path: String) -> ImageError {
        ImageError(.outputExists, "'\(path)' already exists and overwriting was not allowed.", path: path)
    }

    /// The absolute path a symlink leads to, or nil when it dangles or loops.
    private static func resolvedLink(_ path: String) -> String? {
        guard let resolved = realpath(path, nil) else { return nil }
        defer { free(resolved) }
        return String(cString: resolved)
    }

    /// What the symlink at `path` holds, as written.
    private static func linkTarget(_ path: String) -> String? {
        var buffer = [CChar](repeating: 0, count: 4097)
        let count = readlink(path, &buffer, buffer.count - 1)
        guard count > 0 else { return nil }
        return String(decoding: buffer[..<count].map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }

    /// "a character device", "a FIFO", ... for a `st_mode`.
    static func kind(_ mode: mode_t) -> String {
        switch mode & S_IFMT {
        case S_IFCHR: "a character device"
        case S_IFBLK: "a block device"
        case S_IFIFO: "a FIFO (named pipe)"
        case S_IFSOCK: "a socket"
        case S_IFDIR: "a folder"
        case S_IFLNK: "a symbolic link"
        default: "a special file"
        }
    }

    static func folder(of path: String) -> String {
        guard let slash = path.lastIndex(of: "/") else { return "." }
        let folder = String(path[..<slash])
        return folder.isEmpty ? "/" : folder
    }

    static func name(in path: String) -> String {
        path.lastIndex(of: "/").map { String(path[path.index(after: $0)...]) } ?? path
    }
}
