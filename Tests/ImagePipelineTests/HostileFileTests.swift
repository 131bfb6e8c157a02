import ImagePipeline
import ProcessRunning
import TestSupport
import Testing

/// Crafted damaged and hostile files: each is refused with a specific error, quickly, without
/// allocating what the file merely declares.
struct HostileFileTests {
    /// A valid 4x3 RGB image to damage.
    static let valid = PNGBytes.rgbFile(width: 4, height: 3, rgb: (0..<36).map { UInt8($0 * 7) })

    @Test func validCraftedFileDecodes() throws {
        let image = try PNGDecoder().decode(data: Self.valid)
        #expect(image.width == 4 && image.height == 3)
        #expect(image.pixel(x: 1, y: 0) == RGBAPixel(r: 21, g: 28, b: 35))
    }

    @Test(arguments: [10, 20, 33, 40, 60, 70])
    func truncatedFileIsRefused(keeping bytes: Int) throws {
        let cut = Array(Self.valid.prefix(bytes))
        let error = #expect(throws: ImageError.self) { try PNGDecoder().decode(data: cut) }
        #expect(error?.code == .truncated, "\(error.map(String.init(describing:)) ?? "")")
        let inspected = #expect(throws: ImageError.self) { try ImageInspector().inspect(data: cut) }
        #expect(inspected?.code == .truncated)
    }

