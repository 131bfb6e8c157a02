import ImagePipeline
import TestSupport
import Testing

/// The JPEG encoder: what it writes decodes back (through libjpeg-turbo's decoder) to the same
/// size and nearly the same colours, a lower quality is smaller, and transparency becomes white.
struct JPEGEncoderTests {
    static func gradient(width: Int = 64, height: Int = 48, alpha: UInt8 = 255) throws -> RGBAImage {
        var pixels: [UInt8] = []
        for y in 0..<height {
            for x in 0..<width {
                pixels += [UInt8(x * 255 / width), UInt8(y * 255 / height), 120, alpha]
            }
        }
        return try RGBAImage(width: width, height: height, pixels: pixels)
    }

    @Test func encodedImagesDecodeBackClose() throws {
        let image = try Self.gradient()
        let jpeg = try JPEGEncoder(quality: 90).encode(image)
        #expect(Array(jpeg.prefix(3)) == [0xFF, 0xD8, 0xFF])
        let decoded = try JPEGDecoder().decode(data: jpeg)
        #expect(decoded.width == 64 && decoded.height == 48)
        let worst = zip(image.pixels, decoded.pixels).map { abs(Int($0) - Int($1)) }.max() ?? 0
        #expect(worst <= 16, "largest channel difference \(worst)")
    }

    @Test func aLowerQualityIsSmaller() throws {
        var generator = SeededGenerator(seed: 3)
        let pixels = (0..<(128 * 128 * 4)).map { index in
            index % 4 == 3 ? 255 : UInt8.random(in: 0...255, using: &generator)
        }
        let image = try RGBAImage(width: 128, height: 128, pixels: pixels)
        let sizes = try [95, 60, 20].map { try JPEGEncoder(quality: $0).encode(image).count }
        #expect(sizes == sizes.sorted(by: >), "\(sizes)")
        #expect(JPEGEncoder(quality: 0).quality == 1 && JPEGEncoder(quality: 400).quality == 100)
    }

    @Test func transparencyIsCompositedOverWhite() throws {
        let clear = try Self.gradient(alpha: 0)
        let decoded = try JPEGDecoder().decode(data: try JPEGEncoder(quality: 95).encode(clear))
        #expect(decoded.pixels.allSatisfy { $0 >= 245 }, "a fully transparent image encodes as white")
    }
}
