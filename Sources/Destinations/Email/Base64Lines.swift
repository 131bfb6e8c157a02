import CCurl

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
        bytes.withUnsafeBytes { lines($0) }
    }

    /// The length of ``lines(_:)`` for `count` bytes, without encoding them.
    static func linesLength(forByteCount count: Int) -> Int { csmtp_base64_lines_length(count) }

    /// The bytes in base64 lines of 76 characters, each ending CRLF. Every call but the last of
    /// a body must pass a multiple of 57 bytes, so lines stay whole across calls.
    static func lines(_ bytes: UnsafeRawBufferPointer) -> [UInt8] {
        let length = linesLength(forByteCount: bytes.count)
        return [UInt8](unsafeUninitializedCapacity: length) { buffer, initialized in
            if let input = bytes.baseAddress?.assumingMemoryBound(to: UInt8.self) {
                csmtp_base64_lines(input, bytes.count, buffer.baseAddress!)
            }
            initialized = length
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
