import MediaTypes

/// The structure of a PNG file as its chunks declare it, checked without inflating any data.
struct PNGStructure: Sendable, Hashable {
    var width: Int
    var height: Int
    var bitDepth: Int
    var colorType: ColorType
    var interlaced: Bool
    var hasTransparency: Bool
    /// The sum of the IDAT chunks' lengths.
    var imageDataBytes: Int
    var fileSize: Int

    /// The eight bytes every PNG starts with (from the one table of signatures).
    static let signature: [UInt8] = MediaType.pngSignature

    /// Bits one pixel takes in the file.
    var bitsPerPixel: Int {
        let channels =
            switch colorType {
            case .gray, .palette: 1
            case .grayAlpha: 2
            case .rgb: 3
            case .rgba: 4
            case .yCbCr, .cmyk: preconditionFailure("the scanner never gives a PNG the colour type \(colorType)")
            }
        return channels * bitDepth
    }

    /// The least number of bytes the inflated image data can hold: every pixel's bits, ignoring
    /// filter bytes (so it holds for interlaced images too).
    var minimumRawBytes: Double { Double(width) * Double(height) * Double(bitsPerPixel) / 8 }

    /// The most bytes deflate can expand `imageDataBytes` to: 1032 to 1, plus a margin.
    var maximumRawBytes: Double { Double(imageDataBytes) * 1032 + 1024 }

    var info: ImageInfo {
        ImageInfo(
            format: .png,
            width: width,
            height: height,
            bitDepth: bitDepth,
            colorType: colorType,
            interlaced: interlaced,
            hasTransparency: hasTransparency,
            fileSize: fileSize
        )
    }

    /// A byte count for a message: exact while it fits in an `Int`, rounded beyond (a declared
    /// 2147483647x2147483647 16-bit RGBA image needs about 3.7e19 bytes, past `Int.max`).
    static func byteCount(_ bytes: Double) -> String {
        bytes < Double(Int.max) ? String(Int(bytes)) : "\(bytes)"
    }

    /// Throws ``ImageError/Code/insufficientData`` when the declared size cannot fit in the
    /// compressed data the file holds, before anything proportional to that size is allocated.
    func checkDataSuffices(path: String?) throws {
        if minimumRawBytes > maximumRawBytes {
            throw ImageError(
                .insufficientData,
                "\(ImageError.subject(path)) declares \(width)x\(height) pixels but holds only \(imageDataBytes) "
                    + "bytes of image data, which cannot inflate to the \(Self.byteCount(minimumRawBytes)) bytes needed; "
                    + "the file is damaged or hostile.",
                path: path
            )
        }
    }
}

/// Reads and checks a PNG's signature, IHDR and chunk list.
enum PNGScanner {
    /// Whether the first bytes look like a PNG, even a damaged one (most signature bytes right,
    /// or an IHDR where the first chunk belongs).
    static func looksLikePNG(_ head: [UInt8]) -> Bool {
        let matches = zip(head, PNGStructure.signature).filter { $0 == $1 }.count
        let ihdr = head.count >= 16 && Array(head[12..<16]) == Array("IHDR".utf8)
        return matches >= 5 || ihdr
    }

    /// Scans the file: signature, IHDR (with its CRC), then every chunk header through IEND.
    /// - Parameter verifyChecksums: Also check the CRC of every chunk after IHDR (reads the
    ///   whole file).
    /// - Throws: ``ImageError`` naming the first problem.
    static func scan(_ source: some ByteSource, verifyChecksums: Bool) throws -> PNGStructure {
        let path = source.path
        let subject = ImageError.subject(path)
        let head = try source.read(at: 0, count: 33)
        try checkSignature(head, subject: subject, path: path)
        guard head.count >= 33 else {
            throw ImageError(
                .truncated,
                "\(subject) ends inside its IHDR header (\(source.size) bytes); the file is incomplete.",
                path: path
            )
        }
        let ihdrLength = readUInt32(head, 8)
        guard ihdrLength == 13, Array(head[12..<16]) == Array("IHDR".utf8) else {
            throw ImageError(
                .invalidHeader,
                "\(subject) does not start with a 13-byte IHDR chunk; the file is damaged.",
                path: path
            )
        }
        let storedCRC = readUInt32(head, 29)
        let actualCRC = try source.crc32(at: 12, count: 17, initial: 0)
        guard storedCRC == actualCRC else {
            throw ImageError(
                .badChecksum,
                "\(subject) has a damaged IHDR chunk: its CRC is \(hex(storedCRC)) but its contents give "
                    + "\(hex(actualCRC)); the file is corrupt, get an intact copy.",
                path: path
            )
        }
        var structure = try parseHeader(head, subject: subject, path: path, fileSize: source.size)
        try walkChunks(source, from: 33, into: &structure, verifyChecksums: verifyChecksums)
        return structure
    }

