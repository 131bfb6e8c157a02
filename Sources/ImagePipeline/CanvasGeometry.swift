/// A canvas size in pixels, written `WIDTHxHEIGHT`.
package struct CanvasSize: Sendable, Hashable, Codable, LosslessStringConvertible {
    /// Width in pixels.
    package var width: Int
    /// Height in pixels.
    package var height: Int

    /// Creates a size.
    package init(width: Int, height: Int) {
        self.width = width
        self.height = height
    }

    /// The longest side a canvas may have: 32768 pixels.
    package static let maximumSide = 32768

    /// The bytes an RGBA8 canvas of this size takes: `width * height * 4`, or `Int.max` if that
    /// overflows.
    package var byteCount: Int { saturatingProduct(width, height, 4) }

    /// 1080x1920: Instagram Stories and most vertical story formats.
    package static let story = CanvasSize(width: 1080, height: 1920)

    /// Parses `1080x1920` (an `X` works too); nil if malformed or not positive.
    package init?(_ description: String) {
        let parts = description.lowercased().split(separator: "x", omittingEmptySubsequences: false)
        guard parts.count == 2, let width = Int(parts[0]), let height = Int(parts[1]), width > 0, height > 0 else {
            return nil
        }
        self.init(width: width, height: height)
    }

    /// `WIDTHxHEIGHT`.
    package var description: String { "\(width)x\(height)" }
}

/// A rectangle in pixels, origin at the top left.
package struct PixelRect: Sendable, Hashable, Codable, CustomStringConvertible {
    /// Left edge.
    package var x: Int
    /// Top edge.
    package var y: Int
    /// Width.
    package var width: Int
    /// Height.
    package var height: Int

    /// Creates a rectangle.
    package init(x: Int, y: Int, width: Int, height: Int) {
        self.x = x
        self.y = y
        self.width = width
        self.height = height
    }

    /// `WxH+X+Y`, as ImageMagick writes geometry.
    package var description: String { "\(width)x\(height)+\(x)+\(y)" }
}

extension CanvasSize {
    /// Where an image of `width` x `height` goes when scaled to fit this canvas and centred.
    ///
    /// The scale is `min(canvas.width / width, canvas.height / height)` (so it can enlarge);
    /// the scaled sides are rounded and kept at least 1; the offsets are the leftover space
    /// halved, rounded down. Both sides of the image must be at least 1.
    package func placement(width: Int, height: Int) -> PixelRect {
        precondition(width > 0 && height > 0, "an image to place needs at least one pixel")
        let scale = min(Double(self.width) / Double(width), Double(self.height) / Double(height))
        let fittedWidth = min(self.width, max(1, Int((Double(width) * scale).rounded())))
        let fittedHeight = min(self.height, max(1, Int((Double(height) * scale).rounded())))
        return PixelRect(
            x: (self.width - fittedWidth) / 2,
            y: (self.height - fittedHeight) / 2,
            width: fittedWidth,
            height: fittedHeight
        )
    }
}
