import ImagePipeline
import Testing

/// Edge colours average the top and bottom bands.
struct EdgeColorTests {
    /// An image whose rows are coloured by `color(y)`.
    static func rows(width: Int, height: Int, _ color: (Int) -> RGBAPixel) -> RGBAImage {
        var image = RGBAImage(width: width, height: height, fill: RGBAPixel(r: 0, g: 0, b: 0))
        for y in 0..<height {
            for x in 0..<width { image.setPixel(x: x, y: y, to: color(y)) }
        }
        return image
    }

    @Test func solidBandsGiveTheirColours() {
        let image = Self.rows(width: 10, height: 100) { y in
            y < 50 ? RGBAPixel(r: 0x12, g: 0x34, b: 0x56) : RGBAPixel(r: 0xAB, g: 0xCD, b: 0xEF)
        }
        let edges = EdgeColors(of: image)
        #expect(edges.top.hex == "#123456")
        #expect(edges.bottom.hex == "#ABCDEF")
    }

    @Test func bandIsTwoPercentOfTheHeight() {
        #expect(EdgeColors.bandRows(forHeight: 1920) == 38)
        #expect(EdgeColors.bandRows(forHeight: 10) == 1)
        #expect(EdgeColors.bandRows(forHeight: 1) == 1)
    }

    @Test func averagesOnlyTheBandRows() {
        // Rows 0-1 are 100 and 200 (mean 150); row 2 onwards is 0 and must not count.
        let image = Self.rows(width: 4, height: 100) { y in
            let v: UInt8 = y == 0 ? 100 : y == 1 ? 200 : y >= 98 ? 10 : 0
            return RGBAPixel(r: v, g: v, b: v)
        }
        let edges = EdgeColors(of: image, bandRows: 2)
        #expect(edges.top.hex == "#969696")
        #expect(edges.bottom.hex == "#0A0A0A")
    }

    @Test func averagesAcrossEachRowWithRounding() {
        var image = RGBAImage(width: 3, height: 1, fill: RGBAPixel(r: 0, g: 0, b: 0))
        image.setPixel(x: 0, y: 0, to: RGBAPixel(r: 255, g: 0, b: 1))
        image.setPixel(x: 1, y: 0, to: RGBAPixel(r: 0, g: 0, b: 1))
        image.setPixel(x: 2, y: 0, to: RGBAPixel(r: 0, g: 30, b: 2))
        let edges = EdgeColors(of: image)
        #expect(edges.top == RGBColor(r: 85, g: 10, b: 1))  // 255/3, 30/3, 4/3 rounded
        #expect(edges.bottom == edges.top)
    }

    @Test func transparentPixelsDoNotDarkenTheAverage() {
        var image = RGBAImage(width: 2, height: 1, fill: RGBAPixel(r: 0, g: 0, b: 0, a: 0))
        image.setPixel(x: 1, y: 0, to: RGBAPixel(r: 200, g: 100, b: 50))
        #expect(EdgeColors(of: image).top.hex == "#C86432")
    }

    @Test func hexParsesAndPrints() {
        #expect(RGBColor(hex: "#0a0B0c") == RGBColor(r: 10, g: 11, b: 12))
        #expect(RGBColor(hex: "0A0B0C")?.hex == "#0A0B0C")
        #expect(RGBColor(hex: "#12345") == nil)
        #expect(RGBColor(hex: "#GG0000") == nil)
    }

    @Test func streamingMeasurementEqualsMeasuringTheDecodedImage() throws {
        for expected in Fixtures.digests {
            let path = Fixtures.pngSuite(expected.file)
            #expect(try EdgeColors(path: path) == EdgeColors(of: PNGDecoder().decode(path: path)), "\(expected.file)")
        }
    }
}
