import Foundation

/// Valid PNG files of any size, made in memory: 8-bit RGB, pseudo-random pixels (so they don't
/// compress), zlib "stored" blocks. Deterministic for a given seed.
enum PNGFixture {
    static func make(width: Int, height: Int, seed: UInt64 = 1) -> Data {
        var state = seed &* 0x9E37_79B9_7F4A_7C15 | 1
        let rowBytes = width * 3 + 1
        let raw = [UInt8](unsafeUninitializedCapacity: rowBytes * height) { buffer, count in
            // Eight pseudo-random bytes per step; each row starts with filter 0 (none).
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
        var png: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]
        var header = bigEndian(UInt32(width)) + bigEndian(UInt32(height))
        header += [8, 2, 0, 0, 0]
        png += chunk("IHDR", header)
        png += chunk("IDAT", zlibStored(raw))
        png += chunk("IEND", [])
        return Data(png)
    }

    private static func zlibStored(_ data: [UInt8]) -> [UInt8] {
        var out: [UInt8] = [0x78, 0x01]
        var offset = 0
        repeat {
            let count = min(65535, data.count - offset)
            let final: UInt8 = offset + count == data.count ? 1 : 0
            out.append(final)
            out += [UInt8(count & 0xFF), UInt8(count >> 8), UInt8(~count & 0xFF), UInt8((~count >> 8) & 0xFF)]
            out += data[offset..<(offset + count)]
            offset += count
        } while offset < data.count
        var a: UInt32 = 1
        var b: UInt32 = 0
        data.withUnsafeBufferPointer { buffer in
            // Reduce modulo 65521 only every 4096 bytes: the sums can't overflow in between.
            var index = 0
            while index < buffer.count {
                let end = min(index + 4096, buffer.count)
                for byte in buffer[index..<end] {
                    a &+= UInt32(byte)
                    b &+= a
                }
                a %= 65521
                b %= 65521
                index = end
            }
        }
        return out + bigEndian(b << 16 | a)
    }

    private static func chunk(_ type: String, _ body: [UInt8]) -> [UInt8] {
        let typed = Array(type.utf8) + body
        return bigEndian(UInt32(body.count)) + typed + bigEndian(crc32(typed))
    }

    private static let crcTable: [UInt32] = (0..<256).map { n in
        var c = UInt32(n)
        for _ in 0..<8 { c = c & 1 == 1 ? (c >> 1) ^ 0xEDB8_8320 : c >> 1 }
        return c
    }

    private static func crc32(_ bytes: [UInt8]) -> UInt32 {
        let table = crcTable
        var crc: UInt32 = 0xFFFF_FFFF
        bytes.withUnsafeBufferPointer { buffer in
            for byte in buffer { crc = table[Int((crc ^ UInt32(byte)) & 0xFF)] ^ (crc >> 8) }
        }
        return ~crc
    }

    private static func bigEndian(_ value: UInt32) -> [UInt8] {
        [UInt8(value >> 24), UInt8((value >> 16) & 0xFF), UInt8((value >> 8) & 0xFF), UInt8(value & 0xFF)]
    }
}
