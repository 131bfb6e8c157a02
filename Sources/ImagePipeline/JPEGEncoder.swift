import CTurboJPEG

/// Encodes an image as a baseline JPEG with libjpeg-turbo (loaded with `dlopen` at the first
/// call), for a destination that must send a smaller file than the card's PNG.
///
/// Transparent pixels are composited over white first, since JPEG has no alpha.
///
/// ```swift
/// let jpeg = try JPEGEncoder(quality: 85).encode(image)
/// ```
package struct JPEGEncoder: Sendable {
    /// The quality, 1 (smallest) to 100 (best).
    package var quality: Int

    /// An encoder at `quality`, clamped to 1...100.
    package init(quality: Int) { self.quality = min(max(quality, 1), 100) }

    /// The JPEG file's bytes.
    ///
    /// - Throws: ``ImageError``: `decoding-unsupported` when libturbojpeg can't be loaded or
    ///   can't encode; `corrupt-data` when the encoder fails.
    package func encode(_ image: RGBAImage) throws -> [UInt8] {
        let pixels = image.isOpaque ? image.pixels : Self.overWhite(image.pixels)
        var output: UnsafeMutablePointer<UInt8>?
        var size = 0
        var message = [CChar](repeating: 0, count: 256)
        let status = pixels.withUnsafeBufferPointer { input in
            ctj_encode_rgba(
                input.baseAddress,
                Int32(image.width),
                Int32(image.height),
                Int32(quality),
                &output,
                &size,
                &message,
                message.count
            )
        }
        defer { ctj_free(output) }
        guard status == 0, let output else {
            let text = String(decoding: message.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
            let code: ImageError.Code = status == CTJ_NO_LIBRARY ? .decodingUnsupported : .corruptData
            throw ImageError(code, "can't encode a \(image.width)x\(image.height) JPEG: \(text).", path: nil)
        }
        return Array(UnsafeBufferPointer(start: output, count: size))
    }

    /// The pixels composited over opaque white.
    static func overWhite(_ pixels: [UInt8]) -> [UInt8] {
        var result = pixels
        var index = 0
        while index + 3 < result.count {
            let alpha = Int(result[index + 3])
            for channel in 0..<3 {
                let value = Int(result[index + channel])
                result[index + channel] = UInt8((value * alpha + 255 * (255 - alpha) + 127) / 255)
            }
            result[index + 3] = 255
            index += 4
        }
        return result
    }
}
