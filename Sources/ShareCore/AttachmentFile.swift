#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Reads attachment files with errors that name the file and say what to do.
enum AttachmentFile {
    static func readHead(of path: String) throws(ShareError) -> Data {
        try checkIsReadableFile(path)
        let descriptor = open(path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else { throw unreadable(path, reason: String(cString: strerror(errno))) }
        defer { close(descriptor) }
        var head = [UInt8](repeating: 0, count: 16)
        var filled = 0
        while filled < head.count {
            let count = head.withUnsafeMutableBytes { read(descriptor, $0.baseAddress! + filled, $0.count - filled) }
            if count < 0 && errno == EINTR { continue }
            if count <= 0 { break }
            filled += count
        }
        return head.withUnsafeBytes { Data(bytes: $0.baseAddress!, count: filled) }
    }

    /// The whole file, read with `read(2)`: `Data(contentsOf:)` costs a `URL` and took about
    /// 0.4 ms for a 32 KB card, a twentieth of a clipboard share.
    static func readAll(_ path: String) throws(ShareError) -> Data {
        try checkIsReadableFile(path)
        let descriptor = open(path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else { throw unreadable(path, reason: String(cString: strerror(errno))) }
        defer { close(descriptor) }
        var info = stat()
        guard fstat(descriptor, &info) == 0 else { throw unreadable(path, reason: String(cString: strerror(errno))) }
        // The size is a hint: a file that grows or shrinks meanwhile is read to its end.
        var bytes = [UInt8](repeating: 0, count: max(Int(info.st_size), 0) + 1)
        var filled = 0
        while true {
            if filled == bytes.count { bytes.append(contentsOf: repeatElement(0, count: max(bytes.count, 4096))) }
            let count = bytes.withUnsafeMutableBytes { read(descriptor, $0.baseAddress! + filled, $0.count - filled) }
            if count < 0 && errno == EINTR { continue }
            guard count >= 0 else { throw unreadable(path, reason: String(cString: strerror(errno))) }
            if count == 0 { break }
            filled += count
        }
        return bytes.withUnsafeBytes { Data(bytes: $0.baseAddress!, count: filled) }
    }

    /// The size of the file at `path`, or nil when it can't be examined.
    static func size(of path: String) -> Int? {
        var info = stat()
        return stat(path, &info) == 0 ? Int(info.st_size) : nil
    }

    static func checkIsReadableFile(_ path: String) throws(ShareError) {
        var info = stat()
        guard stat(path, &info) == 0 else {
            throw ShareError(
                .badInput,
                message: "\(path): no such file. Check the path, or pass --text for a text-only share."
            )
        }
        if (info.st_mode & S_IFMT) == S_IFDIR {
            throw ShareError(.badInput, message: "\(path) is a directory; pass an image or other file to attach.")
        }
        guard access(path, R_OK) == 0 else { throw unreadable(path, reason: String(cString: strerror(errno))) }
    }

    private static func unreadable(
        _ path: String,
        reason: String,
        underlying: (any Error)? = nil
    ) -> ShareError {
        ShareError(
            .badInput,
            message: "\(path) can't be read: \(reason). Check its permissions with ls -l and fix them with chmod.",
            underlying: underlying
        )
    }
}
