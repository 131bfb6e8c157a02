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
        let perLine = lineLength / 4 * 3
        output.reserveCapacity((bytes.count + 2) / 3 * 4 + (bytes.count / perLine + 1) * 2)
        var start = 0
        while start < bytes.count {
            let end = min(start + perLine, bytes.count)
            append(bytes[start..<end], to: &output)
            output += [0x0D, 0x0A]
            start = end
        }
        return output
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
