/// Base64 (RFC 4648) for MIME bodies: 76 characters a line, each line ending CRLF (RFC 2045).
enum Base64Lines {
    static let lineLength = 76
    private static let alphabet = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/".utf8)

    /// The bytes in base64 on one line, without a line break (for encoded-words).
    static func encode(_ bytes: [UInt8]) -> String {
        var output: [UInt8] = []
        append(bytes[...], to: &output)
        return String(decoding: output, as: UTF8.self)
    }

    /// The bytes in base64 in lines of 76 characters, each ending CRLF.
    static func lines(_ bytes: [UInt8]) -> [UInt8] {
        var output: [UInt8] = []
        bytes.withUnsafeBytes { appendLines($0, to: &output) }
        return output
    }

    /// The length of ``lines(_:)`` for `count` bytes, without encoding them.
    static func linesLength(forByteCount count: Int) -> Int {
        let perLine = lineLength / 4 * 3
        return (count + 2) / 3 * 4 + (count + perLine - 1) / perLine * 2
    }

    /// Appends the bytes in base64 lines of 76 characters, each ending CRLF. Every call but the
    /// last of a body must pass a multiple of 57 bytes, so lines stay whole across calls.
    static func appendLines(_ bytes: UnsafeRawBufferPointer, to output: inout [UInt8]) {
        let perLine = lineLength / 4 * 3
        let start = output.count
        let length = linesLength(forByteCount: bytes.count)
        output.append(contentsOf: repeatElement(0, count: length))
        output.withUnsafeMutableBufferPointer { buffer in
            alphabet.withUnsafeBufferPointer { table in
                var out = start
                var index = 0
                while index < bytes.count {
                    let end = min(index + perLine, bytes.count)
                    while index + 3 <= end {
                        let value =
                            UInt32(bytes[index]) << 16 | UInt32(bytes[index + 1]) << 8 | UInt32(bytes[index + 2])
                        buffer[out] = table[Int(value >> 18 & 63)]
                        buffer[out + 1] = table[Int(value >> 12 & 63)]
                        buffer[out + 2] = table[Int(value >> 6 & 63)]
                        buffer[out + 3] = table[Int(value & 63)]
                        out += 4
                        index += 3
                    }
                    let left = end - index
                    if left > 0 {
                        let value = UInt32(bytes[index]) << 16 | (left == 2 ? UInt32(bytes[index + 1]) << 8 : 0)
                        buffer[out] = table[Int(value >> 18 & 63)]
                        buffer[out + 1] = table[Int(value >> 12 & 63)]
                        buffer[out + 2] = left == 2 ? table[Int(value >> 6 & 63)] : 61
                        buffer[out + 3] = 61
                        out += 4
                        index = end
                    }
                    buffer[out] = 0x0D
                    buffer[out + 1] = 0x0A
                    out += 2
                }
            }
        }
    }

    private static func append(_ bytes: ArraySlice<UInt8>, to output: inout [UInt8]) {
        var index = bytes.startIndex
        while index + 3 <= bytes.endIndex {
            let value = UInt32(bytes[index]) << 16 | UInt32(bytes[index + 1]) << 8 | UInt32(bytes[index + 2])
            output += [
                alphabet[Int(value >> 18 & 63)], alphabet[Int(value >> 12 & 63)], alphabet[Int(value >> 6 & 63)],
                alphabet[Int(value & 63)],
            ]
            index += 3
        }
        let left = bytes.endIndex - index
        if left == 1 {
            let value = UInt32(bytes[index]) << 16
            output += [alphabet[Int(value >> 18 & 63)], alphabet[Int(value >> 12 & 63)], 61, 61]
        } else if left == 2 {
            let value = UInt32(bytes[index]) << 16 | UInt32(bytes[index + 1]) << 8
            output += [
                alphabet[Int(value >> 18 & 63)], alphabet[Int(value >> 12 & 63)], alphabet[Int(value >> 6 & 63)], 61,
            ]
        }
    }
}
