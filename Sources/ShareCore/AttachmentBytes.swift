import Synchronization

#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// A file-backed attachment's reader and what it has read in full, shared by every copy of the
/// attachment, so each attachment is read once per share (see ``AttachmentReader``).
///
/// What is kept is bounded by ``ShareAttachment/memoryByteLimit``: a larger file (the file
/// export copies files up to ``ShareAttachment/fileByteLimit``) streams through and is read
/// again by the next destination that needs it.
final class AttachmentBytes: Sendable {
    let reader: any AttachmentReader
    private let kept = Mutex<Data?>(nil)

    init(reader: any AttachmentReader) { self.reader = reader }

    /// The bytes read in full earlier, if any.
    var cached: Data? { kept.withLock { $0 } }

    /// Every byte, at most `limit.bytes`, from memory when read before.
    func data(limit: InputLimit) throws(ShareError) -> Data {
        if let cached { return cached }
        var bytes = Data()
        if let size = reader.byteCount { bytes.reserveCapacity(min(size, limit.bytes)) }
        // Cancellation of the task that asks (a delivery the router gave up on) stops the read.
        let isCancelled = { Task.isCancelled }
        try reader.read(limit: limit.bytes, rule: limit.rule, isCancelled: isCancelled) { chunk in
            bytes.append(contentsOf: chunk)
        }
        keep(bytes)
        return bytes
    }

    /// Streams the bytes from the reader to `body`, keeping them when they fit in memory.
    func stream(
        limit: InputLimit,
        isCancelled: () -> Bool,
        _ body: (UnsafeRawBufferPointer) throws(ShareError) -> Void
    ) throws(ShareError) {
        var keeping = (reader.byteCount ?? Int.max) <= ShareAttachment.memoryByteLimit
        var bytes = Data()
        try reader.read(limit: limit.bytes, rule: limit.rule, isCancelled: isCancelled) { chunk throws(ShareError) in
            if keeping {
                bytes.append(contentsOf: chunk)
                // A file that grew past the memory limit while read streams on without being kept.
                if bytes.count > ShareAttachment.memoryByteLimit {
                    keeping = false
                    bytes = Data()
                }
            }
            try body(chunk)
        }
        if keeping { keep(bytes) }
    }

    private func keep(_ bytes: Data) {
        guard bytes.count <= ShareAttachment.memoryByteLimit else { return }
        kept.withLock { $0 = bytes }
    }
}
