import MediaTypes

/// Reads what an image declares (format, size, depth, colour type, interlacing) and checks its
/// structure, without decoding pixels.
///
/// PNG: the signature, IHDR (its CRC and every field), then each chunk through IEND, with every
/// CRC checked when ``verifyChecksums`` is on, and the declared size checked against the
/// compressed data present. JPEG: the markers up to the frame header (SOF), which gives the size.
///
/// ```swift
/// let info = try ImageInspector().inspect(path: "card.png")
/// print(info.width, info.height)  // 1080 1920
/// ```
package struct ImageInspector: Sendable {
    /// Whether to check the CRC of every PNG chunk (reads the whole file). IHDR's CRC is always
    /// checked. Default: true.
    package var verifyChecksums: Bool

    /// Creates an inspector.
    /// - Parameter verifyChecksums: Whether to check every PNG chunk's CRC.
    package init(verifyChecksums: Bool = true) {
        self.verifyChecksums = verifyChecksums
    }

    /// Inspects and validates a file.
    /// - Parameter path: The image file.
    /// - Returns: What the file declares.
    /// - Throws: ``ImageError``: `read-failed`, `unsupported-format`, or the first structural
    ///   problem found.
    package func inspect(path: String) throws -> ImageInfo {
        try inspect(source: FileByteSource(path: path))
    }

    /// Inspects and validates image bytes in memory.
    /// - Parameter data: The bytes of a PNG or JPEG file.
    /// - Returns: What the data declares.
    /// - Throws: ``ImageError``: `unsupported-format`, or the first structural problem found.
    package func inspect(data: [UInt8]) throws -> ImageInfo {
        try inspect(source: MemoryByteSource(bytes: data))
    }

    func inspect(source: some ByteSource) throws -> ImageInfo {
        let format = try Self.detectFormat(source)
        if format == .jpeg { return try JPEGHeader.scan(source) }
        let structure = try PNGScanner.scan(source, verifyChecksums: verifyChecksums)
        try structure.checkDataSuffices(path: source.path)
        return structure.info
    }

    /// Identifies the format by its magic bytes.
    /// - Throws: ``ImageError/Code/unsupportedFormat`` naming what the bytes look like.
    static func detectFormat(_ source: some ByteSource) throws -> ImageFormat {
        let head = try source.read(at: 0, count: 16)
        if JPEGHeader.looksLikeJPEG(head) { return .jpeg }
        if PNGScanner.looksLikePNG(head) { return .png }
        let subject = ImageError.subject(source.path)
        if head.isEmpty {
            throw ImageError(.unsupportedFormat, "\(subject) is empty (0 bytes).", path: source.path)
        }
        let named = MediaType.identify(head).map { " (it looks like \($0.name))" } ?? ""
        throw ImageError(
            .unsupportedFormat,
            "\(subject) is not a PNG or JPEG image\(named): it starts with \(hexBytes(head.prefix(8)[...])); "
                + "convert it to PNG first.",
            path: source.path
        )
    }

}
