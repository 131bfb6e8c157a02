/// A container format the pipeline recognises by its magic bytes.
public struct ImageFormat: RawRepresentable, Sendable, Hashable, Codable, CustomStringConvertible {
    /// The lower-case name, such as `png`.
    public var rawValue: String

    /// Creates a format from its name.
    public init(rawValue: String) { self.rawValue = rawValue }

    /// Portable Network Graphics: inspected, validated, decoded and encoded.
    public static let png = ImageFormat(rawValue: "png")
    /// JPEG (JFIF or Exif): inspected and validated from its frame header; not decoded.
    public static let jpeg = ImageFormat(rawValue: "jpeg")

    /// The upper-case name people expect: `PNG`, `JPEG`.
    public var description: String { rawValue.uppercased() }
}

/// How the samples of a pixel are stored in the file.
public enum ColorType: String, Sendable, Hashable, Codable, CaseIterable, CustomStringConvertible {
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
    public init?(pngColorType: Int) {
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
    public var description: String {
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
public struct ImageInfo: Sendable, Hashable, Codable {
    /// The container format.
    public var format: ImageFormat
    /// Width in pixels (at least 1).
    public var width: Int
    /// Height in pixels (at least 1).
    public var height: Int
    /// Bits per sample (PNG: 1, 2, 4, 8 or 16; JPEG: the frame's precision, usually 8).
    public var bitDepth: Int
    /// How samples are stored.
    public var colorType: ColorType
    /// Adam7 for PNG; progressive for JPEG.
    public var interlaced: Bool
    /// Whether the image can have transparent pixels (an alpha channel or a PNG tRNS chunk).
    public var hasTransparency: Bool
    /// The size of the file (or data) in bytes.
    public var fileSize: Int

    /// Creates an info value.
    public init(
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
