import Foundation

/// Builds PNG files byte by byte, for valid, crafted and hostile inputs. The CRC and the zlib
/// stream are computed here, in Swift, independently of the code under test.
package enum PNGBytes {
    /// The eight bytes every PNG file starts with.
    package static let signature: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]

    /// A chunk: length, type, data, CRC over type and data.
    package static func chunk(_ type: String, _ data: [UInt8]) -> [UInt8] {
        let typed = Array(type.utf8) + data
        return be32(UInt32(data.count)) + typed + be32(crc32(typed))
    }

    /// IHDR contents (compression and filter method 0).
    package static func ihdr(
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

    /// A whole file: the signature, an IHDR chunk with `ihdr`, one IDAT chunk holding `raw`
    /// (filtered scanlines) in a stored zlib stream, and IEND.
    package static func file(ihdr: [UInt8], raw: [UInt8]) -> [UInt8] {
        signature + chunk("IHDR", ihdr) + chunk("IDAT", storedZlib(raw)) + chunk("IEND", [])
    }

    /// A complete, valid, non-interlaced 8-bit RGB PNG of the given pixels (3 bytes each).
    package static func rgbFile(width: Int, height: Int, rgb: [UInt8]) -> [UInt8] {
        var raw: [UInt8] = []
        raw.reserveCapacity((width * 3 + 1) * height)
        for y in 0..<height {
            raw.append(0)
            raw += rgb[(y * width * 3)..<((y + 1) * width * 3)]
        }
        return file(ihdr: ihdr(width: UInt32(width), height: UInt32(height)), raw: raw)
    }

    /// A valid 8-bit RGB PNG of any size with pseudo-random pixels (so it doesn't compress),
    /// the same for the same seed.
    package static func randomRGBFile(width: Int, height: Int, seed: UInt64 = 1) -> [UInt8] {
        var state = seed &* 0x9E37_79B9_7F4A_7C15 | 1
        let rowBytes = width * 3 + 1
        let raw = [UInt8](unsafeUninitializedCapacity: rowBytes * height) { buffer, count in
            // Eight xorshift bytes per step; each row starts with filter 0 (none).
            var index = 0
            while index < buffer.count {
                state ^= state << 13
                state ^= state >> 7
                state ^= state << 17
                withUnsafeBytes(of: state) { word in
                    for byte in word where index < buffer.count {
                        buffer[index] = index % rowBytes == 0 ? 0 : byte
                        index += 1
                    }
                }
            }
            count = buffer.count
        }
        return file(ihdr: ihdr(width: UInt32(width), height: UInt32(height)), raw: raw)
    }

    /// The width and height an IHDR declares, read from the PNG file at `path`; (0, 0) when the
    /// file is too short to hold one.
    package static func size(ofFileAt path: String) throws -> (width: Int, height: Int) {
        let bytes = [UInt8](try Data(contentsOf: URL(fileURLWithPath: path)))
        guard bytes.count >= 24 else { return (0, 0) }
        func int(_ at: Int) -> Int { bytes[at..<at + 4].reduce(0) { $0 << 8 | Int($1) } }
        return (int(16), int(20))
    }

    /// A zlib stream holding `raw` in stored (uncompressed) blocks.
    package static func storedZlib(_ raw: [UInt8]) -> [UInt8] {
        var out: [UInt8] = [0x78, 0x01]
        out.reserveCapacity(raw.count + raw.count / 65535 * 5 + 11)
        var offset = 0
        repeat {
            let count = min(65535, raw.count - offset)
            let final: UInt8 = offset + count == raw.count ? 1 : 0
            out += [final, UInt8(count & 0xFF), UInt8(count >> 8), UInt8(~count & 0xFF), UInt8((~count >> 8) & 0xFF)]
            out += raw[offset..<offset + count]
            offset += count
        } while offset < raw.count
        return out + be32(adler32(raw))
    }

    /// The Adler-32 checksum zlib ends its stream with.
    package static func adler32(_ bytes: [UInt8]) -> UInt32 {
        var a: UInt32 = 1
        var b: UInt32 = 0
        bytes.withUnsafeBufferPointer { buffer in
            // Reduce modulo 65521 only every 5552 bytes (zlib's NMAX): the sums can't overflow in between.
            var index = 0
            while index < buffer.count {
                let end = min(index + 5552, buffer.count)
                for byte in buffer[index..<end] {
                    a &+= UInt32(byte)
                    b &+= a
                }
                a %= 65521
                b %= 65521
                index = end
            }
        }
        return b << 16 | a
    }

    /// `value` as four big-endian bytes.
    package static func be32(_ value: UInt32) -> [UInt8] {
        [UInt8(value >> 24), UInt8(value >> 16 & 0xFF), UInt8(value >> 8 & 0xFF), UInt8(value & 0xFF)]
    }

    private static let crcTable: [UInt32] = (0..<256).map { n in
        var c = UInt32(n)
        for _ in 0..<8 { c = c & 1 == 1 ? (c >> 1) ^ 0xEDB8_8320 : c >> 1 }
        return c
    }

    /// The CRC-32 a chunk ends with (over its type and data).
    package static func crc32(_ bytes: [UInt8]) -> UInt32 {
        let table = crcTable
        var crc: UInt32 = 0xFFFF_FFFF
        bytes.withUnsafeBufferPointer { buffer in
            for byte in buffer { crc = table[Int((crc ^ UInt32(byte)) & 0xFF)] ^ (crc >> 8) }
        }
        return ~crc
    }
}