    @Test func truncatedPhotoFromAnEncoderIsRefused() throws {
        var image = RGBAImage(width: 64, height: 64, fill: RGBAPixel(r: 1, g: 2, b: 3))
        for x in 0..<64 { image.setPixel(x: x, y: x, to: RGBAPixel(r: UInt8(x * 4), g: 0, b: 255)) }
        let bytes = try PNGEncoder().encode(image)
        let error = #expect(throws: ImageError.self) {
            try PNGDecoder().decode(data: Array(bytes.prefix(bytes.count - 20)))
        }
        #expect(error?.code == .truncated)
    }

    @Test func badCRCInImageDataIsRefused() throws {
        var bytes = Self.valid
        let idat = try #require(findChunk("IDAT", in: bytes))
        bytes[idat + 8 + 10] ^= 0xFF  // a data byte changes, the CRC does not
        let decoded = #expect(throws: ImageError.self) { try PNGDecoder().decode(data: bytes) }
        #expect(decoded?.code == .badChecksum)
        let inspected = #expect(throws: ImageError.self) { try ImageInspector().inspect(data: bytes) }
        #expect(inspected?.code == .badChecksum)
        #expect(inspected?.message.contains("IDAT") == true)
    }

    /// A damaged ancillary chunk (known or unknown, before or after the image data) is refused by
    /// the decoder as by the inspector, not silently dropped.
    @Test(arguments: ["tEXt", "prIv"], [false, true])
    func badCRCInAnAncillaryChunkIsRefused(type: String, afterImageData: Bool) throws {
        var chunk = PNGBytes.chunk(type, Array("Comment\u{0}hello".utf8))
        chunk[chunk.count - 1] ^= 0xFF
        let at = afterImageData ? Self.valid.count - 12 : 33
        let bytes = Array(Self.valid[..<at]) + chunk + Array(Self.valid[at...])
        let decoded = #expect(throws: ImageError.self) { try PNGDecoder().decode(data: bytes) }
        #expect(decoded?.code == .badChecksum, "\(decoded.map(String.init(describing:)) ?? "")")
        let inspected = #expect(throws: ImageError.self) { try ImageInspector().inspect(data: bytes) }
        #expect(inspected?.code == .badChecksum)
        let intact =
            Array(Self.valid[..<at]) + PNGBytes.chunk(type, Array("Comment\u{0}hello".utf8))
            + Array(Self.valid[at...])
        #expect(try PNGDecoder().decode(data: intact) == PNGDecoder().decode(data: Self.valid))
    }

    @Test func badCRCInHeaderIsRefused() throws {
        var bytes = Self.valid
        bytes[30] ^= 0x01
        let error = #expect(throws: ImageError.self) { try PNGDecoder().decode(data: bytes) }
        #expect(error?.code == .badChecksum)
        #expect(error?.message.contains("IHDR") == true)
    }

    @Test(arguments: [(0, 10), (10, 0), (0, 0)])
    func zeroSizeImageIsRefused(width: UInt32, height: UInt32) {
        let bytes =
            PNGBytes.signature + PNGBytes.chunk("IHDR", PNGBytes.ihdr(width: width, height: height))
            + PNGBytes.chunk("IDAT", PNGBytes.storedZlib([0])) + PNGBytes.chunk("IEND", [])
        let error = #expect(throws: ImageError.self) { try PNGDecoder().decode(data: bytes) }
        #expect(error?.code == .emptyImage)
        let inspected = #expect(throws: ImageError.self) { try ImageInspector().inspect(data: bytes) }
        #expect(inspected?.code == .emptyImage)
    }

    /// 100000x100000 RGB declared in a file of about 100 bytes.
    static let huge =
        PNGBytes.signature + PNGBytes.chunk("IHDR", PNGBytes.ihdr(width: 100_000, height: 100_000))
        + PNGBytes.chunk("IDAT", PNGBytes.storedZlib([0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16]))
        + PNGBytes.chunk("IEND", [])

    @Test func hugeDeclaredSizeHitsThePixelLimit() {
        #expect(Self.huge.count <= 100)
        let error = #expect(throws: ImageError.self) { try PNGDecoder().decode(data: Self.huge) }
        #expect(error?.code == .pixelLimitExceeded)
        #expect(error?.message.contains("100000x100000") == true)
    }

    @Test func hugeDeclaredSizeIsRefusedEvenWithoutLimits() {
        let unlimited = DecodeLimits(maxPixels: .max, maxMemoryBytes: .max)
        let error = #expect(throws: ImageError.self) { try PNGDecoder(limits: unlimited).decode(data: Self.huge) }
        #expect(error?.code == .insufficientData)
        let fitted = #expect(throws: ImageError.self) { try CanvasFitter(limits: unlimited).fit(data: Self.huge) }
        #expect(fitted?.code == .insufficientData)
        let inspected = #expect(throws: ImageError.self) { try ImageInspector().inspect(data: Self.huge) }
        #expect(inspected?.code == .insufficientData)
    }

    /// Issue 17's crash: a 16-bit RGBA file declaring 2147483647x2147483647 pixels needs more
    /// bytes than `Int.max`; building the error message trapped converting that count to `Int`.
    static let beyondIntMax =
        PNGBytes.signature
        + PNGBytes.chunk("IHDR", PNGBytes.ihdr(width: 2_147_483_647, height: 2_147_483_647, bitDepth: 16, colorType: 6))
        + PNGBytes.chunk("IDAT", PNGBytes.storedZlib(Array(repeating: 0, count: 64))) + PNGBytes.chunk("IEND", [])

    @Test func declaredSizeBeyondIntMaxIsRefusedWithoutATrap() {
        let inspected = #expect(throws: ImageError.self) { try ImageInspector().inspect(data: Self.beyondIntMax) }
        #expect(inspected?.code == .insufficientData)
        #expect(inspected?.message.contains("2147483647x2147483647") == true)
        #expect(inspected?.message.contains("inflate to the 3.6893488") == true, "\(inspected?.message ?? "")")
        let unlimited = DecodeLimits(maxPixels: .max, maxMemoryBytes: .max)
        let decoded = #expect(throws: ImageError.self) {
            try PNGDecoder(limits: unlimited).decode(data: Self.beyondIntMax)
        }
        #expect(decoded?.code == .insufficientData)
    }

    @Test func corruptDeflateStreamIsRefused() throws {
        // A deflate block type 3 (reserved) inside an IDAT with a correct CRC.
        let bytes =
            PNGBytes.signature + PNGBytes.chunk("IHDR", PNGBytes.ihdr(width: 2, height: 2))
            + PNGBytes.chunk("IDAT", [0x78, 0x01, 0x07, 0x00, 0x00, 0x00]) + PNGBytes.chunk("IEND", [])
        let error = #expect(throws: ImageError.self) { try PNGDecoder().decode(data: bytes) }
        #expect(error?.code == .corruptData, "\(error.map(String.init(describing:)) ?? "")")
    }

    @Test func garbageIsNamedAsUnsupported() {
        let gif = Array("GIF89a".utf8) + [UInt8](repeating: 0, count: 20)
        let error = #expect(throws: ImageError.self) { try ImageInspector().inspect(data: gif) }
        #expect(error?.code == .unsupportedFormat)
        #expect(error?.message.contains("GIF") == true)
        let empty = #expect(throws: ImageError.self) { try PNGDecoder().decode(data: []) }
        #expect(empty?.code == .unsupportedFormat)
    }

    @Test func missingFileIsAReadFailureNamingThePath() {
        let error = #expect(throws: ImageError.self) { try PNGDecoder().decode(path: "/nonexistent/card.png") }
        #expect(error?.code == .readFailed)
        #expect(error?.message.contains("/nonexistent/card.png") == true)
    }
}

