#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// A file attached to a share: its bytes (or where they are and the reader that reads them),
/// MIME type and file name.
///
/// A file-backed attachment is read through the ``AttachmentReader`` its maker supplied, and
/// what is read in full is kept (up to ``memoryByteLimit``) for every copy of the attachment, so
/// the destinations of one share read it once between them. `ShareAttachment.file(_:)` in
/// `LocalFiles` makes one from a file on this machine.
public struct ShareAttachment: Hashable, Sendable, Codable {
    /// Where the attachment's bytes are.
    public enum Source: Hashable, Sendable, Codable {
        /// The bytes themselves, held in memory.
        case bytes(Data)
        /// A file, read through the attachment's reader when a destination needs the bytes.
        /// Tools that take a file (a clipboard tool reading its input) may be given the path.
        case file(path: String)
    }

    public var source: Source
    /// The MIME type, such as `image/png`.
    public var mimeType: String
    /// The name to give the file at the destination, such as `card.png`. Never a path.
    public var fileName: String
    /// A description of the image for people who can't see it (alt text), such as "Achievement
    /// card: Night Owl, level 7". Nil when none was given; never the file name.
    public var altText: String?
    /// The reader of a `.file` source and what it read; nil for bytes, or a file without one.
    private var storage: AttachmentBytes?

    private enum CodingKeys: String, CodingKey {
        case source, mimeType, fileName, altText
    }

    /// Creates an attachment from its parts. A `.file` source needs a `reader` before a
    /// destination can read its bytes.
    ///
    /// - Parameters:
    ///   - source: Where the bytes are.
    ///   - mimeType: The MIME type.
    ///   - fileName: The name at the destination.
    ///   - reader: Reads a `.file` source's bytes; ignored for `.bytes`.
    public init(source: Source, mimeType: String, fileName: String, reader: (any AttachmentReader)? = nil) {
        self.source = source
        self.mimeType = mimeType
        self.fileName = fileName
        if case .file = source, let reader { self.storage = AttachmentBytes(reader: reader) }
    }

    /// An attachment held in memory.
    public static func bytes(_ data: Data, mimeType: String, fileName: String) -> ShareAttachment {
        ShareAttachment(source: .bytes(data), mimeType: mimeType, fileName: fileName)
    }

    /// Equal when source, type, name and alt text are: the reader is how, not what.
    public static func == (lhs: ShareAttachment, rhs: ShareAttachment) -> Bool {
        lhs.source == rhs.source && lhs.mimeType == rhs.mimeType && lhs.fileName == rhs.fileName
            && lhs.altText == rhs.altText
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(source)
        hasher.combine(mimeType)
        hasher.combine(fileName)
        hasher.combine(altText)
    }

    /// The largest regular file attached to a share: 1 GiB. Destinations copy files in chunks,
    /// so this bounds time and disk, not memory; destinations have smaller limits of their own.
    public static let fileByteLimit = 1 << 30

    /// The most bytes held in memory for one attachment: 64 MiB. It caps a pipe read into memory
    /// by `ShareAttachment.file(_:mimeType:pipeWait:)`, ``data()``'s read of a file a destination
    /// needs whole, and what an attachment keeps of a file it has read.
    public static let memoryByteLimit = 64 << 20

    /// True when a `.file` source has a reader for its bytes.
    package var hasReader: Bool { storage != nil }

    /// True when the MIME type starts with `image/`.
    public var isImage: Bool { mimeType.hasPrefix("image/") }

    /// The attachment's bytes, read through its reader when it is file-backed, up to
    /// ``memoryByteLimit``.
    ///
    /// - Throws: ``ShareError`` naming the file: `contentRejected` when it holds more than
    ///   ``memoryByteLimit``, `badInput` when it can't be read or has no reader.
    public func data() throws(ShareError) -> Data {
        try data(limit: Self.memoryByteLimit, rule: "sharevia's limit for an attachment held in memory")
    }

