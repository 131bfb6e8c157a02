import Foundation
import ImagePipeline
import TestSupport
import Testing

/// Fitting to a canvas: scale, centring, the gradient's endpoints, streaming equals in-memory.
struct CanvasFitterTests {
    @Test(arguments: [
        (6000, 4000, PixelRect(x: 0, y: 600, width: 1080, height: 720)),
        (1080, 1920, PixelRect(x: 0, y: 0, width: 1080, height: 1920)),
        (1000, 4000, PixelRect(x: 300, y: 0, width: 480, height: 1920)),
        (100, 100, PixelRect(x: 0, y: 420, width: 1080, height: 1080)),
        (3, 5000, PixelRect(x: 539, y: 0, width: 1, height: 1920)),
        (10000, 1, PixelRect(x: 0, y: 959, width: 1080, height: 1)),
    ])
    func placesToFitAndCentres(width: Int, height: Int, expected: PixelRect) {
        #expect(CanvasSize.story.placement(width: width, height: height) == expected)
    }

    @Test func parsesCanvasSizes() {
        #expect(CanvasSize("1080x1920") == .story)
        #expect(CanvasSize("720X1280") == CanvasSize(width: 720, height: 1280))
        #expect(CanvasSize("1080") == nil)
        #expect(CanvasSize("0x10") == nil)
        #expect(CanvasSize("axb") == nil)
    }

    static let red = RGBAPixel(r: 220, g: 20, b: 30)
    static let blue = RGBAPixel(r: 10, g: 40, b: 200)

    /// 60x40: the top half red, the bottom half blue.
    static let halves = EdgeColorTests.rows(width: 60, height: 40) { $0 < 20 ? red : blue }

    @Test func drawsTheGradientFromTopEdgeToBottomEdge() throws {
        let canvas = CanvasSize(width: 54, height: 96)
        let fitted = try CanvasFitter(canvas: canvas).fit(Self.halves)
        #expect(fitted.placement == PixelRect(x: 0, y: 30, width: 54, height: 36))
        #expect(fitted.edgeColors.top.hex == "#DC141E")
        #expect(fitted.edgeColors.bottom.hex == "#0A28C8")
        let image = fitted.image
        #expect(image.width == 54 && image.height == 96)
        // Endpoints: exactly the edge colours.
        for x in [0, 27, 53] {
            #expect(image.pixel(x: x, y: 0) == Self.red)
            #expect(image.pixel(x: x, y: 95) == Self.blue)
        }
        // In between: the linear interpolation, rounded.
        func lerp(_ a: UInt8, _ b: UInt8, _ y: Int) -> UInt8 {
            UInt8((Double(a) * Double(95 - y) + Double(b) * Double(y)) / 95 + 0.5)
        }
        for y in [1, 15, 29, 66, 80] {
            let expected = RGBAPixel(r: lerp(220, 10, y), g: lerp(20, 40, y), b: lerp(30, 200, y))
            #expect(image.pixel(x: 10, y: y) == expected, "row \(y)")
        }
        // The image itself, scaled by 0.9: top rows red, bottom rows blue, every pixel opaque.
        #expect(image.pixel(x: 20, y: 31) == Self.red)
        #expect(image.pixel(x: 20, y: 64) == Self.blue)
        #expect(image.isOpaque)
    }

    @Test(arguments: [false, true])
    func streamingFromAFileEqualsFittingInMemory(alpha: Bool) throws {
        let canvas = CanvasSize(width: 45, height: 80)
        let image = EncoderTests.sample(width: 300, height: 170, alpha: alpha)
        let bytes = try PNGEncoder().encode(image)
        let folder = TemporaryFolder("image-tests")
        defer { folder.remove() }
        let path = folder.file("in.png")
        try AtomicFileWriter().write(bytes, to: path)
        let fromFile = try CanvasFitter(canvas: canvas).fit(path: path)
        let inMemory = try CanvasFitter(canvas: canvas).fit(image)
        #expect(fromFile == inMemory)
        #expect(try CanvasFitter(canvas: canvas).fit(data: bytes) == inMemory)
        #expect(fromFile.edgeColors == EdgeColors(of: image))
    }

    /// A 10x2000 strip on a 10x10 canvas shrinks 200:1 vertically: a uniform colour must come
    /// out exactly (the resampler once summed at most 64 source rows per output row).
    @Test func largeShrinkRatioKeepsTheColour() throws {
        let colour = RGBAPixel(r: 200, g: 100, b: 50)
        let image = RGBAImage(width: 10, height: 2000, fill: colour)
        let fitter = CanvasFitter(canvas: CanvasSize(width: 10, height: 10))
        for fitted in [try fitter.fit(image), try fitter.fit(data: PNGEncoder().encode(image))] {
            #expect(fitted.placement == PixelRect(x: 4, y: 0, width: 1, height: 10))
            #expect(fitted.image == RGBAImage(width: 10, height: 10, fill: colour))
        }
    }

    @Test func refusesACanvasOverTheMemoryLimitNamingTheCanvas() {
        let error = #expect(throws: ImageError.self) {
            try CanvasFitter(canvas: CanvasSize(width: 20000, height: 20000)).fit(Self.halves)
        }
        #expect(error?.code == .memoryLimitExceeded)
        #expect(error?.message.contains("the canvas 20000x20000 needs 1600000000 bytes") == true)
    }

    @Test func interlacedAndPlainFilesFitTheSame() throws {
        let canvas = CanvasSize(width: 90, height: 160)
        for (plain, interlaced) in [("basn2c08.png", "basi2c08.png"), ("basn6a16.png", "basi6a16.png")] {
            let a = try CanvasFitter(canvas: canvas).fit(path: Fixtures.pngSuite(plain))
            let b = try CanvasFitter(canvas: canvas).fit(path: Fixtures.pngSuite(interlaced))
            #expect(a == b, "\(plain) vs \(interlaced)")
        }
    }

    @Test func sameSizeCopiesThePixels() throws {
        let image = EncoderTests.sample(width: 27, height: 48, alpha: false)
        let fitted = try CanvasFitter(canvas: CanvasSize(width: 27, height: 48)).fit(image)
        #expect(fitted.image == image)
    }

    @Test func transparentPixelsShowTheGradient() throws {
        var image = RGBAImage(width: 10, height: 10, fill: RGBAPixel(r: 0, g: 200, b: 0))
        for y in 0..<10 { image.setPixel(x: 0, y: y, to: RGBAPixel(r: 255, g: 255, b: 255, a: 0)) }
        let fitted = try CanvasFitter(canvas: CanvasSize(width: 10, height: 20)).fit(image)
        #expect(fitted.edgeColors.top.hex == "#00C800")
        #expect(fitted.image.pixel(x: 0, y: 10) == RGBAPixel(r: 0, g: 200, b: 0))
        #expect(fitted.image.isOpaque)
    }

    @Test func refusesAnEmptyCanvas() {
        let error = #expect(throws: ImageError.self) {
            try CanvasFitter(canvas: CanvasSize(width: 0, height: 10)).fit(Self.halves)
        }
        #expect(error?.code == .invalidArgument)
    }
}
