/// Decodes a PNG or a JPEG to RGBA8, whichever the first bytes say it is: ``PNGDecoder`` for PNG,
/// ``JPEGDecoder`` (libjpeg-turbo, EXIF orientation applied) for JPEG.
package struct ImageDecoder: Sendable {
    /// The bounds checked before every decode.
    package var limits: DecodeLimits

    /// Creates a decoder.
    package init(limits: DecodeLimits = .default) {
        self.limits = limits
    }

    /// Decodes an image file.
    /// - Throws: ``ImageError``, as ``PNGDecoder/decode(path:)`` or ``JPEGDecoder/decode(path:)``.
    package func decode(path: String) throws -> RGBAImage {
        try decode(.file(path))
    }

    /// Decodes image bytes in memory.
    package func decode(data: [UInt8]) throws -> RGBAImage {
        try decode(.memory(data))
    }

    func decode(_ input: PNGInput) throws -> RGBAImage {
        if let jpeg = try input.jpegBytes() {
            return try JPEGDecoder(limits: limits).decode(jpeg.bytes, path: jpeg.path)
        }
        return try PNGDecoder(limits: limits).decode(input)
    }
}

extension PNGInput {
    /// The whole file or buffer when it is a JPEG (decoded whole, not row by row), else nil.
    func jpegBytes() throws -> (bytes: [UInt8], path: String?)? {
        switch self {
        case .memory(let bytes):
            return JPEGHeader.looksLikeJPEG(Array(bytes.prefix(3))) ? (bytes, nil) : nil
        case .file(let path):
            let source = try FileByteSource(path: path)
            guard JPEGHeader.looksLikeJPEG(try source.read(at: 0, count: 3)) else { return nil }
            return (try source.read(at: 0, count: source.size), path)
        }
    }
}
