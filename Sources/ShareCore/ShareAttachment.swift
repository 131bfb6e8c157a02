#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// A file attached to a share: its bytes (or where to read them), MIME type and file name.
public struct ShareAttachment: Hashable, Sendable, Codable {
    /// Where the attachment's bytes are.
    public enum Source: Hashable, Sendable, Codable {
        /// The bytes themselves, held in memory.
        case bytes(Data)
        /// A file on disk, read when a destination needs the bytes.
        case file(path: String)
    }

    public var source: Source
    /// The MIME type, such as `image/png`.
    public var mimeType: String
    /// The name to give the file at the destination, such as `card.png`. Never a path.
    public var fileName: String

    /// Creates an attachment from its parts.
    public init(source: Source, mimeType: String, fileName: String) {
        self.source = source
        self.mimeType = mimeType
        self.fileName = fileName
    }

    /// An attachment held in memory.
    public static func bytes(_ data: Data, mimeType: String, fileName: String) -> ShareAttachment {
        ShareAttachment(source: .bytes(data), mimeType: mimeType, fileName: fileName)
    }

    /// The largest regular file attached to a share: 1 GiB. Destinations copy files in chunks,
    /// so this bounds time and disk, not memory; destinations have smaller limits of their own.
    public static let fileByteLimit = 1 << 30

    /// The most bytes held in memory for one attachment: 64 MiB. It caps a pipe read by
    /// ``file(_:mimeType:pipeWait:)`` and ``data()``'s read of a file a destination needs whole.
    public static let memoryByteLimit = 64 << 20

    /// An attachment read from a file, its type decided by its bytes.
    ///
    /// The path is opened without blocking and read once:
    /// - a regular file stays on disk and is read when a destination needs it (at most
    ///   ``fileByteLimit``);
    /// - a pipe or FIFO (such as the shell's `<(command)`) is read into memory now, up to
    ///   ``memoryByteLimit``, waiting at most `pipeWait` for its end;
    /// - a directory, a device or a socket is refused.
    ///
    /// The first bytes decide the type: a PNG, JPEG, GIF or WebP signature gives that image type
    /// whatever the name says. A file whose name or `mimeType` claims an image type but whose
    /// bytes are no image is refused, so a text file named `card.png` never travels as
    /// `image/png`. Anything else takes its type from `mimeType`, then the file name's extension.
    ///
    /// - Parameters:
    ///   - path: The file.
    ///   - mimeType: The type to use when the bytes show none.
    ///   - pipeWait: How long a pipe may take to send all of its bytes.
    /// - Throws: ``ShareError`` with code `badInput` naming the path when it does not exist, is
    ///   not a regular file or pipe, cannot be read, is over a limit, or claims an image type its
    ///   bytes don't have.
    public static func file(
        _ path: String,
        mimeType: String? = nil,
        pipeWait: Duration = .seconds(30)
    ) throws(ShareError) -> ShareAttachment {
        let (source, head) = try AttachmentFile.open(path, pipeWait: pipeWait)
        let claimed = mimeType ?? MediaType.guess(fromFileName: path)
        let type: String
        let sniffed = MediaType.identify(head)
        if let sniffed {
            type = sniffed.mimeType
        } else if claimed.hasPrefix("image/") {
            throw ShareError(
                .badInput,
                message:
                    "'\(path)' is named as \(claimed) but its bytes are not a PNG, JPEG, GIF or WebP image; "
                    + "pass the real image, or rename the file if it is not one"
            )
        } else {
            type = claimed
        }
        var name = path.split(separator: "/").last.map(String.init) ?? path
        // A pipe's name (`63` for /dev/fd/63) says nothing; give it the extension of its type.
        if case .bytes = source, !name.contains("."), let sniffed {
            name += "." + MediaType.fileExtension(for: sniffed)
        }
        return ShareAttachment(source: source, mimeType: type, fileName: name)
    }

    /// True when the MIME type starts with `image/`.
    public var isImage: Bool { mimeType.hasPrefix("image/") }

    /// The attachment's bytes, read from disk when it is file-backed, up to ``memoryByteLimit``.
    ///
    /// - Throws: ``ShareError`` naming the file: `contentRejected` when it holds more than
    ///   ``memoryByteLimit``, `badInput` when it can't be read or is no longer a regular file.
    public func data() throws(ShareError) -> Data {
        try data(limit: Self.memoryByteLimit, rule: "sharevia's limit for an attachment held in memory")
    }

    /// The attachment's bytes, at most `limit` of them: a file is read once, and the limit is
    /// checked while reading, so a file that grows meanwhile stops at one byte over.
    ///
    /// - Parameters:
    ///   - limit: The most bytes accepted.
    ///   - rule: Whose limit it is, for the message, such as `the limit of Instagram hand-offs`.
    /// - Throws: ``ShareError`` naming the file, the limit and the rule: `contentRejected` when
    ///   it holds more than `limit`, `badInput` when it can't be read.
    public func data(limit: Int, rule: String) throws(ShareError) -> Data {
        let cap = InputLimit(bytes: limit, rule: rule)
        switch source {
        case .bytes(let data):
            try requireWithin(cap, data)
            return data
        case .file(let path):
            return try AttachmentFile.readAll(path, limit: cap)
        }
    }

