import Foundation

/// A fresh folder under the system temp dir, removed by ``remove()``.
struct TemporaryFolder {
    let path: String

    init(_ label: String = "clipboard-tests") throws {
        let base = NSTemporaryDirectory() + "sharevia-\(label)-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: base, withIntermediateDirectories: true)
        path = base
    }

    /// Writes a file and returns its path.
    @discardableResult
    func write(_ data: Data, named name: String) throws -> String {
        let file = "\(path)/\(name)"
        try data.write(to: URL(fileURLWithPath: file))
        return file
    }

    /// Creates executable stand-ins named `names` (scripts that fail if run), for PATH tests.
    func fakeExecutables(_ names: [String]) throws {
        for name in names {
            let file = try write(Data("#!/bin/sh\nexit 99\n".utf8), named: name)
            try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: file)
        }
    }

    /// The names of the entries in the folder.
    func contents() -> [String] {
        ((try? FileManager.default.contentsOfDirectory(atPath: path)) ?? []).sorted()
    }

    func remove() {
        try? FileManager.default.removeItem(atPath: path)
    }
}