/// The offset of the first chunk of `type`, or nil.
func findChunk(_ type: String, in bytes: [UInt8]) -> Int? {
    var offset = 8
    while offset + 8 <= bytes.count {
        let length =
            Int(bytes[offset]) << 24 | Int(bytes[offset + 1]) << 16 | Int(bytes[offset + 2]) << 8
            | Int(bytes[offset + 3])
        if String(decoding: bytes[(offset + 4)..<(offset + 8)], as: UTF8.self) == type { return offset }
        offset += 12 + length
    }
    return nil
}

/// The inspector names a known format it can't read, from the shared signature table.
@Test func anImageInAnotherFormatIsNamed() {
    let gif = Array("GIF89a\u{1}\u{0}\u{1}\u{0}".utf8)
    let error = #expect(throws: ImageError.self) { try ImageInspector().inspect(data: gif) }
    #expect(error?.code == .unsupportedFormat)
    #expect(error?.message.contains("(it looks like GIF)") == true, "\(error?.message ?? "")")
}

/// The `tRNS` rules pngcheck enforces: every broken one is refused by inspection and decoding
/// alike, naming tRNS, instead of reported as transparency and then dropped.
struct TransparencyChunkTests {
    /// A 2x1 8-bit image of colour type `colorType` with `chunks` between IHDR and IDAT and
    /// `trailing` between IDAT and IEND.
    static func image(colorType: UInt8, chunks: [[UInt8]], trailing: [[UInt8]] = []) -> [UInt8] {
        let channels: Int = [0: 1, 2: 3, 3: 1, 4: 2, 6: 4][colorType]!
        let raw: [UInt8] = [0] + [UInt8](repeating: 0, count: 2 * channels)
        return PNGBytes.signature
            + PNGBytes.chunk("IHDR", PNGBytes.ihdr(width: 2, height: 1, colorType: colorType))
            + chunks.joined() + PNGBytes.chunk("IDAT", PNGBytes.storedZlib(raw)) + trailing.joined()
            + PNGBytes.chunk("IEND", [])
    }

    static let palette = PNGBytes.chunk("PLTE", [0, 0, 0, 255, 255, 255])

