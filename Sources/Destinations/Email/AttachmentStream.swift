import ShareCore

#if canImport(Glibc)
import Glibc
#endif

/// One attachment's bytes, a chunk at a time: from memory, through a share's attachment reader,
/// or from its file opened so a FIFO without a writer can't block (`O_NONBLOCK` for the open,
/// blocking reads after it).
///
/// A file with an expected size (its size when the message was laid out, which the message
/// declares) gives exactly that many bytes: if it ends sooner or holds more, reading fails, so a
/// file that changes during a send never yields a message cut inside its base64.
final class AttachmentStream {
    private enum Source {
        case bytes([UInt8], offset: Int)
        case file(descriptor: Int32, path: String)
        case pulled(AttachmentPull, name: String)
    }
    private var source: Source
    /// The bytes still expected from the file; nil when its size is not known (a pipe).
    private var remaining: Int?

    /// Opens the attachment; `expectedSize` is the file's size the message was laid out with, and
    /// a share's attachment is read through its reader, at most `limit` bytes of it.
    ///
    /// - Throws: ``ShareCore/ShareError`` `badInput` naming a file that can't be opened or is a directory.
    init(_ attachment: MailAttachment, expectedSize: Int? = nil, limit: Int = .max) throws(ShareError) {
        remaining = expectedSize
        switch attachment.content {
        case .bytes(let bytes):
            source = .bytes(bytes, offset: 0)
        case .attachment(let shared):
            let pull = AttachmentPull(shared, limit: limit, rule: "the limit of email attachments")
            source = .pulled(pull, name: attachment.name)
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

    /// After a short chunk: throws the reader's error if that, not the end, made it short.
    func finish() throws(ShareError) {
        if case .pulled(let pull, _) = source { try pull.finish() }
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
        case .pulled(let pull, let name):
            let wanted = min(count, remaining ?? count)
            let chunk = try pull.next(wanted)
            guard let left = remaining else { return chunk }
            remaining = left - chunk.count
            // Ended before its declared size, or holds more after it: the file changed.
            if chunk.count < wanted {
                try pull.finish()
                throw Self.changed(name)
            }
            if remaining == 0, try !pull.next(1).isEmpty { throw Self.changed(name) }
            return chunk
        case .file(let descriptor, let path):
            let wanted = min(count, remaining ?? count)
            var chunk = [UInt8](repeating: 0, count: wanted)
            var filled = 0
            while filled < wanted {
                let read = chunk.withUnsafeMutableBytes {
                    Glibc.read(descriptor, $0.baseAddress! + filled, wanted - filled)
                }
                if read < 0 && errno == EINTR { continue }
                guard read >= 0 else { throw Self.unreadable(path, errno) }
                if read == 0 { break }
                filled += read
            }
            chunk.removeLast(wanted - filled)
            guard let left = remaining else { return chunk }
            remaining = left - filled
            // Ended before its declared size, or holds more after it: the file changed.
            if filled < wanted { throw Self.changed(path) }
            if remaining == 0, try hasMore(descriptor, path) { throw Self.changed(path) }
            return chunk
        }
    }

    /// True when the file has a byte left to read.
    private func hasMore(_ descriptor: Int32, _ path: String) throws(ShareError) -> Bool {
        var byte: UInt8 = 0
        while true {
            let read = Glibc.read(descriptor, &byte, 1)
            if read < 0 && errno == EINTR { continue }
            guard read >= 0 else { throw Self.unreadable(path, errno) }
            return read > 0
        }
    }

    static func changed(_ path: String) -> ShareError {
        ShareError(
            .badInput,
            destination: .email,
            message: "\(path) changed while being sent (its size is not the one the message declares); share it again"
        )
    }

    /// True when `path` names something on this machine.
    static func exists(_ path: String) -> Bool {
        var info = stat()
        return stat(path, &info) == 0
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
