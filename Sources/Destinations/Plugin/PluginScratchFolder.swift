#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
#if canImport(Glibc)
import Glibc
#endif

/// The private (0700) folder a plugin's `deliver` gets as `TMPDIR`, holding its attachments;
/// removed with everything in it (whatever the plugin wrote too) when `deliver` ends, fails or
/// is cancelled.
///
/// Its name carries our pid (`sharevia-plugin-<pid>-XXXXXX`): a signal that ends sharevia
/// mid-deliver leaves no time to remove it, so the next `deliver` removes such folders of
/// processes that no longer exist.
final class PluginScratchFolder: Sendable {
    /// The folder, or nil when it could not be created.
    let path: String?

    /// Creates `sharevia-plugin-<pid>-XXXXXX` under `parent`, after removing the folders left
    /// there by sharevia processes that are gone.
    init(parent: String) {
        Self.removeAbandoned(in: parent)
        var template = Array("\(parent)/\(Self.prefix)\(getpid())-XXXXXX".utf8CString)
        let created = template.withUnsafeMutableBufferPointer { mkdtemp($0.baseAddress!) }
        path = created == nil ? nil : template.withUnsafeBufferPointer { String(cString: $0.baseAddress!) }
    }

    /// Removes the folder and everything in it; safe to call more than once, from any thread.
    func remove() {
        guard let path else { return }
        try? FileManager.default.removeItem(atPath: path)
    }

    private static let prefix = "sharevia-plugin-"

    /// Removes our user's `sharevia-plugin-<pid>-*` folders in `parent` whose process is gone.
    private static func removeAbandoned(in parent: String) {
        guard let names = try? FileManager.default.contentsOfDirectory(atPath: parent) else { return }
        for name in names where name.hasPrefix(prefix) {
            guard let pid = Int32(name.dropFirst(prefix.count).prefix { $0 != "-" }), pid > 0, pid != getpid(),
                kill(pid, 0) != 0, errno == ESRCH
            else { continue }
            let path = "\(parent)/\(name)"
            var info = stat()
            guard lstat(path, &info) == 0, info.st_uid == getuid(), info.st_mode & S_IFMT == S_IFDIR else { continue }
            try? FileManager.default.removeItem(atPath: path)
        }
    }
}
