import ImagePipeline
import TestSupport
import Testing

/// The pixel and memory limits guard every decode and fit, and can be configured.
struct LimitsTests {
    static let card = PNGBytes.rgbFile(width: 40, height: 30, rgb: [UInt8](repeating: 90, count: 40 * 30 * 3))

    @Test func defaultsAreSane() {
        #expect(DecodeLimits.default.maxPixels == 100_000_000)
        #expect(DecodeLimits.default.maxMemoryBytes == 512 * 1024 * 1024)
    }

    @Test func pixelLimitIsConfigurable() throws {
        let atLimit = DecodeLimits(maxPixels: 1200)
        #expect(try PNGDecoder(limits: atLimit).decode(data: Self.card).width == 40)
        let below = DecodeLimits(maxPixels: 1199)
        let error = #expect(throws: ImageError.self) { try PNGDecoder(limits: below).decode(data: Self.card) }
        #expect(error?.code == .pixelLimitExceeded)
    }

    @Test func memoryLimitCountsTheOutputBuffer() throws {
        let tight = DecodeLimits(maxMemoryBytes: 40 * 30 * 4)  // the output alone; libpng's rows push it over
        let error = #expect(throws: ImageError.self) { try PNGDecoder(limits: tight).decode(data: Self.card) }
        #expect(error?.code == .memoryLimitExceeded)
        let roomy = DecodeLimits(maxMemoryBytes: 40 * 30 * 4 + 4096)
        #expect(try PNGDecoder(limits: roomy).decode(data: Self.card).height == 30)
    }

    @Test func fitCountsTheCanvasNotTheFullImage() throws {
        let canvas = CanvasSize(width: 20, height: 20)
        // The canvas (1600 bytes) plus a 16-row batch of 40 pixels (2560) plus libpng rows fit in 8 KB...
        let fitter = CanvasFitter(canvas: canvas, limits: DecodeLimits(maxMemoryBytes: 8192))
        #expect(try fitter.fit(data: Self.card).image.width == 20)
        // ...but not in 2 KB.
        let starved = CanvasFitter(canvas: canvas, limits: DecodeLimits(maxMemoryBytes: 2048))
        let error = #expect(throws: ImageError.self) { try starved.fit(data: Self.card) }
        #expect(error?.code == .memoryLimitExceeded)
    }

    @Test func fitHonoursThePixelLimit() {
        let fitter = CanvasFitter(limits: DecodeLimits(maxPixels: 100))
        let error = #expect(throws: ImageError.self) { try fitter.fit(data: Self.card) }
        #expect(error?.code == .pixelLimitExceeded)
    }

    /// A 2000x1500 image is 12 MB as RGBA. Under a 10 MB limit a full decode is refused, but
    /// fitting it streams rows into the 8.3 MB story canvas and succeeds: it never holds the
    /// full-size image.
    @Test func fittingStreamsInsteadOfHoldingTheFullImage() throws {
        let big = EncoderTests.sample(width: 2000, height: 1500, alpha: false)
        let bytes = try PNGEncoder().encode(big)
        let limits = DecodeLimits(maxMemoryBytes: 10 * 1024 * 1024)
        let error = #expect(throws: ImageError.self) { try PNGDecoder(limits: limits).decode(data: bytes) }
        #expect(error?.code == .memoryLimitExceeded)
        let fitted = try CanvasFitter(limits: limits).fit(data: bytes)
        #expect(fitted.placement == PixelRect(x: 0, y: 555, width: 1080, height: 810))
        #expect(fitted.image == (try CanvasFitter().fit(big)).image)
    }
}
