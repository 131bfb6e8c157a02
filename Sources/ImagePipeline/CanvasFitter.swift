import CPNGShim

/// The result of fitting an image to a canvas.
package struct FittedImage: Sendable, Hashable {
    /// The finished canvas: opaque RGBA8.
    package var image: RGBAImage
    /// Where the scaled image sits on the canvas.
    package var placement: PixelRect
    /// The source's edge colours, which the background gradient runs between.
    package var edgeColors: EdgeColors
    /// The source's width and height.
    package var sourceSize: CanvasSize
}

/// Places an image of any aspect ratio on a fixed canvas (a 1080x1920 story by default): scaled
/// to fit, centred, over a vertical gradient from the image's top edge colour to its bottom edge
/// colour.
///
/// From a file, a non-interlaced PNG is decoded row by row straight into the downscaler, so the
/// process holds the canvas and a few rows, never the full-size image: a 6000x4000 photo fits in
/// a few tens of megabytes. Interlaced PNGs need the whole image (checked against the limits).
///
/// ```swift
/// let fitted = try CanvasFitter().fit(path: "photo.png")
/// let png = try PNGEncoder().encode(fitted.image)
/// ```
package struct CanvasFitter: Sendable {
    /// The canvas to fill.
    package var canvas: CanvasSize
    /// Bounds for decoding the source. The canvas counts against ``DecodeLimits/maxMemoryBytes``:
    /// alone when fitting an ``RGBAImage``, together with the decoder's rows (or, for an
    /// interlaced file, the whole decoded image) when fitting a file or bytes.
    package var limits: DecodeLimits
    /// The share of the source's height each edge band covers.
    package var edgeBandFraction: Double

    /// Creates a fitter.
    /// - Parameters:
    ///   - canvas: The canvas size; ``CanvasSize/story`` (1080x1920) if omitted.
    ///   - limits: Bounds for decoding; ``DecodeLimits/default`` if omitted.
    ///   - edgeBandFraction: The share of the height each edge band covers (2% by default).
    package init(
        canvas: CanvasSize = .story,
        limits: DecodeLimits = .default,
        edgeBandFraction: Double = EdgeColors.defaultBandFraction
    ) {
        self.canvas = canvas
        self.limits = limits
        self.edgeBandFraction = edgeBandFraction
    }

    /// Fits a PNG file, streaming its rows.
    /// - Throws: ``ImageError`` as ``PNGDecoder/decode(path:)`` does; `invalid-argument` for a
    ///   canvas side outside 1...``CanvasSize/maximumSide``; `memory-limit-exceeded` for a canvas
    ///   over the memory limit (naming the canvas) or canvas and decoding together (naming the
    ///   file).
    package func fit(path: String) throws -> FittedImage {
        try fit(.file(path))
    }

    /// Fits PNG bytes in memory, streaming their rows.
    /// - Throws: ``ImageError`` as ``PNGDecoder/decode(data:)`` does.
    package func fit(data: [UInt8]) throws -> FittedImage {
        try fit(.memory(data))
    }

    /// Fits an image already decoded.
    /// - Throws: ``ImageError/Code/invalidArgument`` for a canvas side outside
    ///   1...``CanvasSize/maximumSide``; ``ImageError/Code/memoryLimitExceeded`` for a canvas
    ///   over the memory limit.
    package func fit(_ image: RGBAImage) throws -> FittedImage {
        try checkCanvas()
        var edges = EdgeAccumulator(height: image.height, fraction: edgeBandFraction)
        return try compose(width: image.width, height: image.height, opaque: image.isOpaque) { resampler in
            image.pixels.withUnsafeBufferPointer { buffer in
                for y in 0..<image.height {
                    let row = buffer.baseAddress! + y * image.width * 4
                    edges.add(row: row, width: image.width, y: y)
                    resampler.push(row: row)
                }
            }
            return edges.colors
        }
    }

    /// Checks the canvas's sides and that the canvas alone fits in `limits.maxMemoryBytes`, so
    /// a too-large canvas is blamed on the canvas, not on the image.
    private func checkCanvas() throws {
        let maximum = CanvasSize.maximumSide
        guard canvas.width > 0, canvas.height > 0, canvas.width <= maximum, canvas.height <= maximum else {
            throw ImageError(
                .invalidArgument,
                "the canvas \(canvas) is not usable; each side must be between 1 and \(maximum)."
            )
        }
        if canvasBytes > limits.maxMemoryBytes {
            throw ImageError(
                .memoryLimitExceeded,
                "the canvas \(canvas) needs \(canvasBytes) bytes, more than the limit of \(limits.maxMemoryBytes) bytes."
            )
        }
    }

    private var canvasBytes: Int { canvas.byteCount }

    func fit(_ input: PNGInput) throws -> FittedImage {
        try checkCanvas()
        if let jpeg = try input.jpegBytes() {  // a JPEG decodes whole, then fits like any image
            return try fit(JPEGDecoder(limits: limits).decode(jpeg.bytes, path: jpeg.path))
        }
        let working: (PNGStructure) -> Int = { saturatingSum(self.canvasBytes, PNGRowReader.streamingBytes($0)) }
        return try PNGRowReader.with(input, limits: limits, workingBytes: working) { reader in
            let structure = reader.structure
            var edges = EdgeAccumulator(height: structure.height, fraction: edgeBandFraction)
            return try compose(width: structure.width, height: structure.height, opaque: !structure.hasTransparency) {
                resampler in
                try reader.forEachRow { row, y in
                    edges.add(row: row, width: structure.width, y: y)
                    resampler.push(row: row)
                }
                return edges.colors
            }
        }
    }

    /// Allocates the canvas, lets `feed` push every source row into a resampler aimed at the
    /// placement, then paints the gradient under the result.
    private func compose(
        width: Int,
        height: Int,
        opaque: Bool,
        feed: (Resampler) throws -> EdgeColors
    ) throws -> FittedImage {
        let placement = canvas.placement(width: width, height: height)
        var pixels = [UInt8](repeating: 0, count: canvasBytes)
        let stride = canvas.width * 4
        let edges = try pixels.withUnsafeMutableBufferPointer { buffer in
            let origin = buffer.baseAddress! + placement.y * stride + placement.x * 4
            let resampler = try Resampler(
                sourceWidth: width,
                sourceHeight: height,
                width: placement.width,
                height: placement.height,
                destination: origin,
                stride: stride,
                opaque: opaque
            )
            let edges = try feed(resampler)
            cpng_gradient_under(
                buffer.baseAddress,
                UInt32(canvas.width),
                UInt32(canvas.height),
                stride,
                edges.top.packed,
                edges.bottom.packed
            )
            return edges
        }
        return FittedImage(
            image: RGBAImage(uncheckedWidth: canvas.width, height: canvas.height, pixels: pixels, knownOpaque: true),
            placement: placement,
            edgeColors: edges,
            sourceSize: CanvasSize(width: width, height: height)
        )
    }
}
