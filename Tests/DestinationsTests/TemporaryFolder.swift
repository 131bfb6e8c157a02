import Foundation

/// A fresh folder under the system temp dir, removed when the test is done with it.
final class TemporaryFolder {
    let path: String

    init() {
        let template = NSTemporaryDirectory() + "sharevia-test-XXXXXX"
        var bytes = Array(template.utf8CString)
        path = bytes.withUnsafeMutableBufferPointer { String(cString: mkdtemp($0.baseAddress!)!) }
    }

    deinit { try? FileManager.default.removeItem(atPath: path) }

    /// The names in the folder (or a subfolder), sorted.
    func names(in subfolder: String = "") -> [String] {
        let target = subfolder.isEmpty ? path : "\(path)/\(subfolder)"
        return ((try? FileManager.default.contentsOfDirectory(atPath: target)) ?? []).sorted()
    }

    func write(_ name: String, _ bytes: Data) throws {
        try bytes.write(to: URL(fileURLWithPath: "\(path)/\(name)"))
    }

    func read(_ name: String) -> Data? {
        FileManager.default.contents(atPath: "\(path)/\(name)")
    }
}
