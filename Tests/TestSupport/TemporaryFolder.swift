import Foundation

#if canImport(Glibc)
import Glibc
#endif

/// A fresh folder under the system temporary folder, for one test.
///
/// Created with `mkdtemp`, so no two tests (or test processes) share one. It is removed when the
/// value is released, or earlier by ``remove()``: a test that only uses ``path`` after its last use
/// of the folder should call `defer { folder.remove() }`, which also keeps the folder alive until then.
package final class TemporaryFolder: Sendable {
    /// The folder's absolute path.
    package let path: String

    /// Creates `sharevia-<label>-XXXXXX` under `NSTemporaryDirectory()`.
    ///
    /// Stops the test process with the reason when the temporary folder can't be written, since
    /// no test can run then.
    /// - Parameter inMemory: Under `/dev/shm` (tmpfs) when it is there: for a test whose files
    ///   are not what it checks, so their fsyncs don't wait behind the disk a whole test run keeps
    ///   busy.
    package init(_ label: String = "test", inMemory: Bool = false) {
        let base = inMemory && access("/dev/shm", W_OK) == 0 ? "/dev/shm/" : NSTemporaryDirectory()
        var template = Array((base + "sharevia-\(label)-XXXXXX").utf8CString)
        let made = template.withUnsafeMutableBufferPointer { buffer in
            mkdtemp(buffer.baseAddress!).map { String(cString: $0) }
        }
        guard let made else {
            fatalError("cannot create a folder in \(base): \(String(cString: strerror(errno)))")
        }
        path = made
    }

    deinit { remove() }

    /// Removes the folder and everything in it (again is harmless).
    package func remove() {
        try? FileManager.default.removeItem(atPath: path)
    }

    /// The absolute path of `name` inside the folder.
    package func file(_ name: String) -> String { "\(path)/\(name)" }

    /// The names in the folder, or in `subfolder` of it, sorted; empty when it doesn't exist.
    package func names(in subfolder: String = "") -> [String] {
        let target = subfolder.isEmpty ? path : file(subfolder)
        return ((try? FileManager.default.contentsOfDirectory(atPath: target)) ?? []).sorted()
    }

    /// Writes `data` to the file `name` in the folder and returns its path.
    @discardableResult
    package func write(_ data: Data, named name: String) throws -> String {
        let target = file(name)
        try data.write(to: URL(fileURLWithPath: target))
        return target
    }

    /// Writes `bytes` to the file `name` in the folder and returns its path.
    @discardableResult
    package func write(_ bytes: [UInt8], named name: String) throws -> String {
        try write(Data(bytes), named: name)
    }

    /// Writes an executable shell script `name` with this body and returns its path.
    @discardableResult
    package func writeExecutable(_ script: String, named name: String) throws -> String {
        let target = try write(Data(script.utf8), named: name)
        try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: target)
        return target
    }

    /// Creates executable stand-ins named `names` (scripts that exit 99 if run), for PATH tests.
    package func fakeExecutables(_ names: [String]) throws {
        for name in names { try writeExecutable("#!/bin/sh\nexit 99\n", named: name) }
    }

    /// The contents of the file `name` in the folder, or nil when it can't be read.
    package func read(_ name: String) -> Data? {
        FileManager.default.contents(atPath: file(name))
    }
}
