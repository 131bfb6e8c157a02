import Foundation
import ImagePipeline
import Testing

/// Encoding gives a valid PNG that decodes back to the same pixels.
struct EncoderTests {
    /// A deterministic image with gradients, noise and (optionally) varying alpha.
    static func sample(width: Int, height: Int, alpha: Bool) -> RGBAImage {
        var pixels = [UInt8](repeating: 0, count: width * height * 4)
        var seed: UInt32 = 12345
        for y in 0..<height {
            for x in 0..<width {
                seed = seed &* 1_664_525 &+ 1_013_904_223
                let i = (y * width + x) * 4
                pixels[i] = UInt8(x * 255 / max(1, width - 1))
                pixels[i + 1] = UInt8(y * 255 / max(1, height - 1))
                pixels[i + 2] = UInt8(seed >> 24)
                pixels[i + 3] = alpha ? UInt8((x + y) % 256) : 255
            }
        }
        return try! RGBAImage(width: width, height: height, pixels: pixels)
    }

    @Test(arguments: [false, true])
    func roundTripsExactly(alpha: Bool) throws {
        let image = Self.sample(width: 97, height: 61, alpha: alpha)
        for options in [PNGEncoder.Options.fast, .balanced, PNGEncoder.Options(compressionLevel: 0, filter: .paeth)] {
            let bytes = try PNGEncoder(options: options).encode(image)
            #expect(try PNGDecoder().decode(data: bytes) == image)
            let info = try ImageInspector().inspect(data: bytes)
            #expect(info.colorType == (alpha ? .rgba : .rgb))
            #expect(info.bitDepth == 8 && !info.interlaced)
        }
    }

    @Test(arguments: PNGEncoder.Filter.allCases)
    func everyFilterRoundTrips(filter: PNGEncoder.Filter) throws {
        let image = Self.sample(width: 33, height: 17, alpha: true)
        let bytes = try PNGEncoder(options: .init(compressionLevel: 3, filter: filter)).encode(image)
        #expect(try PNGDecoder().decode(data: bytes) == image)
    }

    @Test func reencodesEveryPngSuiteImageLosslessly() throws {
        for expected in Fixtures.digests {
            let image = try PNGDecoder().decode(path: Fixtures.pngSuite(expected.file))
            let again = try PNGDecoder().decode(data: PNGEncoder().encode(image))
            #expect(again == image, "\(expected.file)")
        }
    }

    @Test func refusesAnInvalidLevel() {
        let error = #expect(throws: ImageError.self) {
            try PNGEncoder(options: .init(compressionLevel: 12, filter: .none)).encode(
                Self.sample(width: 2, height: 2, alpha: false)
            )
        }
        #expect(error?.code == .invalidArgument)
    }

    @Test(arguments: [false, true])
    func outputPassesPngcheck(alpha: Bool) throws {
        let pngcheck = try #require(
            ["/usr/bin/pngcheck", "/usr/local/bin/pngcheck"].first { FileManager.default.isExecutableFile(atPath: $0) },
            "pngcheck is needed for this test: apt-get install pngcheck"
        )
        let folder = try Fixtures.temporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let path = folder + "/out.png"
        try AtomicFileWriter().write(PNGEncoder().encode(Self.sample(width: 300, height: 200, alpha: alpha)), to: path)
        let process = Process()
        process.executableURL = URL(fileURLWithPath: pngcheck)
        process.arguments = ["-q", path]
        let output = Pipe()
        process.standardOutput = output
        process.standardError = output
        try process.run()
        let text = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        #expect(process.terminationStatus == 0, "pngcheck: \(text)")
    }
}
