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
    private let descriptor: Int32

    /// Opens the file for reading.
    /// - Throws: ``ImageError/Code/readFailed`` if it cannot be opened or is not a regular file.
    init(path: String) throws {
        self.path = path
        let fd = open(path, O_RDONLY | O_CLOEXEC)
        guard fd >= 0 else {
            throw ImageError(
                .readFailed,
                "cannot open '\(path)': \(FileByteSource.describe(errno)); check the path and permissions.",
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
            throw ImageError(.readFailed, "'\(path)' is not a regular file; pass an image file.", path: path)
        }
        descriptor = fd
        size = Int(status.st_size)
    }

    deinit { close(descriptor) }

    func read(at offset: Int, count: Int) throws -> [UInt8] {
        let wanted = max(0, min(count, size - offset))
        guard wanted > 0 else { return [] }
        var result = [UInt8](repeating: 0, count: wanted)
        var filled = 0
        try result.withUnsafeMutableBytes { buffer in
            while filled < wanted {
                let got = pread(descriptor, buffer.baseAddress! + filled, wanted - filled, off_t(offset + filled))
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
        }
        if filled < wanted { result.removeLast(wanted - filled) }
        return result
    }

    func crc32(at offset: Int, count: Int, initial: UInt32) throws -> UInt32 {
        var crc = initial
        var position = offset
        let end = offset + count
        let block = 1 << 20
        while position < end {
            let piece = try read(at: position, count: min(block, end - position))
            if piece.isEmpty { break }
            crc = piece.withUnsafeBufferPointer { cpng_crc32(crc, $0.baseAddress, $0.count) }
            position += piece.count
        }
        return crc
    }

    static func describe(_ code: Int32) -> String {
        String(cString: strerror(code))
    }
}
