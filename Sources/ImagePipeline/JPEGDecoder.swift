import CTurboJPEG

/// Decodes JPEG photos to 8-bit RGBA with libjpeg-turbo, loaded at the first decode
/// (`libturbojpeg.so.0`, Debian's `libturbojpeg0`), so nothing that only handles PNGs loads it.
///
/// Baseline and progressive, colour and greyscale JPEGs decode with the accurate integer DCT and
/// smooth upsampling, the same pixels `djpeg` writes. The EXIF orientation (1-8) is applied, so
/// a phone photo comes out upright. CMYK and YCCK JPEGs are refused with a clear error. The
/// header and ``DecodeLimits`` are checked before any pixel memory is allocated, and a truncated
/// or damaged stream is an error, not a grey half-image.
///
/// ```swift
/// let photo = try JPEGDecoder().decode(path: "photo.jpg")
/// ```
package struct JPEGDecoder: Sendable {
    /// The bounds checked before every decode.
    package var limits: DecodeLimits

    /// Creates a decoder.
    /// - Parameter limits: The pixel and memory bounds; ``DecodeLimits/default`` if omitted.
    package init(limits: DecodeLimits = .default) {
        self.limits = limits
    }

    /// Decodes a JPEG file.
    /// - Throws: ``ImageError``: `read-failed`, `unsupported-format` (not a JPEG),
    ///   `decoding-unsupported` (CMYK, or no libturbojpeg), `corrupt-data`, a limit.
    package func decode(path: String) throws -> RGBAImage {
        let source = try FileByteSource(path: path)
        return try decode(try source.read(at: 0, count: source.size), path: path)
    }

    /// Decodes JPEG bytes in memory.
    /// - Throws: ``ImageError``, as ``decode(path:)``.
    package func decode(data: [UInt8]) throws -> RGBAImage {
        try decode(data, path: nil)
    }

    func decode(_ bytes: [UInt8], path: String?) throws -> RGBAImage {
        let subject = ImageError.subject(path)
        guard JPEGHeader.looksLikeJPEG(bytes) else {
            throw ImageError(.unsupportedFormat, "\(subject) is not a JPEG.", path: path)
        }
        // The frame header, scanned in Swift first: a malformed one never reaches the C library.
        _ = try JPEGHeader.scan(MemoryByteSource(bytes: bytes))
        var width: Int32 = 0
        var height: Int32 = 0
        var colorspace: Int32 = 0
        var message = [CChar](repeating: 0, count: 256)
        let header = bytes.withUnsafeBufferPointer { buffer in
            ctj_header(buffer.baseAddress, buffer.count, &width, &height, &colorspace, &message, message.count)
        }
        try Self.check(header, message, subject: subject, path: path)
        if colorspace == CTJ_CS_CMYK || colorspace == CTJ_CS_YCCK {
            throw ImageError(
                .decodingUnsupported,
                "\(subject) is a CMYK JPEG (print colours); sharevia decodes RGB and greyscale JPEGs: "
                    + "convert it to RGB first (e.g. `convert in.jpg -colorspace sRGB out.jpg`).",
                path: path
            )
        }
        try limits.checkPixels(width: Int(width), height: Int(height), path: path)
        let byteCount = Int(width) * Int(height) * 4
        try limits.checkMemory(bytes: byteCount, width: Int(width), height: Int(height), path: path)
        var pixels = [UInt8](repeating: 0, count: byteCount)
        let decoded = bytes.withUnsafeBufferPointer { input in
            pixels.withUnsafeMutableBufferPointer { output in
                ctj_decode_rgba(
                    input.baseAddress,
                    input.count,
                    output.baseAddress,
                    width,
                    height,
                    &message,
                    message.count
                )
            }
        }
        try Self.check(decoded, message, subject: subject, path: path)
        let image = try RGBAImage(width: Int(width), height: Int(height), pixels: pixels)
        return image.oriented(EXIFOrientation(jpeg: bytes))
    }

    private static func check(_ status: Int32, _ message: [CChar], subject: String, path: String?) throws {
        guard status != 0 else { return }
        let text = String(decoding: message.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
        if status == CTJ_NO_LIBRARY {
            throw ImageError(.decodingUnsupported, "can't decode \(subject): \(text).", path: path)
        }
        throw ImageError(.corruptData, "\(subject) is a damaged JPEG: \(text).", path: path)
    }
}
