import ImagePipeline
import Testing

/// Damaged variants of valid files: every one either decodes or throws an ``ImageError``;
/// none crashes or hangs (libpng's longjmp stays inside the C shim).
struct MutationTests {
    /// A small deterministic generator, so failures reproduce.
    struct Generator {
        var state: UInt64
        mutating func next(_ bound: Int) -> Int {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return Int((state >> 33) % UInt64(bound))
        }
    }

    @Test(arguments: ["basn2c08.png", "basi6a16.png", "basn3p04.png", "tbbn0g04.png"])
    func everyPrefixIsRefusedCleanly(file: String) throws {
        let bytes = try readFile(Fixtures.pngSuite(file))
        let full = try PNGDecoder().decode(data: bytes)
        for length in 0..<bytes.count {
            do {
                _ = try PNGDecoder().decode(data: Array(bytes.prefix(length)))
                Issue.record("\(file) cut to \(length) bytes decoded")
            } catch {
                #expect(error is ImageError)
            }
        }
        #expect(full.width == 32)
    }

    @Test(arguments: ["basn2c08.png", "basi0g04.png", "basn6a08.png", "s09i3p02.png"])
    func flippedBytesNeverCrash(file: String) throws {
        let bytes = try readFile(Fixtures.pngSuite(file))
        var generator = Generator(state: UInt64(bytes.count))
        var refused = 0
        for _ in 0..<300 {
            var damaged = bytes
            for _ in 0..<(1 + generator.next(3)) {
                damaged[generator.next(damaged.count)] ^= UInt8(1 + generator.next(255))
            }
            do {
                let image = try PNGDecoder().decode(data: damaged)
                #expect(image.pixels.count == image.width * image.height * 4)
            } catch let error as ImageError {
                refused += 1
                #expect(!error.message.isEmpty)
            }
            _ = try? CanvasFitter(canvas: CanvasSize(width: 30, height: 40)).fit(data: damaged)
            _ = try? ImageInspector().inspect(data: damaged)
        }
        // A flipped byte almost always breaks a CRC, so nearly every variant is refused.
        #expect(refused > 250)
    }
}
