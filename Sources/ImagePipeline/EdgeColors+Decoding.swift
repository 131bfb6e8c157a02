extension EdgeColors {
    /// Measures a PNG file's edge colours, decoding it row by row (only a batch of rows is held,
    /// unless the file is interlaced).
    /// - Parameters:
    ///   - path: The PNG file.
    ///   - limits: Bounds for decoding.
    ///   - bandFraction: The share of the height each band covers.
    /// A JPEG is decoded whole with ``JPEGDecoder``, its EXIF orientation applied.
    /// - Throws: ``ImageError`` as ``ImageDecoder/decode(path:)`` does.
    package init(
        path: String,
        limits: DecodeLimits = .default,
        bandFraction: Double = EdgeColors.defaultBandFraction
    ) throws {
        self = try Self.measure(.file(path), limits: limits, bandFraction: bandFraction)
    }

    /// Measures the edge colours of PNG bytes in memory, decoding them row by row.
    /// - Throws: ``ImageError`` as ``PNGDecoder/decode(data:)`` does.
    package init(
        data: [UInt8],
        limits: DecodeLimits = .default,
        bandFraction: Double = EdgeColors.defaultBandFraction
    ) throws {
        self = try Self.measure(.memory(data), limits: limits, bandFraction: bandFraction)
    }

    private static func measure(_ input: PNGInput, limits: DecodeLimits, bandFraction: Double) throws -> EdgeColors {
        if let jpeg = try input.jpegBytes() {
            let image = try JPEGDecoder(limits: limits).decode(jpeg.bytes, path: jpeg.path)
            return EdgeColors(of: image, bandRows: bandRows(forHeight: image.height, fraction: bandFraction))
        }
        return try PNGRowReader.with(input, limits: limits, workingBytes: PNGRowReader.streamingBytes) { reader in
            let width = reader.structure.width
            var edges = EdgeAccumulator(height: reader.structure.height, fraction: bandFraction)
            try reader.forEachRow { row, y in edges.add(row: row, width: width, y: y) }
            return edges.colors
        }
    }
}
