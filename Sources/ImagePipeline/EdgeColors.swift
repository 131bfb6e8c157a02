import CPNGShim

/// An opaque sRGB colour, 8 bits a channel, written `#RRGGBB`.
package struct RGBColor: Sendable, Hashable, Codable, CustomStringConvertible {
    /// Red, 0-255.
    package var r: UInt8
    /// Green, 0-255.
    package var g: UInt8
    /// Blue, 0-255.
    package var b: UInt8

    /// Creates a colour.
    package init(r: UInt8, g: UInt8, b: UInt8) {
        self.r = r
        self.g = g
        self.b = b
    }

    /// Parses `#RRGGBB` (the `#` is optional, case does not matter); nil if malformed.
    package init?(hex: String) {
        let digits = hex.hasPrefix("#") ? String(hex.dropFirst()) : hex
        guard digits.count == 6, digits.allSatisfy(\.isHexDigit), let value = UInt32(digits, radix: 16) else {
            return nil
        }
        self.init(r: UInt8(value >> 16 & 0xFF), g: UInt8(value >> 8 & 0xFF), b: UInt8(value & 0xFF))
    }

    /// `#RRGGBB`, upper case.
    package var hex: String {
        "#"
            + [r, g, b].map { byte in
                let digits = String(byte, radix: 16, uppercase: true)
                return digits.count == 1 ? "0" + digits : digits
            }.joined()
    }

    /// The same as ``hex``.
    package var description: String { hex }

    /// `0xRRGGBB`.
    var packed: UInt32 { UInt32(r) << 16 | UInt32(g) << 8 | UInt32(b) }

    /// Decodes from a `"#RRGGBB"` string.
    package init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        let text = try container.decode(String.self)
        guard let color = RGBColor(hex: text) else {
            throw DecodingError.dataCorruptedError(
                in: container,
                debugDescription: "'\(text)' is not a #RRGGBB colour"
            )
        }
        self = color
    }

    /// Encodes as a `"#RRGGBB"` string.
    package func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(hex)
    }
}

/// The average colour of an image's top rows and of its bottom rows: what a story canvas fills
/// the space above and below a picture with.
///
/// The average is weighted by alpha, so transparent pixels do not darken it; a band that is
/// entirely transparent averages its colour channels unweighted.
package struct EdgeColors: Sendable, Hashable, Codable {
    /// The average colour of the top band.
    package var top: RGBColor
    /// The average colour of the bottom band.
    package var bottom: RGBColor

    /// Creates edge colours.
    package init(top: RGBColor, bottom: RGBColor) {
        self.top = top
        self.bottom = bottom
    }

    /// The share of the height each band covers by default: 2%.
    package static let defaultBandFraction = 0.02

    /// How many rows a band covers in an image `height` rows tall: `fraction` of the height,
    /// rounded, at least 1 and at most the height.
    package static func bandRows(forHeight height: Int, fraction: Double = defaultBandFraction) -> Int {
        min(height, max(1, Int((Double(height) * fraction).rounded())))
    }

    /// Measures an image's edge colours.
    /// - Parameters:
    ///   - image: The image.
    ///   - bandRows: Rows in each band; ``bandRows(forHeight:fraction:)`` if nil.
    package init(of image: RGBAImage, bandRows: Int? = nil) {
        var accumulator = EdgeAccumulator(height: image.height, bandRows: bandRows)
        image.pixels.withUnsafeBufferPointer { buffer in
            for y in accumulator.rowsToVisit {
                accumulator.add(row: buffer.baseAddress! + y * image.width * 4, width: image.width, y: y)
            }
        }
        self = accumulator.colors
    }
}

/// Sums the top and bottom bands as rows stream past, so edge colours cost no second pass.
struct EdgeAccumulator {
    let height: Int
    let band: Int
    private var top = [UInt64](repeating: 0, count: 8)
    private var bottom = [UInt64](repeating: 0, count: 8)

    init(height: Int, bandRows: Int? = nil, fraction: Double = EdgeColors.defaultBandFraction) {
        self.height = height
        self.band =
            bandRows.map { min(height, max(1, $0)) } ?? EdgeColors.bandRows(forHeight: height, fraction: fraction)
    }

    /// The rows that belong to either band, in order, each once (the bands overlap when the
    /// image is short).
    var rowsToVisit: [Int] {
        let bottomStart = max(band, height - band)
        return Array(0..<band) + Array(bottomStart..<height)
    }

    /// Adds row `y` (RGBA8) if it lies in a band; other rows are ignored.
    mutating func add(row: UnsafePointer<UInt8>, width: Int, y: Int) {
        if y < band {
            top.withUnsafeMutableBufferPointer { cpng_accumulate_edge(row, UInt32(width), $0.baseAddress) }
        }
        if y >= height - band {
            bottom.withUnsafeMutableBufferPointer { cpng_accumulate_edge(row, UInt32(width), $0.baseAddress) }
        }
    }

    var colors: EdgeColors {
        EdgeColors(top: Self.average(top), bottom: Self.average(bottom))
    }

    private static func average(_ sums: [UInt64]) -> RGBColor {
        func rounded(_ numerator: UInt64, _ denominator: UInt64) -> UInt8 {
            denominator == 0 ? 0 : UInt8(min(255, (numerator * 2 + denominator) / (denominator * 2)))
        }
        if sums[3] > 0 {
            return RGBColor(r: rounded(sums[0], sums[3]), g: rounded(sums[1], sums[3]), b: rounded(sums[2], sums[3]))
        }
        return RGBColor(r: rounded(sums[4], sums[7]), g: rounded(sums[5], sums[7]), b: rounded(sums[6], sums[7]))
    }
}
