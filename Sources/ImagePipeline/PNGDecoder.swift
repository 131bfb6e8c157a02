/// Decodes any valid PNG to 8-bit RGBA.
///
/// Every bit depth (1 to 16) and colour type, palettes with and without tRNS, tRNS on grey and
/// truecolour, and Adam7 interlacing decode to straight-alpha RGBA8: 16-bit samples keep their
/// high byte, low bit depths are scaled (a 2-bit 3 becomes 255), grey is replicated, and pixels
/// matching a tRNS colour become transparent. No gamma or colour-space conversion is applied.
///
/// Before allocating anything proportional to the image, the decoder checks the structure,
/// ``DecodeLimits``, and that the compressed data could hold the declared size. Every chunk's CRC
/// is checked as libpng reads it, ancillary chunks included, so a file decodes only if
/// ``ImageInspector`` (which checks every CRC) accepts it too. Corrupt files throw an
/// ``ImageError`` with a specific code; none crashes or hangs.
///
/// ```swift
/// let image = try PNGDecoder().decode(path: "card.png")
/// let corner = image.pixel(x: 0, y: 0)
/// ```
package struct PNGDecoder: Sendable {
    /// The bounds checked before every decode.
    package var limits: DecodeLimits

    /// Creates a decoder.
    /// - Parameter limits: The pixel and memory bounds; ``DecodeLimits/default`` if omitted.
    package init(limits: DecodeLimits = .default) {
        self.limits = limits
    }

    /// Decodes a PNG file.
    /// - Parameter path: The file.
    /// - Returns: The image as RGBA8.
    /// - Throws: ``ImageError``: `read-failed`, a structural code (`bad-signature`,
    ///   `bad-checksum`, `invalid-header`, `empty-image`, `truncated`, `missing-image-data`,
    ///   `corrupt-data`, `insufficient-data`), a limit (`pixel-limit-exceeded`,
    ///   `memory-limit-exceeded`), `decoding-unsupported` for JPEG (``ImageDecoder`` takes both),
    ///   `unsupported-format`.
    package func decode(path: String) throws -> RGBAImage {
        try decode(.file(path))
    }

    /// Decodes PNG bytes in memory.
    /// - Parameter data: The bytes of a PNG file.
    /// - Returns: The image as RGBA8.
    /// - Throws: ``ImageError``, as ``decode(path:)``.
    package func decode(data: [UInt8]) throws -> RGBAImage {
        try decode(.memory(data))
    }

    func decode(_ input: PNGInput) throws -> RGBAImage {
        let outputBytes: (PNGStructure) -> Int = { saturatingProduct($0.width, $0.height, 4) }
        return try PNGRowReader.with(input, limits: limits, workingBytes: outputBytes) { reader in
            let width = reader.structure.width
            let height = reader.structure.height
            var pixels = [UInt8](repeating: 0, count: width * height * 4)
            try pixels.withUnsafeMutableBufferPointer { buffer in
                try reader.readImage(into: buffer.baseAddress!, stride: width * 4)
            }
            try reader.finish()
            return RGBAImage(uncheckedWidth: width, height: height, pixels: pixels)
        }
    }
}

/// The product, or `Int.max` if it overflows.
func saturatingProduct(_ factors: Int...) -> Int {
    var result = 1
    for factor in factors {
        let (product, overflow) = result.multipliedReportingOverflow(by: factor)
        if overflow { return Int.max }
        result = product
    }
    return result
}

/// The sum, or `Int.max` if it overflows.
func saturatingSum(_ terms: Int...) -> Int {
    var result = 0
    for term in terms {
        let (sum, overflow) = result.addingReportingOverflow(term)
        if overflow { return Int.max }
        result = sum
    }
    return result
}