    private static func checkSignature(_ head: [UInt8], subject: String, path: String?) throws {
        let expected = PNGStructure.signature
        if head.count < 8 {
            if Array(expected.prefix(head.count)) == head {
                throw ImageError(
                    .truncated,
                    "\(subject) ends inside the PNG signature; the file is incomplete.",
                    path: path
                )
            }
            throw ImageError(.badSignature, "\(subject) has a damaged PNG signature.", path: path)
        }
        guard Array(head[0..<8]) != expected else { return }
        let lineEndings: Set<UInt8> = [0x0D, 0x0A]
        let onlyLineEndingsDiffer =
            Array(head[0..<4]) == Array(expected[0..<4]) && head[6] == 0x1A
            && (4..<8).allSatisfy { head[$0] == expected[$0] || lineEndings.contains(head[$0]) }
        if onlyLineEndingsDiffer {
            throw ImageError(
                .badSignature,
                "\(subject) has a PNG signature whose CR/LF bytes were changed (\(hexBytes(head[4..<8])) instead "
                    + "of 0d 0a 1a 0a): it went through a text-mode transfer; copy it again in binary mode.",
                path: path
            )
        }
        let index = (0..<8).first { head[$0] != expected[$0] } ?? 0
        throw ImageError(
            .badSignature,
            "\(subject) has a damaged PNG signature: byte \(index) is \(hexBytes(head[index...index])) instead of "
                + "\(hexBytes(expected[index...index])); the file is corrupt, get an intact copy.",
            path: path
        )
    }

    private static func parseHeader(
        _ head: [UInt8],
        subject: String,
        path: String?,
        fileSize: Int
    ) throws
        -> PNGStructure
    {
        let width = Int(readUInt32(head, 16))
        let height = Int(readUInt32(head, 20))
        let bitDepth = Int(head[24])
        let colorNumber = Int(head[25])
        guard width > 0, height > 0 else {
            throw ImageError(
                .emptyImage,
                "\(subject) declares a \(width)x\(height) image; a PNG needs at least one pixel.",
                path: path
            )
        }
        guard width <= Int(Int32.max), height <= Int(Int32.max) else {
            throw ImageError(
                .invalidHeader,
                "\(subject) declares \(width)x\(height), beyond PNG's limit of 2^31-1.",
                path: path
            )
        }
        guard let colorType = ColorType(pngColorType: colorNumber) else {
            throw ImageError(
                .invalidHeader,
                "\(subject) declares colour type \(colorNumber), which PNG does not define (0, 2, 3, 4 or 6); "
                    + "the file is corrupt.",
                path: path
            )
        }
        let allowed: [Int] =
            switch colorType {
            case .gray: [1, 2, 4, 8, 16]
            case .palette: [1, 2, 4, 8]
            default: [8, 16]
            }
        guard allowed.contains(bitDepth) else {
            throw ImageError(
                .invalidHeader,
                "\(subject) declares bit depth \(bitDepth) for colour type \(colorNumber) (\(colorType)), "
                    + "which allows only \(allowed.map(String.init).joined(separator: ", ")); the file is corrupt.",
                path: path
            )
        }
        guard head[26] == 0, head[27] == 0, head[28] <= 1 else {
            throw ImageError(
                .invalidHeader,
                "\(subject) declares compression \(head[26]), filter \(head[27]), interlace \(head[28]); "
                    + "PNG defines only 0, 0 and 0 or 1.",
                path: path
            )
        }
        return PNGStructure(
            width: width,
            height: height,
            bitDepth: bitDepth,
            colorType: colorType,
            interlaced: head[28] == 1,
            hasTransparency: colorType == .grayAlpha || colorType == .rgba,
            imageDataBytes: 0,
            fileSize: fileSize
        )
    }

