import Synchronization

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Removes the temporary files a killed run left behind (`SIGKILL`, a power cut): a
/// ``StagedFile`` removes its own temporary name however it ends, unless the process ends first.
package enum StaleTemporaryFiles {
    /// Removes the regular files in `folder` whose names start with `prefix` and that were last
    /// modified more than `age` ago; returns their names. Newer ones may belong to a run still
    /// writing, so they stay. Symlinks, folders and other files are never touched.
    @discardableResult
    package static func remove(in folder: Int32, prefix: String, olderThan age: Duration) -> [String] {
        sweep(folder, prefix: prefix, olderThan: age)
    }

    /// ``remove(in:prefix:olderThan:)``, at most once per `age` for one folder in this process:
    /// a run that writes a thousand shares into one folder (an outbox run) lists it once, not a
    /// thousand times. A file that becomes stale meanwhile is found by a later run. The folder is
    /// known by its path, device and inode, so a folder made again under another name is new.
    @discardableResult
    package static func removeOncePerProcess(
        in folder: Int32,
        path: String,
        prefix: String,
        olderThan age: Duration
    ) -> [String] {
        var info = stat()
        guard fstat(folder, &info) == 0 else { return [] }
        let now = time(nil)
        let key = Sweep(path: path, device: UInt64(info.st_dev), inode: UInt64(info.st_ino), prefix: prefix)
        let due = lastSweeps.withLock { sweeps in
            if let last = sweeps[key], now - last < time_t(age.components.seconds) { return false }
            sweeps[key] = now
            return true
        }
        return due ? sweep(folder, prefix: prefix, olderThan: age) : []
    }

    /// A folder and prefix looked through.
    private struct Sweep: Hashable {
        var path: String
        var device: UInt64
        var inode: UInt64
        var prefix: String
    }

    /// When this process last looked through each folder.
    private static let lastSweeps = Mutex<[Sweep: time_t]>([:])

    private static func sweep(_ folder: Int32, prefix: String, olderThan age: Duration) -> [String] {
        let copy = dup(folder)
        guard copy >= 0 else { return [] }
        guard let listing = fdopendir(copy) else {
            close(copy)
            return []
        }
        defer { closedir(listing) }
        rewinddir(listing)
        let cutoff = time(nil) - time_t(age.components.seconds)
        var removed: [String] = []
        while let entry = readdir(listing) {
            let name = withUnsafePointer(to: &entry.pointee.d_name) { pointer in
                pointer.withMemoryRebound(to: CChar.self, capacity: 256) { String(cString: $0) }
            }
            guard name.hasPrefix(prefix) else { continue }
            var info = stat()
            guard fstatat(folder, name, &info, AT_SYMLINK_NOFOLLOW) == 0, (info.st_mode & S_IFMT) == S_IFREG,
                info.st_mtim.tv_sec < cutoff
            else { continue }
            if unlinkat(folder, name, 0) == 0 { removed.append(name) }
        }
        return removed
    }
}
