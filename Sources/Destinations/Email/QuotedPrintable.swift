/// RFC 2045 quoted-printable for a UTF-8 text body.
///
/// Every line break of the text (LF, CRLF or a lone CR) becomes CRLF. Lines are at most 76
/// characters, with soft line breaks (`=` at the end) in between; `=`, controls and every
/// non-ASCII byte are written `=XX`, and so is a space or tab before a line break. A `.` that
/// starts a line and the `F` of a line starting `From ` are encoded too, so no server or mailbox
/// along the way is tempted to change them.
enum QuotedPrintable {
    static let lineLimit = 76

    /// The encoded body, ending with CRLF (one, when the text itself ends with a line break).
    static func encode(_ text: String) -> [UInt8] {
        var output: [UInt8] = []
        output.reserveCapacity(text.utf8.count + text.utf8.count / 8 + 8)
        var all = lines(of: text)
        // A text that ends with a line break ends with that CRLF, not with an empty line after it.
        if all.count > 1 && all.last?.isEmpty == true { all.removeLast() }
        for line in all { encodeLine(line, into: &output) }
        return output
    }

    /// The text's lines, split at LF, CRLF and lone CR.
    static func lines(of text: String) -> [ArraySlice<UInt8>] {
        let bytes = Array(text.utf8)
        var lines: [ArraySlice<UInt8>] = []
        var start = 0
        var index = 0
        while index < bytes.count {
            let byte = bytes[index]
            if byte == 0x0A || byte == 0x0D {
                lines.append(bytes[start..<index])
                if byte == 0x0D && index + 1 < bytes.count && bytes[index + 1] == 0x0A { index += 1 }
                start = index + 1
            }
            index += 1
        }
        lines.append(bytes[start..<bytes.count])
        return lines
    }

    private static let hex = Array("0123456789ABCDEF".utf8)

    private static func encodeLine(_ line: ArraySlice<UInt8>, into output: inout [UInt8]) {
        var length = 0
        let startsWithFrom = line.starts(with: Array("From ".utf8))
        var position = 0
        for (offset, byte) in zip(line.indices, line) {
            let isLast = offset == line.index(before: line.endIndex)
            let literal: Bool
            switch byte {
            case 0x20, 0x09: literal = !isLast
            case UInt8(ascii: "="): literal = false
            case UInt8(ascii: "."): literal = position != 0
            case UInt8(ascii: "F"): literal = !(position == 0 && startsWithFrom)
            case 0x21...0x7E: literal = true
            default: literal = false
            }
            let width = literal ? 1 : 3
            // Room for this character and, unless it ends the line, a soft break after it.
            if length + width > lineLimit - (isLast ? 0 : 1) {
                output += [UInt8(ascii: "="), 0x0D, 0x0A]
                length = 0
            }
            if literal {
                output.append(byte)
            } else {
                output += [UInt8(ascii: "="), hex[Int(byte >> 4)], hex[Int(byte & 0x0F)]]
            }
            length += width
            position += 1
        }
        output += [0x0D, 0x0A]
    }
}
