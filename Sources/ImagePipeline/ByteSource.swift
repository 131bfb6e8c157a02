import CPNGShim

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Random access to the bytes of an image, from a file or from memory, so headers can be read
/// without loading the whole file.
protocol ByteSource {
    /// The total number of bytes.
    var size: Int { get }
    /// The file, for messages; nil for bytes in memory.
    var path: String? { get }
    /// Up to `count` bytes starting at `offset` (fewer only at the end).
    func read(at offset: Int, count: Int) throws -> [UInt8]
    /// The CRC-32 of `count` bytes starting at `offset`, continuing from `initial`.
    func crc32(at offset: Int, count: Int, initial: UInt32) throws -> UInt32
}

/// Bytes already in memory.
struct MemoryByteSource: ByteSource {
    let bytes: [UInt8]
    var size: Int { bytes.count }
    var path: String? { nil }

    func read(at offset: Int, count: Int) throws -> [UInt8] {
        let start = min(max(offset, 0), bytes.count)
        let end = min(start + max(count, 0), bytes.count)
        return Array(bytes[start..<end])
    }

    func crc32(at offset: Int, count: Int, initial: UInt32) throws -> UInt32 {
        let start = min(max(offset, 0), bytes.count)
        let end = min(start + max(count, 0), bytes.count)
        return bytes.withUnsafeBufferPointer { buffer in
            cpng_crc32(initial, buffer.baseAddress.map { $0 + start }, end - start)
        }
    }
}

/// A file read with `pread`, a piece at a time. Closes its descriptor when released.
final class FileByteSource: ByteSource {
    let size: Int
    let path: String?
    /// The open file; valid while this source lives. Decoders read a duplicate of it, so the
    /// file checked is the file decoded.
    let descriptor: Int32

    /// Opens the file for reading.
    /// - Throws: ``ImageError/Code/readFailed`` if it cannot be opened or is not a regular file.
    init(path: String) throws {
        self.path = path
        // O_NONBLOCK: a FIFO without a writer opens at once (and is refused below) instead of
        // hanging the command; regular files are read with pread, which it doesn't affect.
        let fd = open(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC | O_NOCTTY)
        guard fd >= 0 else {
            throw ImageError(
                .readFailed,
                "cannot open '\(path)': \(FileByteSource.describe(errno)).",
                path: path
            )
        }
        var status = stat()
        guard fstat(fd, &status) == 0 else {
            let code = errno
            close(fd)
            throw ImageError(.readFailed, "cannot read '\(path)': \(FileByteSource.describe(code)).", path: path)
        }
        guard (status.st_mode & S_IFMT) == S_IFREG else {
            close(fd)
            let kind = status.st_mode & S_IFMT
            let advice =
                kind == S_IFIFO
                ? "images are read in place: save it to a file first (command > image.png) and pass that file"
                : "pass an image file"
            throw ImageError(
                .readFailed,
                "'\(path)' is \(FileByteSource.describe(mode: status.st_mode)), not a regular file; \(advice).",
                path: path
            )
        }
        descriptor = fd
        size = Int(status.st_size)
    }

    deinit { close(descriptor) }

    func read(at offset: Int, count: Int) throws -> [UInt8] {
        let wanted = max(0, min(count, size - offset))
        guard wanted > 0 else { return [] }
        var result = [UInt8](repeating: 0, count: wanted)
        let filled = try result.withUnsafeMutableBytes { try fill($0, from: offset) }
        if filled < wanted { result.removeLast(wanted - filled) }
        return result
    }

    /// Reads into `buffer` from `offset` until it is full or the file ends; returns the count.
    private func fill(_ buffer: UnsafeMutableRawBufferPointer, from offset: Int) throws -> Int {
        var filled = 0
        while filled < buffer.count {
            let got = pread(descriptor, buffer.baseAddress! + filled, buffer.count - filled, off_t(offset + filled))
            if got < 0 {
                if errno == EINTR { continue }
                throw ImageError(
                    .readFailed,
                    "cannot read '\(path ?? "")': \(FileByteSource.describe(errno)).",
                    path: path
                )
            }
            if got == 0 { break }
            filled += got
        }
        return filled
    }

    func crc32(at offset: Int, count: Int, initial: UInt32) throws -> UInt32 {
        var crc = initial
        var position = offset
        let end = min(offset + count, size)
        guard position < end else { return crc }
        // One buffer for every block, not one per block.
        let buffer = UnsafeMutableRawBufferPointer.allocate(byteCount: min(1 << 20, end - position), alignment: 1)
        defer { buffer.deallocate() }
        while position < end {
            let piece = UnsafeMutableRawBufferPointer(rebasing: buffer[0..<min(buffer.count, end - position)])
            let got = try fill(piece, from: position)
            if got == 0 { break }
            crc = cpng_crc32(crc, piece.baseAddress!.assumingMemoryBound(to: UInt8.self), got)
            position += got
        }
        return crc
    }

    /// "a pipe", "a character device", for messages.
    static func describe(mode: mode_t) -> String {
        switch mode & S_IFMT {
        case S_IFIFO: "a pipe"
        case S_IFDIR: "a directory"
        case S_IFCHR: "a character device"
        case S_IFBLK: "a block device"
        case S_IFSOCK: "a socket"
        default: "a special file"
        }
    }

    static func describe(_ code: Int32) -> String {
        String(cString: strerror(code))
    }
}
