/// Builds PNG files byte by byte, for crafted and hostile inputs. Its CRC is computed here, in
/// Swift, independently of the code under test.
enum PNGBytes {
    static let signature: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]

    /// A chunk: length, type, data, CRC over type and data.
    static func chunk(_ type: String, _ data: [UInt8]) -> [UInt8] {
        let typeBytes = Array(type.utf8)
        return be32(UInt32(data.count)) + typeBytes + data + be32(crc32(typeBytes + data))
    }

    /// IHDR contents.
    static func ihdr(
        width: UInt32,
        height: UInt32,
        bitDepth: UInt8 = 8,
        colorType: UInt8 = 2,
        interlace: UInt8 = 0
    )
        -> [UInt8]
    {
        be32(width) + be32(height) + [bitDepth, colorType, 0, 0, interlace]
    }

    /// A zlib stream holding `raw` in stored (uncompressed) blocks.
    static func storedZlib(_ raw: [UInt8]) -> [UInt8] {
        var out: [UInt8] = [0x78, 0x01]
        var offset = 0
        repeat {
            let count = min(65535, raw.count - offset)
            let final: UInt8 = offset + count == raw.count ? 1 : 0
            out += [final, UInt8(count & 0xFF), UInt8(count >> 8), UInt8(~count & 0xFF), UInt8((~count >> 8) & 0xFF)]
            out += raw[offset..<offset + count]
            offset += count
        } while offset < raw.count
        var a: UInt32 = 1
        var b: UInt32 = 0
        for byte in raw {
            a = (a + UInt32(byte)) % 65521
            b = (b + a) % 65521
        }
        return out + be32(b << 16 | a)
    }

    /// A complete, valid, non-interlaced 8-bit RGB PNG of the given pixels (3 bytes each).
    static func rgbFile(width: Int, height: Int, rgb: [UInt8]) -> [UInt8] {
        var raw: [UInt8] = []
        for y in 0..<height {
            raw.append(0)
            raw += rgb[(y * width * 3)..<((y + 1) * width * 3)]
        }
        return signature + chunk("IHDR", ihdr(width: UInt32(width), height: UInt32(height)))
            + chunk("IDAT", storedZlib(raw)) + chunk("IEND", [])
    }

    static func be32(_ value: UInt32) -> [UInt8] {
        [UInt8(value >> 24), UInt8(value >> 16 & 0xFF), UInt8(value >> 8 & 0xFF), UInt8(value & 0xFF)]
    }

    static func crc32(_ bytes: [UInt8]) -> UInt32 {
        var crc: UInt32 = 0xFFFF_FFFF
        for byte in bytes {
            crc ^= UInt32(byte)
            for _ in 0..<8 { crc = crc & 1 == 1 ? (crc >> 1) ^ 0xEDB8_8320 : crc >> 1 }
        }
        return ~crc
    }
}
