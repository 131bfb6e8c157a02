import Foundation  // NSCondition
import ProcessRunning
import ShareCore

/// A share's attachment pulled a chunk at a time, read through the attachment's own reader: the
/// bytes it keeps serve the destinations after email, and a reader whose path is not a real file
/// still works.
///
/// The reader pushes its chunks on a thread of its own and waits while the last one is still
/// untaken, so memory stays at a chunk or two whatever the attachment's size. Dropping the pull
/// before the end stops that thread at its next chunk.
final class AttachmentPull {
    private let handoff = ChunkHandoff()
    /// Bytes taken from the reader, not yet returned.
    private var buffer: [UInt8] = []
    /// The reader's error, returned after the bytes that came before it.
    private var failure: ShareError?
    private var ended = false

    /// Starts reading `attachment`, at most `limit` bytes of it; `rule` names whose limit it is.
    init(_ attachment: ShareAttachment, limit: Int, rule: String) {
        let handoff = handoff
        BlockingThread.start {
            let result = Result { () throws(ShareError) in
                try attachment.forEachChunk(limit: limit, rule: rule, isCancelled: { handoff.isAbandoned }) {
                    chunk throws(ShareError) in
                    try handoff.put([UInt8](chunk))
                }
            }
            handoff.finish(result)
        }
    }

    deinit { handoff.abandon() }

    /// Up to `count` bytes; fewer only at the end or before an error. An error of the reader comes
    /// after the bytes read before it, so a caller counting bytes against its own limit sees them
    /// first; ``finish()`` then tells the end from the error.
    func next(_ count: Int) throws(ShareError) -> [UInt8] {
        while buffer.count < count && !ended {
            switch handoff.take() {
            case .chunk(let chunk): buffer += chunk
            case .end(.success): ended = true
            case .end(.failure(let error)):
                ended = true
                failure = error
            }
        }
        if buffer.isEmpty, let failure { throw failure }
        let taken = Array(buffer.prefix(count))
        buffer.removeFirst(taken.count)
        return taken
    }

    /// After a short chunk: throws the reader's error if that, not the end, made it short.
    func finish() throws(ShareError) {
        if buffer.isEmpty, let failure { throw failure }
    }
}

/// One chunk at a time from the reading thread to the pulling one.
private final class ChunkHandoff: @unchecked Sendable {
    enum Item {
        case chunk([UInt8])
        case end(Result<Void, ShareError>)
    }
    // Everything below is guarded by `condition`.
    private let condition = NSCondition()
    private var chunk: [UInt8]?
    private var result: Result<Void, ShareError>?
    private var abandoned = false

    var isAbandoned: Bool {
        condition.withLock { abandoned }
    }

    /// Hands over `bytes`, waiting while the chunk before is untaken.
    func put(_ bytes: [UInt8]) throws(ShareError) {
        condition.lock()
        defer { condition.unlock() }
        while chunk != nil && !abandoned { condition.wait() }
        guard !abandoned else {
            throw ShareError(.cancelled, destination: .email, message: "the message was abandoned")
        }
        chunk = bytes
        condition.broadcast()
    }

    /// The reader's end: success, or the error that stopped it.
    func finish(_ end: Result<Void, ShareError>) {
        condition.withLock {
            result = end
            condition.broadcast()
        }
    }

    /// The next chunk, or the end once every chunk is taken.
    func take() -> Item {
        condition.lock()
        defer { condition.unlock() }
        while chunk == nil && result == nil { condition.wait() }
        if let bytes = chunk {
            chunk = nil
            condition.broadcast()
            return .chunk(bytes)
        }
        return .end(result!)
    }

    /// The puller is gone: the reader stops at its next chunk.
    func abandon() {
        condition.withLock {
            abandoned = true
            condition.broadcast()
        }
    }
}
