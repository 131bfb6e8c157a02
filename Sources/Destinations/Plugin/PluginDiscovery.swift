import ShareCore

#if canImport(Glibc)
import Glibc
#endif

/// Finds `sharevia-dest-<id>` executables, the way git finds `git-<command>`.
package enum PluginDiscovery {
    /// A plugin executable found on disk.
    package struct Found: Sendable, Hashable {
        /// The id from its name.
        package var id: DestinationID
        /// Its absolute path.
        package var path: String
        /// Its size and modification time, the cache's key.
        package var size: Int
        package var modified: Int
    }

    /// A plugin that is not used, and why.
    package struct Shadowed: Sendable, Hashable {
        package var plugin: Found
        /// The built-in or the other plugin's path that has its id.
        package var shadowedBy: String
    }

    /// What a search found: the plugins to use, and the ones skipped because their id was taken.
    package struct Result: Sendable, Hashable {
        package var plugins: [Found]
        package var shadowed: [Shadowed]
    }

    /// Searches `folders` in order for plugins; a plugin whose id is a built-in's (in
    /// `builtIns`) or an earlier plugin's is reported in ``Result/shadowed``, never used.
    package static func search(folders: [String], builtIns: Set<DestinationID>) -> Result {
        var result = Result(plugins: [], shadowed: [])
        var taken: [DestinationID: String] = [:]
        var seenFolders: Set<String> = []
        for folder in folders where seenFolders.insert(folder).inserted {
            for found in executables(in: folder) {
                if builtIns.contains(found.id) {
                    result.shadowed.append(Shadowed(plugin: found, shadowedBy: "the built-in '\(found.id)'"))
                } else if let earlier = taken[found.id] {
                    result.shadowed.append(Shadowed(plugin: found, shadowedBy: earlier))
                } else {
                    taken[found.id] = found.path
                    result.plugins.append(found)
                }
            }
        }
        return result
    }

    /// The plugin executables directly in `folder`, sorted by name; none when it doesn't exist.
    static func executables(in folder: String) -> [Found] {
        guard let directory = opendir(folder) else { return [] }
        defer { closedir(directory) }
        var names: [String] = []
        while let entry = readdir(directory) {
            let name = withUnsafePointer(to: entry.pointee.d_name) {
                $0.withMemoryRebound(to: CChar.self, capacity: 256) { String(cString: $0) }
            }
            if name.hasPrefix(PluginProtocol.executablePrefix) { names.append(name) }
        }
        return names.sorted().compactMap { name in
            let id = DestinationID(String(name.dropFirst(PluginProtocol.executablePrefix.count)))
            guard id.isWellFormed else { return nil }
            let path = folder.hasSuffix("/") ? folder + name : folder + "/" + name
            var info = stat()
            guard stat(path, &info) == 0, (info.st_mode & S_IFMT) == S_IFREG, access(path, X_OK) == 0 else {
                return nil
            }
            return Found(
                id: id,
                path: path,
                size: Int(info.st_size),
                modified: Int(info.st_mtim.tv_sec) * 1_000_000_000 + Int(info.st_mtim.tv_nsec)
            )
        }
    }
}
