import ImagePipeline

/// The image decoders and header scanners for the `image-inspect`, `png-decode` and `jpeg-decode`
/// fuzz targets (`Fuzz/`). ImagePipeline's API is `package`; this is the one way in from outside
/// the package, and it hands back plain sizes rather than the module's types.
@_spi(Fuzzing)
public struct ImageFuzzing: Sendable {
    /// What a decoder made of the bytes.
    public struct Decoded: Sendable, Hashable {
        /// Width in pixels.
        public var width: Int
        /// Height in pixels.
        public var height: Int
        /// How many bytes of RGBA the image holds (`width * height * 4` when it is sound).
        public var pixelBytes: Int
    }

    private let limits: DecodeLimits

    /// Decoders that refuse images over `maxPixels` pixels or `maxMemoryBytes` of memory.
    public init(maxPixels: Int, maxMemoryBytes: Int) {
        limits = DecodeLimits(maxPixels: maxPixels, maxMemoryBytes: maxMemoryBytes)
    }

    /// The width and height the PNG or JPEG header scanner reads, or nil when it refuses the bytes.
    public func inspect(_ bytes: [UInt8]) -> (width: Int, height: Int)? {
        guard let info = try? ImageInspector().inspect(data: bytes) else { return nil }
        return (info.width, info.height)
    }

    /// The PNG decoder on `bytes`, or nil when it refuses them.
    public func decodePNG(_ bytes: [UInt8]) -> Decoded? {
        (try? PNGDecoder(limits: limits).decode(data: bytes)).map(Self.decoded)
    }

    /// The JPEG decoder (EXIF orientation applied) on `bytes`, or nil when it refuses them.
    public func decodeJPEG(_ bytes: [UInt8]) -> Decoded? {
        (try? JPEGDecoder(limits: limits).decode(data: bytes)).map(Self.decoded)
    }

    /// The canvas fitter's canvas for a PNG in `bytes`, or nil when it refuses them.
    public func fit(_ bytes: [UInt8], width: Int, height: Int) -> Decoded? {
        let fitter = CanvasFitter(canvas: CanvasSize(width: width, height: height), limits: limits)
        return (try? fitter.fit(data: bytes)).map { Self.decoded($0.image) }
    }

    /// The EXIF orientation of a JPEG, 1 to 8 (1 when it has none).
    public func exifOrientation(jpeg bytes: [UInt8]) -> Int {
        EXIFOrientation(jpeg: bytes).rawValue
    }

    private static func decoded(_ image: RGBAImage) -> Decoded {
        Decoded(width: image.width, height: image.height, pixelBytes: image.pixels.count)
    }
}
