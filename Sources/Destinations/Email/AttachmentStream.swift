import ShareCore

#if canImport(Glibc)
import Glibc
#endif

/// One attachment's bytes, a chunk at a time: from memory, or from its file opened so a FIFO
/// without a writer can't block (`O_NONBLOCK` for the open, blocking reads after it).
final class AttachmentStream {
    private enum Source {
        case bytes([UInt8], offset: Int)
        case file(descriptor: Int32, path: String)
    }
    private var source: Source

    /// Opens the attachment.
    ///
    /// - Throws: ``ShareCore/ShareError`` `badInput` naming a file that can't be opened or is a directory.
    init(_ attachment: MailAttachment) throws(ShareError) {
        switch attachment.content {
        case .bytes(let bytes):
            source = .bytes(bytes, offset: 0)
        case .file(let path):
            let descriptor = open(path, O_RDONLY | O_CLOEXEC | O_NONBLOCK)
            guard descriptor >= 0 else { throw Self.unreadable(path, errno) }
            var info = stat()
            guard fstat(descriptor, &info) == 0 else {
                let code = errno
                close(descriptor)
                throw Self.unreadable(path, code)
            }
            if info.st_mode & S_IFMT == S_IFDIR {
                close(descriptor)
                throw ShareError(.badInput, destination: .email, message: "\(path) is a directory; attach a file")
            }
            _ = fcntl(descriptor, F_SETFL, fcntl(descriptor, F_GETFL) & ~O_NONBLOCK)
            source = .file(descriptor: descriptor, path: path)
        }
    }

    deinit {
        if case .file(let descriptor, _) = source { close(descriptor) }
    }

    /// Up to `count` bytes; fewer only at the end.
    func next(_ count: Int) throws(ShareError) -> [UInt8] {
        switch source {
        case .bytes(let bytes, let offset):
            let end = min(bytes.count, offset + count)
            source = .bytes(bytes, offset: end)
            return Array(bytes[offset..<end])
        case .file(let descriptor, let path):
            var chunk = [UInt8](repeating: 0, count: count)
            var filled = 0
            while filled < count {
                let read = chunk.withUnsafeMutableBytes {
                    Glibc.read(descriptor, $0.baseAddress! + filled, count - filled)
                }
                if read < 0 && errno == EINTR { continue }
                guard read >= 0 else { throw Self.unreadable(path, errno) }
                if read == 0 { break }
                filled += read
            }
            chunk.removeLast(count - filled)
            return chunk
        }
    }

    /// The size of a regular file, without opening it for reading; nil for anything else.
    static func regularFileSize(_ path: String) -> Int? {
        var info = stat()
        guard stat(path, &info) == 0, info.st_mode & S_IFMT == S_IFREG else { return nil }
        return Int(info.st_size)
    }

    private static func unreadable(_ path: String, _ code: Int32) -> ShareError {
        ShareError(
            .badInput,
            destination: .email,
            message: "\(path) can't be read: \(String(cString: strerror(code))). Check its permissions with ls -l."
        )
    }
}
