import ImagePipeline
import Testing

/// Downscaling averages areas (no aliasing); upscaling interpolates.
struct ImageResizerTests {
    @Test(arguments: [(13, 7), (50, 30), (97, 61), (1, 1), (200, 100)])
    func keepsAUniformColourExactly(width: Int, height: Int) throws {
        let colour = RGBAPixel(r: 17, g: 128, b: 251)
        let image = RGBAImage(width: 97, height: 61, fill: colour)
        let resized = try ImageResizer.resize(image, width: width, height: height)
        #expect(resized == RGBAImage(width: width, height: height, fill: colour))
    }

    /// Shrinks far past 64:1 each way to a single pixel: every source pixel must keep its full
    /// weight (the vertical pass once summed at most 64 rows, darkening tall shrinks).
    @Test(arguments: [(1, 200), (200, 1), (1, 1000), (3, 700), (300, 300)])
    func extremeShrinkKeepsAUniformColour(width: Int, height: Int) throws {
        for colour in [RGBAPixel(r: 17, g: 128, b: 251), RGBAPixel(r: 200, g: 40, b: 90, a: 128)] {
            let image = RGBAImage(width: width, height: height, fill: colour)
            let one = try ImageResizer.resize(image, width: 1, height: 1)
            #expect(one.pixel(x: 0, y: 0) == colour, "\(width)x\(height) \(colour)")
        }
    }

    @Test func halvingAveragesEachTwoByTwoBlock() throws {
        var image = RGBAImage(width: 4, height: 2, fill: RGBAPixel(r: 0, g: 0, b: 0))
        let values: [UInt8] = [0, 100, 10, 30, 200, 40, 50, 70]
        for (i, v) in values.enumerated() { image.setPixel(x: i % 4, y: i / 4, to: RGBAPixel(r: v, g: v, b: 0)) }
        let half = try ImageResizer.resize(image, width: 2, height: 1)
        #expect(half.pixel(x: 0, y: 0) == RGBAPixel(r: 85, g: 85, b: 0))  // (0+100+200+40)/4
        #expect(half.pixel(x: 1, y: 0) == RGBAPixel(r: 40, g: 40, b: 0))  // (10+30+50+70)/4
    }

    @Test func checkerboardBecomesGreyNotAliased() throws {
        var image = RGBAImage(width: 100, height: 100, fill: RGBAPixel(r: 0, g: 0, b: 0))
        for y in 0..<100 {
            for x in 0..<100 where (x + y) % 2 == 0 {
                image.setPixel(x: x, y: y, to: RGBAPixel(r: 255, g: 255, b: 255))
            }
        }
        let small = try ImageResizer.resize(image, width: 33, height: 33)
        for y in 0..<33 {
            for x in 0..<33 {
                let value = Int(small.pixel(x: x, y: y).r)
                #expect(abs(value - 128) <= 16, "(\(x), \(y)) is \(value)")
            }
        }
    }

    @Test func averagesColourByAlpha() throws {
        var image = RGBAImage(width: 2, height: 1, fill: RGBAPixel(r: 255, g: 0, b: 0, a: 0))
        image.setPixel(x: 1, y: 0, to: RGBAPixel(r: 0, g: 0, b: 255, a: 255))
        let one = try ImageResizer.resize(image, width: 1, height: 1)
        #expect(one.pixel(x: 0, y: 0) == RGBAPixel(r: 0, g: 0, b: 255, a: 128))
    }

    @Test func enlargingInterpolatesBetweenNeighbours() throws {
        var image = RGBAImage(width: 2, height: 1, fill: RGBAPixel(r: 0, g: 0, b: 0))
        image.setPixel(x: 1, y: 0, to: RGBAPixel(r: 200, g: 200, b: 200))
        let wide = try ImageResizer.resize(image, width: 8, height: 2)
        let reds = (0..<8).map { Int(wide.pixel(x: $0, y: 1).r) }
        #expect(reds.first == 0 && reds.last == 200)
        #expect(zip(reds, reds.dropFirst()).allSatisfy { $0 <= $1 })
        #expect(Set(reds).count > 3)
    }

    @Test func refusesAZeroSize() {
        let error = #expect(throws: ImageError.self) {
            try ImageResizer.resize(
                RGBAImage(width: 2, height: 2, fill: RGBAPixel(r: 0, g: 0, b: 0)),
                width: 0,
                height: 2
            )
        }
        #expect(error?.code == .invalidArgument)
    }

    /// Sizes whose byte count overflows `Int` are refused by the limits, not trapped on.
    @Test func refusesAnOutputOverTheLimitsWithoutTrapping() {
        let image = RGBAImage(width: 2, height: 2, fill: RGBAPixel(r: 0, g: 0, b: 0))
        let huge = #expect(throws: ImageError.self) {
            try ImageResizer.resize(image, width: Int(UInt32.max), height: Int(UInt32.max))
        }
        #expect(huge?.code == .pixelLimitExceeded)
        let big = #expect(throws: ImageError.self) {
            try ImageResizer.resize(image, width: 20000, height: 20000, limits: DecodeLimits(maxPixels: .max))
        }
        #expect(big?.code == .memoryLimitExceeded)
        #expect(big?.message.contains("1600000000 bytes") == true, "\(big?.message ?? "")")
    }
}
