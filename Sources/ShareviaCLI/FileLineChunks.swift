#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A regular file (standard input redirected from one) as chunks of whole lines that several
/// threads read at once, each with `pread` into a buffer of its own that it reuses.
///
/// Reading a megabyte into fresh memory costs more in page faults (one per 4 KiB page, about
/// 2 µs each on a VM) than in copying, and happens before any counting can start; chunks read
/// by the threads that count them cost neither.
///
/// Chunk `k` holds the lines that start in bytes `k * chunkSize ..< (k + 1) * chunkSize` (counted
/// from the offset reading began at), with the rest of its last line however long; the last
/// chunk holds every line from there to the end the file had when it was opened: a file that
/// grows while it is counted (a log being written) is counted as it was, never read without end.
/// So each line is in exactly one chunk.
struct FileLineChunks: Sendable {
    let descriptor: Int32
    /// The file offset reading began at.
    let origin: Int
    /// The bytes from `origin` to the end of the file when it was opened.
    let length: Int
    let chunkSize: Int

    /// The chunks of `descriptor` from its current offset; nil unless it is a regular file with
    /// bytes after that offset (a pipe, a terminal, or a file in /proc, which reports size 0).
    init?(descriptor: Int32, chunkSize: Int) {
        var status = stat()
        guard chunkSize > 0, fstat(descriptor, &status) == 0, status.st_mode & S_IFMT == S_IFREG else { return nil }
        let offset = lseek(descriptor, 0, SEEK_CUR)
        guard offset >= 0, Int(status.st_size) > Int(offset) else { return nil }
        self.descriptor = descriptor
        self.origin = Int(offset)
        self.length = Int(status.st_size) - Int(offset)
        self.chunkSize = chunkSize
    }

    /// How many chunks there are (at least one).
    var count: Int { max(1, (length + chunkSize - 1) / chunkSize) }

    /// Moves the file offset past the bytes counted, as reading them would have left it.
    func finish() {
        lseek(descriptor, off_t(origin + length), SEEK_SET)
    }

    /// All of the file from `origin` to its end, for the rare path that needs it whole.
    func readAll() -> [UInt8] {
        let reader = Reader(self)
        reader.fill(from: 0)
        while !reader.ended { reader.readMore() }
        return Array(reader.bytes)
    }

    /// One thread's buffer: the chunk last read, valid until the next.
    final class Reader {
        private let chunks: FileLineChunks
        private var buffer: UnsafeMutablePointer<UInt8>
        private var capacity: Int
        /// Where `buffer` starts, counted from `chunks.origin`.
        private var start = 0
        /// The bytes read into `buffer`.
        private var filled = 0
        /// True when a read found the end of the file (or failed).
        private(set) var ended = false

        init(_ chunks: FileLineChunks) {
            self.chunks = chunks
            // A chunk, the byte before it, and room for its last line to run on.
            capacity = chunks.chunkSize + 1 + 4096
            buffer = .allocate(capacity: capacity)
        }

        deinit { buffer.deallocate() }

        /// The bytes read so far.
        var bytes: UnsafeBufferPointer<UInt8> { UnsafeBufferPointer(start: buffer, count: filled) }

        /// The lines of chunk `index` (its whole lines, line feeds included; empty when a line
        /// from an earlier chunk covers it).
        func lines(ofChunk index: Int) -> UnsafeBufferPointer<UInt8> {
            let size = chunks.chunkSize
            let last = index == chunks.count - 1
            // From the byte before the chunk, to see whether a line starts at its first byte.
            fill(from: index == 0 ? 0 : index * size - 1)
            // The first line starts after the first line feed whose next byte is in the chunk.
            let firstLine: Int
            if index == 0 {
                firstLine = 0
            } else if let feed = lineFeed(from: 0, before: last ? Int.max : size) {
                firstLine = feed + 1
            } else {
                return UnsafeBufferPointer(start: buffer, count: 0)
            }
            let end: Int
            if last {
                while !ended { readMore() }
                end = filled
            } else {
                // The line holding the chunk's last byte is its last line.
                let lastByte = (index + 1) * size - 1 - start
                end = lineFeed(from: max(firstLine, lastByte), before: Int.max).map { $0 + 1 } ?? filled
            }
            return UnsafeBufferPointer(start: buffer + firstLine, count: max(0, end - firstLine))
        }

        /// The index in `buffer` of the first line feed at `from` or after and before `limit`,
        /// reading more of the file as needed; nil when there is none.
        private func lineFeed(from: Int, before limit: Int) -> Int? {
            var searched = from
            while true {
                let end = min(filled, limit)
                if searched < end, let found = memchr(buffer + searched, 0x0A, end - searched) {
                    return UnsafeRawPointer(found) - UnsafeRawPointer(buffer)
                }
                if filled >= limit || ended { return nil }
                searched = max(searched, end)
                readMore()
            }
        }

        /// Empties the buffer and reads from `position` (counted from `chunks.origin`) on.
        func fill(from position: Int) {
            start = position
            filled = 0
            ended = false
            readMore()
        }

        /// Reads what fits (doubling the buffer when full), or notes the end of the file.
        func readMore() {
            if filled == capacity {
                let larger = UnsafeMutablePointer<UInt8>.allocate(capacity: capacity * 2)
                larger.update(from: buffer, count: filled)
                buffer.deallocate()
                buffer = larger
                capacity *= 2
            }
            // Nothing past the size the file had when it was opened.
            let left = chunks.length - (start + filled)
            guard left > 0 else {
                ended = true
                return
            }
            while true {
                let count = pread(
                    chunks.descriptor,
                    buffer + filled,
                    min(capacity - filled, left),
                    off_t(chunks.origin + start + filled)
                )
                if count < 0 && errno == EINTR { continue }
                // An error ends the input, as it does for `StandardStreams`' reads.
                if count <= 0 { ended = true } else { filled += count }
                return
            }
        }
    }
}
