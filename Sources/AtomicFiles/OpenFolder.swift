#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// An open folder, the anchor of ``StagedFile``: files are created and named relative to it, so
/// a folder renamed or replaced by a symlink meanwhile can't redirect them. Closed when dropped.
package struct OpenFolder: ~Copyable {
    /// The folder's descriptor.
    package let descriptor: Int32
    /// The path it was opened at, for messages.
    package let path: String

    /// Opens the folder at `path`.
    /// - Throws: ``FileSystemError`` when it doesn't exist or isn't a folder.
    package init(_ path: String) throws(FileSystemError) {
        let descriptor = open(path, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        guard descriptor >= 0 else { throw FileSystemError("open the folder") }
        self.descriptor = descriptor
        self.path = path
    }

    /// Flushes the folder's entries to disk, so names published in it survive a crash.
    package func sync() {
        _ = fsync(descriptor)
    }

    /// Removes `name` from the folder (used to undo a partly written set of files).
    package func remove(_ name: String) {
        _ = unlinkat(descriptor, name, 0)
    }

    deinit { close(descriptor) }
}