    private static func walkChunks(
        _ source: some ByteSource,
        from start: Int,
        into structure: inout PNGStructure,
        verifyChecksums: Bool
    ) throws {
        let path = source.path
        let subject = ImageError.subject(path)
        var offset = start
        var paletteEntries: Int?
        var sawTransparency = false
        var sawImageData = false
        while true {
            let header = try source.read(at: offset, count: 8)
            guard header.count == 8 else {
                throw ImageError(
                    .truncated,
                    "\(subject) ends at byte \(source.size) "
                        + (sawImageData ? "without an IEND chunk" : "before any image data (IDAT)")
                        + "; the file is incomplete.",
                    path: path
                )
            }
            let length = Int(readUInt32(header, 0))
            let typeBytes = Array(header[4..<8])
            let type = String(decoding: typeBytes, as: UTF8.self)
            guard length <= Int(Int32.max) else {
                throw ImageError(
                    .corruptData,
                    "\(subject) has a chunk at byte \(offset) with an impossible length \(length).",
                    path: path
                )
            }
            guard typeBytes.allSatisfy({ (0x41...0x5A).contains($0) || (0x61...0x7A).contains($0) }) else {
                throw ImageError(
                    .corruptData,
                    "\(subject) has an invalid chunk type \(hexBytes(typeBytes[...])) at byte \(offset); "
                        + "the file is corrupt.",
                    path: path
                )
            }
            guard offset + 12 + length <= source.size else {
                throw ImageError(
                    .truncated,
                    "\(subject) ends inside its \(type) chunk at byte \(offset) (which declares \(length) bytes, "
                        + "the file has \(source.size)); the file is incomplete.",
                    path: path
                )
            }
            if verifyChecksums {
                let stored = readUInt32(try source.read(at: offset + 8 + length, count: 4), 0)
                let actual = try source.crc32(at: offset + 4, count: 4 + length, initial: 0)
                guard stored == actual else {
                    throw ImageError(
                        .badChecksum,
                        "\(subject) has a damaged \(type) chunk at byte \(offset): its CRC is \(hex(stored)) but "
                            + "its contents give \(hex(actual)); the file is corrupt, get an intact copy.",
                        path: path
                    )
                }
            }
            switch type {
            case "IDAT":
                if structure.colorType == .palette && paletteEntries == nil {
                    throw ImageError(
                        .corruptData,
                        "\(subject) is a palette image without a PLTE chunk before its image data.",
                        path: path
                    )
                }
                sawImageData = true
                structure.imageDataBytes += length
            case "PLTE":
                paletteEntries = length / 3
            case "tRNS":
                try PNGTransparencyRule.check(
                    length: length,
                    at: offset,
                    colorType: structure.colorType,
                    paletteEntries: paletteEntries,
                    seenBefore: sawTransparency,
                    afterImageData: sawImageData,
                    path: path
                )
                sawTransparency = true
                structure.hasTransparency = true
            case "IEND":
                guard sawImageData else {
                    throw ImageError(
                        .missingImageData,
                        "\(subject) has no image data (no IDAT chunk before IEND); the file is corrupt.",
                        path: path
                    )
                }
                return
            default:
                break
            }
            offset += 12 + length
        }
    }

    static func readUInt32(_ bytes: [UInt8], _ at: Int) -> UInt32 {
        guard bytes.count >= at + 4 else { return 0 }
        return UInt32(bytes[at]) << 24 | UInt32(bytes[at + 1]) << 16 | UInt32(bytes[at + 2]) << 8
            | UInt32(bytes[at + 3])
    }
}

func hex(_ value: UInt32) -> String {
    let digits = String(value, radix: 16)
    return "0x" + String(repeating: "0", count: max(0, 8 - digits.count)) + digits
}

func hexBytes(_ bytes: ArraySlice<UInt8>) -> String {
    bytes.map { byte in
        let digits = String(byte, radix: 16)
        return digits.count == 1 ? "0" + digits : digits
    }.joined(separator: " ")
}
