/// A container format the pipeline recognises by its magic bytes.
package struct ImageFormat: RawRepresentable, Sendable, Hashable, Codable, CustomStringConvertible {
    /// The lower-case name, such as `png`.
    package var rawValue: String

    /// Creates a format from its name.
    package init(rawValue: String) { self.rawValue = rawValue }

    /// Portable Network Graphics: inspected, validated, decoded and encoded.
    package static let png = ImageFormat(rawValue: "png")
    /// JPEG (JFIF or Exif): inspected and validated from its frame header; not decoded.
    package static let jpeg = ImageFormat(rawValue: "jpeg")

    /// The upper-case name people expect: `PNG`, `JPEG`.
    package var description: String { rawValue.uppercased() }
}

/// How the samples of a pixel are stored in the file.
package enum ColorType: String, Sendable, Hashable, Codable, CaseIterable, CustomStringConvertible {
    /// One grey sample (PNG colour type 0, or a one-component JPEG).
    case gray
    /// Grey and alpha (PNG colour type 4).
    case grayAlpha = "gray_alpha"
    /// Red, green, blue (PNG colour type 2).
    case rgb
    /// Red, green, blue, alpha (PNG colour type 6).
    case rgba
    /// An index into a palette (PNG colour type 3).
    case palette
    /// Luma and chroma (a three-component JPEG).
    case yCbCr = "ycbcr"
    /// Cyan, magenta, yellow, black (a four-component JPEG).
    case cmyk

    /// The colour type of a PNG colour-type number, or nil if the number is not valid.
    package init?(pngColorType: Int) {
        switch pngColorType {
        case 0: self = .gray
        case 2: self = .rgb
        case 3: self = .palette
        case 4: self = .grayAlpha
        case 6: self = .rgba
        default: return nil
        }
    }

    /// A short human name: `grayscale`, `truecolour+alpha`, ...
    package var description: String {
        switch self {
        case .gray: "grayscale"
        case .grayAlpha: "grayscale+alpha"
        case .rgb: "truecolour"
        case .rgba: "truecolour+alpha"
        case .palette: "palette"
        case .yCbCr: "YCbCr"
        case .cmyk: "CMYK"
        }
    }
}

/// What an image file declares about itself, read without decoding its pixels.
package struct ImageInfo: Sendable, Hashable, Codable {
    /// The container format.
    package var format: ImageFormat
    /// Width in pixels (at least 1).
    package var width: Int
    /// Height in pixels (at least 1).
    package var height: Int
    /// Bits per sample (PNG: 1, 2, 4, 8 or 16; JPEG: the frame's precision, usually 8).
    package var bitDepth: Int
    /// How samples are stored.
    package var colorType: ColorType
    /// Adam7 for PNG; progressive for JPEG.
    package var interlaced: Bool
    /// Whether the image can have transparent pixels (an alpha channel or a PNG tRNS chunk).
    package var hasTransparency: Bool
    /// The size of the file (or data) in bytes.
    package var fileSize: Int

    /// Creates an info value.
    package init(
        format: ImageFormat,
        width: Int,
        height: Int,
        bitDepth: Int,
        colorType: ColorType,
        interlaced: Bool,
        hasTransparency: Bool,
        fileSize: Int
    ) {
        self.format = format
        self.width = width
        self.height = height
        self.bitDepth = bitDepth
        self.colorType = colorType
        self.interlaced = interlaced
        self.hasTransparency = hasTransparency
        self.fileSize = fileSize
    }
}
