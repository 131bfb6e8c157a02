import CPNGShim

/// One pixel: red, green, blue and straight (not premultiplied) alpha, 8 bits each.
package struct RGBAPixel: Sendable, Hashable, CustomStringConvertible {
    /// Red, 0-255.
    package var r: UInt8
    /// Green, 0-255.
    package var g: UInt8
    /// Blue, 0-255.
    package var b: UInt8
    /// Alpha, 0 (transparent) to 255 (opaque).
    package var a: UInt8

    /// Creates a pixel.
    package init(r: UInt8, g: UInt8, b: UInt8, a: UInt8 = 255) {
        self.r = r
        self.g = g
        self.b = b
        self.a = a
    }

    /// `rgba(r,g,b,a)`.
    package var description: String { "rgba(\(r),\(g),\(b),\(a))" }
}

/// An image held as 8-bit RGBA rows, top to bottom, 4 bytes a pixel, no padding, straight alpha.
package struct RGBAImage: Sendable, Hashable {
    /// Width in pixels.
    package let width: Int
    /// Height in pixels.
    package let height: Int
    /// `width * height * 4` bytes: R, G, B, A for each pixel, row by row.
    package private(set) var pixels: [UInt8]
    /// Set by the pipeline when it made every alpha 255 (a fitted canvas), so ``isOpaque`` need
    /// not scan. Not part of equality.
    private var knownOpaque = false

    /// Wraps existing pixels.
    /// - Parameters:
    ///   - width: Width in pixels, at least 1.
    ///   - height: Height in pixels, at least 1.
    ///   - pixels: Exactly `width * height * 4` bytes.
    /// - Throws: ``ImageError/Code/invalidArgument`` if the sizes do not match.
    package init(width: Int, height: Int, pixels: [UInt8]) throws {
        guard width > 0, height > 0, pixels.count == width * height * 4 else {
            throw ImageError(
                .invalidArgument,
                "an RGBA image of \(width)x\(height) needs \(max(0, width * height * 4)) bytes, not \(pixels.count)."
            )
        }
        self.width = width
        self.height = height
        self.pixels = pixels
    }

    /// An image filled with one colour.
    /// - Parameters:
    ///   - width: Width in pixels, at least 1.
    ///   - height: Height in pixels, at least 1.
    ///   - fill: The colour of every pixel.
    package init(width: Int, height: Int, fill: RGBAPixel) {
        precondition(width > 0 && height > 0, "an image needs at least one pixel")
        self.width = width
        self.height = height
        let pattern = [fill.r, fill.g, fill.b, fill.a]
        self.pixels = [UInt8](unsafeUninitializedCapacity: width * height * 4) { buffer, count in
            for i in 0..<(width * height * 4) { buffer[i] = pattern[i & 3] }
            count = width * height * 4
        }
    }

    /// Takes ownership of a buffer the pipeline filled (no checks: internal use).
    /// - Parameter knownOpaque: The caller guarantees every alpha is 255.
    init(uncheckedWidth width: Int, height: Int, pixels: [UInt8], knownOpaque: Bool = false) {
        self.width = width
        self.height = height
        self.pixels = pixels
        self.knownOpaque = knownOpaque
    }

    /// Equal sizes and pixels.
    package static func == (lhs: RGBAImage, rhs: RGBAImage) -> Bool {
        lhs.width == rhs.width && lhs.height == rhs.height && lhs.pixels == rhs.pixels
    }

    /// Hashes the size and pixels.
    package func hash(into hasher: inout Hasher) {
        hasher.combine(width)
        hasher.combine(height)
        hasher.combine(pixels)
    }

    /// The pixel at column `x`, row `y` (0-based, from the top left).
    package func pixel(x: Int, y: Int) -> RGBAPixel {
        precondition(x >= 0 && x < width && y >= 0 && y < height, "pixel (\(x), \(y)) is outside the image")
        let i = (y * width + x) * 4
        return RGBAPixel(r: pixels[i], g: pixels[i + 1], b: pixels[i + 2], a: pixels[i + 3])
    }

    /// Sets the pixel at column `x`, row `y`.
    package mutating func setPixel(x: Int, y: Int, to value: RGBAPixel) {
        precondition(x >= 0 && x < width && y >= 0 && y < height, "pixel (\(x), \(y)) is outside the image")
        let i = (y * width + x) * 4
        pixels[i] = value.r
        pixels[i + 1] = value.g
        pixels[i + 2] = value.b
        pixels[i + 3] = value.a
        if value.a != 255 { knownOpaque = false }
    }

    /// Whether every pixel's alpha is 255 (scans the pixels unless the pipeline made them opaque).
    package var isOpaque: Bool {
        knownOpaque
            || pixels.withUnsafeBufferPointer { buffer in
                cpng_is_opaque(buffer.baseAddress, UInt32(width), UInt32(height), width * 4) != 0
            }
    }
}
