import ImagePipeline
import Testing

/// Inspection reads format, size, depth, colour type and interlacing from headers alone.
struct InspectorTests {
    @Test(arguments: [
        ("basn0g01.png", 1, ColorType.gray, false, false),
        ("basi0g16.png", 16, .gray, true, false),
        ("basn2c08.png", 8, .rgb, false, false),
        ("basn3p04.png", 4, .palette, false, false),
        ("basn4a16.png", 16, .grayAlpha, false, true),
        ("basi6a08.png", 8, .rgba, true, true),
        ("tbrn2c08.png", 8, .rgb, false, true),
        ("tbbn3p08.png", 8, .palette, false, true),
    ])
    func readsPNGHeader(file: String, depth: Int, color: ColorType, interlaced: Bool, transparent: Bool) throws {
        let path = Fixtures.pngSuite(file)
        let info = try ImageInspector().inspect(path: path)
        #expect(info.format == .png)
        #expect(info.width == 32 && info.height == 32)
        #expect(info.bitDepth == depth)
        #expect(info.colorType == color)
        #expect(info.interlaced == interlaced)
        #expect(info.hasTransparency == transparent)
        #expect(info.fileSize == (try readFile(path)).count)
    }

    @Test func readsOddSizes() throws {
        let info = try ImageInspector().inspect(path: Fixtures.pngSuite("cdfn2c08.png"))
        #expect(info.width == 8 && info.height == 32)
    }

    @Test func inspectsFromMemoryTheSameAsFromAFile() throws {
        let path = Fixtures.pngSuite("basn6a16.png")
        #expect(try ImageInspector().inspect(data: readFile(path)) == ImageInspector().inspect(path: path))
    }

    /// SOI, APP0 (JFIF), a frame header, a scan header, EOI.
    static func jpeg(sof: UInt8 = 0xC0, width: Int, height: Int, components: Int = 3) -> [UInt8] {
        var bytes: [UInt8] = [0xFF, 0xD8]
        bytes += [0xFF, 0xE0, 0x00, 0x10] + Array("JFIF".utf8) + [0, 1, 1, 0, 0, 1, 0, 1, 0, 0]
        bytes += [0xFF, 0xFF]  // fill byte before the next marker
        let length = 8 + 3 * components
        bytes += [0xFF, sof, 0, UInt8(length), 8, UInt8(height >> 8), UInt8(height & 0xFF)]
        bytes += [UInt8(width >> 8), UInt8(width & 0xFF), UInt8(components)]
        for id in 1...components { bytes += [UInt8(id), 0x11, 0] }
        bytes += [0xFF, 0xDA, 0, 8, 1, 1, 0, 0, 63, 0, 0x12, 0x34, 0xFF, 0xD9]
        return bytes
    }

    @Test func readsJPEGSizeFromTheFrameHeader() throws {
        let info = try ImageInspector().inspect(data: Self.jpeg(width: 1080, height: 1920))
        #expect(info.format == .jpeg)
        #expect(info.width == 1080 && info.height == 1920)
        #expect(info.bitDepth == 8)
        #expect(info.colorType == .yCbCr)
        #expect(!info.interlaced)
    }

    @Test func readsProgressiveGreyJPEG() throws {
        let info = try ImageInspector().inspect(data: Self.jpeg(sof: 0xC2, width: 640, height: 480, components: 1))
        #expect(info.interlaced)
        #expect(info.colorType == .gray)
        #expect(info.width == 640 && info.height == 480)
    }

    @Test func refusesJPEGWithoutFrameHeader() {
        let bytes: [UInt8] = [0xFF, 0xD8, 0xFF, 0xDA, 0, 8, 1, 1, 0, 0, 63, 0, 0xFF, 0xD9]
        let error = #expect(throws: ImageError.self) { try ImageInspector().inspect(data: bytes) }
        #expect(error?.code == .missingImageData)
    }

    @Test func refusesTruncatedJPEG() {
        let bytes = Array(Self.jpeg(width: 10, height: 10).prefix(12))
        let error = #expect(throws: ImageError.self) { try ImageInspector().inspect(data: bytes) }
        #expect(error?.code == .truncated)
    }

    @Test func refusesZeroSizeJPEG() {
        let error = #expect(throws: ImageError.self) {
            try ImageInspector().inspect(data: Self.jpeg(width: 0, height: 10))
        }
        #expect(error?.code == .emptyImage)
    }

    @Test func thePNGDecoderPointsAJPEGElsewhereAndAHeaderOnlyJPEGIsDamaged() {
        let error = #expect(throws: ImageError.self) { try PNGDecoder().decode(data: Self.jpeg(width: 8, height: 8)) }
        #expect(error?.code == .decodingUnsupported)
        #expect(error?.message.contains("JPEG") == true)
        // The fitter takes JPEGs, decoding them with libjpeg-turbo: a header with no tables is damaged.
        let fitted = #expect(throws: ImageError.self) { try CanvasFitter().fit(data: Self.jpeg(width: 8, height: 8)) }
        #expect(fitted?.code == .corruptData, "\(fitted?.message ?? "")")
        #expect(fitted?.message.contains("is a damaged JPEG") == true)
    }

    @Test func checksumsCanBeSkipped() throws {
        var bytes = HostileFileTests.valid
        let idat = try #require(findChunk("IDAT", in: bytes))
        bytes[idat + 8 + 10] ^= 0xFF
        #expect(try ImageInspector(verifyChecksums: false).inspect(data: bytes).width == 4)
    }
}
