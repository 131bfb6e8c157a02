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