    /// The attachment's bytes, at most `limit` of them: a file is read once for the attachment's
    /// lifetime, and the limit is checked while reading, so a file that grows meanwhile stops at
    /// one byte over.
    ///
    /// - Parameters:
    ///   - limit: The most bytes accepted.
    ///   - rule: Whose limit it is, for the message, such as `the limit of Instagram hand-offs`.
    /// - Throws: ``ShareError`` naming the file, the limit and the rule: `contentRejected` when
    ///   it holds more than `limit`, `badInput` when it can't be read.
    public func data(limit: Int, rule: String) throws(ShareError) -> Data {
        let cap = InputLimit(bytes: limit, rule: rule)
        if let held = try held(within: cap) { return held }
        return try bytesOfFile().data(limit: cap)
    }

    /// Passes the attachment's bytes to `body` a chunk at a time, at most `limit` bytes of them:
    /// a file that holds (or grows to) more stops with an error on the byte after the limit,
    /// before `body` sees it. Bytes read before come from memory. For destinations that stream
    /// an attachment (the file export's copy, a MIME encoder) instead of holding it.
    ///
    /// - Parameters:
    ///   - limit: The most bytes accepted.
    ///   - rule: Whose limit it is, for the message, such as `the 25 MiB limit of email attachments`.
    ///   - isCancelled: Asked before each chunk; true stops the read with a `cancelled` error.
    ///   - body: Takes each chunk, valid only during the call.
    /// - Throws: ``ShareError`` naming the file: `contentRejected` over the limit, `badInput`
    ///   when it can't be read, `cancelled`, or what `body` throws.
    public func forEachChunk(
        limit: Int,
        rule: String,
        isCancelled: () -> Bool = { false },
        _ body: (UnsafeRawBufferPointer) throws(ShareError) -> Void
    ) throws(ShareError) {
        let cap = InputLimit(bytes: limit, rule: rule)
        guard let held = try held(within: cap) else {
            return try bytesOfFile().stream(limit: cap, isCancelled: isCancelled, body)
        }
        if isCancelled() { throw ShareError(.cancelled, message: "reading \(fileName) was cancelled") }
        let result: Result<Void, ShareError> = held.withUnsafeBytes { buffer in
            Result { () throws(ShareError) in try body(buffer) }
        }
        try result.get()
    }

    /// The bytes in memory: given, or kept from an earlier full read of a file-backed attachment
    /// (by a destination before this one in the chain); nil when a file still has to be read.
    /// A destination that streams a file by itself takes these instead, so it doesn't read the
    /// file again.
    public var bytesInMemory: Data? {
        switch source {
        case .bytes(let data): data
        case .file: storage?.cached
        }
    }

    /// The size in bytes, without reading a file-backed attachment; nil when its reader can't
    /// tell.
    public var byteCount: Int? {
        switch source {
        case .bytes(let data): data.count
        case .file: storage?.cached?.count ?? storage?.reader.byteCount
        }
    }

    /// The bytes in memory (given, or read before), checked against `cap`; nil when a file
    /// still has to be read.
    private func held(within cap: InputLimit) throws(ShareError) -> Data? {
        let held: Data
        switch source {
        case .bytes(let data): held = data
        case .file:
            guard let cached = storage?.cached else { return nil }
            held = cached
        }
        guard held.count > cap.bytes else { return held }
        throw Self.overLimit(name: name, cap)
    }

    /// The reader of a `.file` source.
    private func bytesOfFile() throws(ShareError) -> AttachmentBytes {
        guard let storage else {
            throw ShareError(
                .badInput,
                message:
                    "\(name) has no reader for its bytes; make file attachments with ShareAttachment.file(_:) or pass a reader"
            )
        }
        return storage
    }

    /// The path of a file-backed attachment, else its file name, for messages.
    private var name: String {
        if case .file(let path) = source { return "'\(path)'" }
        return "'\(fileName)'"
    }

    /// `'card.png' holds more than 4 KiB (the test's limit); pass a smaller file`.
    private static func overLimit(name: String, _ cap: InputLimit) -> ShareError {
        ShareError(
            .contentRejected,
            message: "\(name) holds more than \(InputLimit.describe(cap.bytes)) (\(cap.rule)); pass a smaller file"
        )
    }
}
