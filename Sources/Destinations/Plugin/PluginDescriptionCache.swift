import AtomicFiles

#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
#if canImport(Glibc)
import Glibc
#endif

/// Plugins' `describe` answers, kept in one JSON file keyed by path, size and modification
/// time, so listing and sharing don't start every plugin each time.
struct PluginDescriptionCache {
    struct Entry: Codable {
        var size: Int
        var modified: Int
        var description: PluginProtocol.Description
    }

    let file: String?
    private(set) var entries: [String: Entry]
    private var changed = false

    /// Reads the cache; a missing or unreadable file is an empty cache.
    init(file: String?) {
        self.file = file
        guard let file, let data = FileManager.default.contents(atPath: file),
            let entries = try? JSONDecoder().decode([String: Entry].self, from: data)
        else {
            self.entries = [:]
            return
        }
        self.entries = entries
    }

    /// The cached description of `plugin`, when its size and modification time still match.
    func description(of plugin: PluginDiscovery.Found) -> PluginProtocol.Description? {
        guard let entry = entries[plugin.path], entry.size == plugin.size, entry.modified == plugin.modified else {
            return nil
        }
        return entry.description
    }

    mutating func store(_ description: PluginProtocol.Description, for plugin: PluginDiscovery.Found) {
        entries[plugin.path] = Entry(size: plugin.size, modified: plugin.modified, description: description)
        changed = true
    }

    /// Writes the cache (mode 0600) when something was stored; a failure only costs a later re-describe.
    func save() {
        guard changed, let file, let slash = file.lastIndex(of: "/") else { return }
        let folder = String(file[..<slash])
        let name = String(file[file.index(after: slash)...])
        guard (try? FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)) != nil,
            let data = try? JSONEncoder().encode(entries)
        else { return }
        do throws(FileSystemError) {
            let open = try OpenFolder(folder)
            let staged = try StagedFile(in: open, prefix: ".\(name).", permissions: 0o600)
            try staged.write(Array(data))
            try staged.replace(name)
        } catch {
            return
        }
    }
}
