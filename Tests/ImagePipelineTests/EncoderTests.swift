import Foundation
import ImagePipeline
import ProcessRunning
import TestSupport
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
    func outputPassesPngcheck(alpha: Bool) async throws {
        let pngcheck = try #require(
            Self.onPath("pngcheck"),
            "pngcheck is needed for this test and is not on PATH: apt-get install pngcheck"
        )
        let folder = TemporaryFolder("image-tests")
        defer { folder.remove() }
        let path = folder.file("out.png")
        try AtomicFileWriter().write(PNGEncoder().encode(Self.sample(width: 300, height: 200, alpha: alpha)), to: path)
        let output = try await ProcessRunner().run(pngcheck, arguments: ["-q", path])
        let text = String(decoding: output.standardOutput, as: UTF8.self) + output.errorText
        #expect(output.exitStatus == 0, "pngcheck: \(text)")
    }

    /// The first executable `name` in the folders of `PATH`.
    static func onPath(_ name: String) -> String? {
        let folders = (ProcessInfo.processInfo.environment["PATH"] ?? "").split(separator: ":")
        return folders.map { "\($0)/\(name)" }.first { FileManager.default.isExecutableFile(atPath: $0) }
    }
}