    /// Throws `contentRejected` naming the attachment when in-memory `data` is over `cap`.
    private func requireWithin(_ cap: InputLimit, _ data: Data) throws(ShareError) {
        guard data.count > cap.bytes else { return }
        throw AttachmentFile.shareError(
            InputFileError(path: fileName, problem: .tooLarge(cap)),
            code: .contentRejected
        )
    }

    /// Passes the attachment's bytes to `body` a chunk at a time, reading a file once and at
    /// most `limit` bytes of it: a file that holds (or grows to) more stops with an error on the
    /// byte after the limit, before `body` sees it. For destinations that stream an attachment
    /// (the file export's copy, a MIME encoder) instead of holding it.
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
        switch source {
        case .bytes(let data):
            try requireWithin(cap, data)
            if isCancelled() { throw ShareError(.cancelled, message: "reading \(fileName) was cancelled") }
            let result: Result<Void, ShareError> = data.withUnsafeBytes { buffer in
                Result { () throws(ShareError) in try body(buffer) }
            }
            try result.get()
        case .file(let path):
            try AttachmentFile.forEachChunk(path, limit: cap, isCancelled: isCancelled, body)
        }
    }

    /// The size in bytes, without reading a file-backed attachment; nil when its file can't be
    /// examined.
    public var byteCount: Int? {
        switch source {
        case .bytes(let data): data.count
        case .file(let path): AttachmentFile.size(of: path)
        }
    }
}

/// MIME types recognised from magic bytes or file names: the one table of file signatures that
/// attachments (``ShareAttachment/file(_:mimeType:)``) and the image pipeline's inspector share.
public enum MediaType {
    /// A format recognised by its first bytes.
    public struct Format: Sendable, Hashable {
        /// The MIME type, such as `image/png`.
        public var mimeType: String
        /// The format's short name for messages, such as `PNG` or `HEIF`.
        public var name: String

        public init(mimeType: String, name: String) {
            self.mimeType = mimeType
            self.name = name
        }
    }

    /// Signatures: the bytes a format starts with, at an offset.
    private static let signatures: [(offset: Int, bytes: [UInt8], format: Format)] = [
        (0, [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A], Format(mimeType: "image/png", name: "PNG")),
        (0, [0xFF, 0xD8, 0xFF], Format(mimeType: "image/jpeg", name: "JPEG")),
        (0, Array("GIF8".utf8), Format(mimeType: "image/gif", name: "GIF")),
        (8, Array("WEBP".utf8), Format(mimeType: "image/webp", name: "WebP")),  // after "RIFF" and a size
        (4, Array("ftypheic".utf8), Format(mimeType: "image/heic", name: "HEIF")),
        (4, Array("ftypheix".utf8), Format(mimeType: "image/heic", name: "HEIF")),
        (4, Array("ftypmif1".utf8), Format(mimeType: "image/heif", name: "HEIF")),
        (4, Array("ftypavif".utf8), Format(mimeType: "image/avif", name: "AVIF")),
        (0, Array("BM".utf8), Format(mimeType: "image/bmp", name: "BMP")),
        (0, [0x49, 0x49, 0x2A, 0x00], Format(mimeType: "image/tiff", name: "TIFF")),
        (0, [0x4D, 0x4D, 0x00, 0x2A], Format(mimeType: "image/tiff", name: "TIFF")),
        (0, Array("%PDF".utf8), Format(mimeType: "application/pdf", name: "PDF")),
        (0, Array("<svg".utf8), Format(mimeType: "image/svg+xml", name: "SVG")),
        (0, Array("<?xml".utf8), Format(mimeType: "application/xml", name: "SVG or XML")),
    ]

    /// The format the first bytes of a file (16 are enough) show, or nil.
    public static func identify(_ head: [UInt8]) -> Format? {
        for (offset, bytes, format) in signatures
        where head.count >= offset + bytes.count && head[offset..<offset + bytes.count].elementsEqual(bytes) {
            if format.name == "WebP" && !head.starts(with: Array("RIFF".utf8)) { continue }
            return format
        }
        return nil
    }

    /// The MIME type for the first bytes of a file, or nil when they match no known format.
    public static func sniff(_ head: Data) -> String? {
        identify([UInt8](head.prefix(16)))?.mimeType
    }

    /// The usual file extension for a format, such as `png`.
    public static func fileExtension(for format: Format) -> String {
        switch format.mimeType {
        case "image/jpeg": return "jpg"
        case "image/svg+xml": return "svg"
        case "application/pdf": return "pdf"
        case "application/xml": return "xml"
        default: return format.name.lowercased()
        }
    }

    /// The MIME type for a file name's extension, `application/octet-stream` when unknown.
    public static func guess(fromFileName name: String) -> String {
        let ext = name.split(separator: ".").last.map { $0.lowercased() } ?? ""
        switch ext {
        case "png": return "image/png"
        case "jpg", "jpeg": return "image/jpeg"
        case "gif": return "image/gif"
        case "webp": return "image/webp"
        case "txt": return "text/plain"
        case "json": return "application/json"
        case "pdf": return "application/pdf"
        default: return "application/octet-stream"
        }
    }
}