    static let invalid: [(String, [UInt8])] = [
        ("grayscale tRNS of 4 bytes", image(colorType: 0, chunks: [PNGBytes.chunk("tRNS", [0, 0, 0, 0])])),
        ("RGB tRNS of 2 bytes", image(colorType: 2, chunks: [PNGBytes.chunk("tRNS", [0, 0])])),
        ("tRNS in an RGBA image", image(colorType: 6, chunks: [PNGBytes.chunk("tRNS", [0, 0, 0, 0, 0, 0])])),
        ("tRNS in a gray+alpha image", image(colorType: 4, chunks: [PNGBytes.chunk("tRNS", [0, 0])])),
        (
            "tRNS after IDAT",
            image(colorType: 2, chunks: [], trailing: [PNGBytes.chunk("tRNS", [0, 0, 0, 0, 0, 0])])
        ),
        (
            "two tRNS chunks",
            image(
                colorType: 2,
                chunks: [PNGBytes.chunk("tRNS", [0, 0, 0, 0, 0, 0]), PNGBytes.chunk("tRNS", [0, 0, 0, 0, 0, 0])]
            )
        ),
        (
            "palette tRNS longer than the palette",
            image(colorType: 3, chunks: [palette, PNGBytes.chunk("tRNS", [0, 0, 0])])
        ),
        ("palette tRNS before PLTE", image(colorType: 3, chunks: [PNGBytes.chunk("tRNS", [0]), palette])),
    ]

    /// pngcheck's verdict on `bytes`: the oracle the crafted files are checked against.
    static func pngcheckAccepts(_ bytes: [UInt8]) async throws -> Bool {
        let pngcheck = try #require(
            EncoderTests.onPath("pngcheck"),
            "pngcheck is needed for this test and is not on PATH: apt-get install pngcheck"
        )
        let folder = TemporaryFolder("transparency-tests")
        defer { folder.remove() }
        let path = folder.file("crafted.png")
        try AtomicFileWriter().write(bytes, to: path)
        return try await ProcessRunner().run(pngcheck, arguments: ["-q", path]).exitStatus == 0
    }

    @Test(arguments: invalid.map(\.0))
    func brokenTransparencyIsRefused(_ name: String) async throws {
        let bytes = try #require(Self.invalid.first { $0.0 == name }).1
        #expect(try await !Self.pngcheckAccepts(bytes), "pngcheck accepts the crafted '\(name)'")
        let inspected = #expect(throws: ImageError.self) { try ImageInspector().inspect(data: bytes) }
        #expect(inspected?.code == .corruptData, "\(name): \(inspected.map(String.init(describing:)) ?? "")")
        #expect(inspected?.message.contains("tRNS") == true)
        let decoded = #expect(throws: ImageError.self) { try PNGDecoder().decode(data: bytes) }
        #expect(decoded?.code == .corruptData)
    }

    @Test(arguments: [
        image(colorType: 0, chunks: [PNGBytes.chunk("tRNS", [0, 0])]),
        image(colorType: 2, chunks: [PNGBytes.chunk("tRNS", [0, 0, 0, 0, 0, 0])]),
        image(colorType: 3, chunks: [palette, PNGBytes.chunk("tRNS", [0, 128])]),
        image(colorType: 3, chunks: [palette, PNGBytes.chunk("tRNS", [0])]),
    ])
    func validTransparencyIsKept(_ bytes: [UInt8]) async throws {
        #expect(try await Self.pngcheckAccepts(bytes))
        #expect(try ImageInspector().inspect(data: bytes).hasTransparency)
        let image = try PNGDecoder().decode(data: bytes)
        #expect(image.pixel(x: 0, y: 0).a == 0)
    }
}

/// libpng's default limit of 1,000,000 pixels a side is not a PNG rule: a valid 1,048,576x1 image
/// decodes (4 MiB of RGBA, well inside ``DecodeLimits``).
@Test func aMillionPixelWideLineDecodes() throws {
    let width = 1 << 20
    let bytes = PNGBytes.file(
        ihdr: PNGBytes.ihdr(width: UInt32(width), height: 1, colorType: 0),
        raw: [0] + [UInt8](repeating: 200, count: width)
    )
    #expect(try ImageInspector().inspect(data: bytes).width == width)
    let image = try PNGDecoder().decode(data: bytes)
    #expect(image.width == width && image.height == 1)
    #expect(image.pixel(x: width - 1, y: 0) == RGBAPixel(r: 200, g: 200, b: 200))
    let encoded = try PNGEncoder().encode(image)
    #expect(try PNGDecoder().decode(data: encoded) == image)
}
