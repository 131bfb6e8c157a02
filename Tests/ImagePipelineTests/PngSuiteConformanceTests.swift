import Foundation
import ImagePipeline
import Testing

/// Every valid PngSuite file decodes to the pixels Pillow gives; every corrupt one is refused
/// with the specific error.
struct PngSuiteConformanceTests {
    @Test func digestTableCoversEveryValidFile() {
        let valid = Fixtures.pngSuiteFiles.filter { !$0.hasPrefix("x") }
        #expect(valid.count == 161)
        #expect(Fixtures.digests.map(\.file) == valid)
    }

    @Test(arguments: Fixtures.digests)
    func decodesToThePillowPixels(_ expected: Fixtures.Expected) throws {
        let image = try PNGDecoder().decode(path: Fixtures.pngSuite(expected.file))
        #expect(image.width == expected.width)
        #expect(image.height == expected.height)
        #expect(SHA256.hex(image.pixels) == expected.sha256, "\(expected.file) (\(expected.reference))")
    }

    @Test(arguments: Fixtures.digests.prefix(40))
    func decodesTheSameFromMemory(_ expected: Fixtures.Expected) throws {
        let bytes = try readFile(Fixtures.pngSuite(expected.file))
        let image = try PNGDecoder().decode(data: bytes)
        #expect(SHA256.hex(image.pixels) == expected.sha256)
    }

    static let corrupt: [(String, ImageError.Code)] = [
        ("xs1n0g01.png", .badSignature), ("xs2n0g01.png", .badSignature), ("xs4n0g01.png", .badSignature),
        ("xs7n0g01.png", .badSignature), ("xcrn0g04.png", .badSignature), ("xlfn0g04.png", .badSignature),
        ("xhdn0g08.png", .badChecksum), ("xc1n0g08.png", .invalidHeader), ("xc9n2c08.png", .invalidHeader),
        ("xd0n2c08.png", .invalidHeader), ("xd3n2c08.png", .invalidHeader), ("xd9n2c08.png", .invalidHeader),
        ("xdtn0g01.png", .missingImageData), ("xcsn0g01.png", .badChecksum),
    ]

    @Test func corruptTableCoversEveryXFile() {
        #expect(Self.corrupt.map(\.0).sorted() == Fixtures.pngSuiteFiles.filter { $0.hasPrefix("x") })
    }

    @Test(arguments: corrupt)
    func decoderRejectsCorruptFile(_ file: String, _ code: ImageError.Code) {
        let path = Fixtures.pngSuite(file)
        let error = #expect(throws: ImageError.self) { try PNGDecoder().decode(path: path) }
        #expect(error?.code == code, "\(file): \(error.map(String.init(describing:)) ?? "no error")")
        #expect(error?.path == path)
        #expect(error?.message.contains(path) == true)
    }

    @Test(arguments: corrupt)
    func inspectorRejectsCorruptFile(_ file: String, _ code: ImageError.Code) {
        let error = #expect(throws: ImageError.self) { try ImageInspector().inspect(path: Fixtures.pngSuite(file)) }
        #expect(error?.code == code, "\(file): \(error.map(String.init(describing:)) ?? "no error")")
    }

    @Test func signatureMangledByLineEndingsSaysSo() {
        let error = #expect(throws: ImageError.self) {
            try ImageInspector().inspect(path: Fixtures.pngSuite("xcrn0g04.png"))
        }
        #expect(error?.message.contains("text-mode transfer") == true)
    }

    @Test func invalidColourTypeIsNamed() {
        let error = #expect(throws: ImageError.self) {
            try PNGDecoder().decode(path: Fixtures.pngSuite("xc1n0g08.png"))
        }
        #expect(error?.message.contains("colour type 1") == true)
    }
}

func readFile(_ path: String) throws -> [UInt8] {
    [UInt8](try Data(contentsOf: URL(fileURLWithPath: path)))
}
