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
final class PluginScratchFolder: Sendable {
    /// The folder, or nil when it could not be created.
    let path: String?

    /// Creates `sharevia-plugin-XXXXXX` under `parent`.
    init(parent: String) {
        var template = Array("\(parent)/sharevia-plugin-XXXXXX".utf8CString)
        let created = template.withUnsafeMutableBufferPointer { mkdtemp($0.baseAddress!) }
        path = created == nil ? nil : template.withUnsafeBufferPointer { String(cString: $0.baseAddress!) }
    }

    /// Removes the folder and everything in it; safe to call more than once, from any thread.
    func remove() {
        guard let path else { return }
        try? FileManager.default.removeItem(atPath: path)
    }
}
