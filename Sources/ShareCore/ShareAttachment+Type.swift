import MediaTypes

extension ShareAttachment {
    /// The attachment for the file at `path`, its type decided by its first bytes.
    ///
    /// A PNG, JPEG, GIF or WebP signature in `head` gives that image type whatever the name says.
    /// A file whose name or `mimeType` claims an image type but whose bytes are no image is
    /// refused, so a text file named `card.png` never travels as `image/png`. Anything else
    /// takes its type from `mimeType`, then the file name's extension. Bytes held in memory
    /// (a pipe's) whose name has no extension get the one of their type.
    ///
    /// - Parameters:
    ///   - path: The file, for its name and messages.
    ///   - head: The first bytes (16 are enough).
    ///   - source: Where the bytes are.
    ///   - mimeType: The type to use when the bytes show none.
    ///   - reader: Reads a `.file` source.
    /// - Throws: ``ShareError`` `badInput` when the claimed image type doesn't match the bytes.
    package static func typed(
        path: String,
        head: [UInt8],
        source: Source,
        mimeType: String?,
        reader: (any AttachmentReader)?
    ) throws(ShareError) -> ShareAttachment {
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
        return ShareAttachment(source: source, mimeType: type, fileName: name, reader: reader)
    }
}
