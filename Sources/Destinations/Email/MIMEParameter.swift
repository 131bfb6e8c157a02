/// A MIME header parameter (`filename`, `name`): a quoted string when it is short printable
/// ASCII with no `=?` in it, else RFC 2231's `name*=utf-8''%XX...`, split into `name*0*=`,
/// `name*1*=`... continuations of at most 60 characters.
///
/// A continuation never ends inside a UTF-8 sequence: each section holds whole characters
/// (grapheme clusters), and a cluster longer than a section (a long run of combining marks) is
/// split between its scalars, never inside one. A value with `=?` is always percent-encoded, so
/// no mail client reads an RFC 2047 encoded-word out of a file name (RFC 2047 section 5 forbids
/// them in parameters, yet Python's `email` and others decode them inside quoted strings).
enum MIMEParameter {
    static let chunkLength = 60

    /// The parameter as one or more `attribute=value` pieces, each for a line of its own.
    static func pieces(_ attribute: String, _ value: String) -> [String] {
        let plain =
            value.unicodeScalars.allSatisfy { $0.value >= 0x20 && $0.value < 0x7F && $0 != "\"" && $0 != "\\" }
            && !value.contains("=?")
        if plain && value.utf8.count <= chunkLength { return ["\(attribute)=\"\(value)\""] }
        var chunks: [String] = []
        var chunk = ""
        func add(_ piece: String) {
            if !chunk.isEmpty && chunk.utf8.count + piece.utf8.count > chunkLength {
                chunks.append(chunk)
                chunk = ""
            }
            chunk += piece
        }
        for character in value {
            let encoded = percentEncoded(character.utf8)
            if encoded.utf8.count <= chunkLength {
                add(encoded)
                continue
            }
            // A cluster longer than a section: split between its scalars (at most 12 characters each).
            for scalar in character.unicodeScalars { add(percentEncoded(String(scalar).utf8)) }
        }
        chunks.append(chunk)
        if chunks.count == 1 { return ["\(attribute)*=utf-8''\(chunks[0])"] }
        return chunks.enumerated().map { index, text in
            index == 0 ? "\(attribute)*0*=utf-8''\(text)" : "\(attribute)*\(index)*=\(text)"
        }
    }

    /// The bytes with every one that is not an attribute-char as `%XX`.
    private static func percentEncoded(_ bytes: some Sequence<UInt8>) -> String {
        var text = ""
        for byte in bytes {
            text += isAttributeChar(byte) ? String(UnicodeScalar(byte)) : percent(byte)
        }
        return text
    }

    /// RFC 2231 attribute-char: letters, digits and `!#$&+-.^_`|~`.
    private static func isAttributeChar(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
            UInt8(ascii: "0")...UInt8(ascii: "9"):
            return true
        default:
            return Array("!#$&+-.^_`|~".utf8).contains(byte)
        }
    }

    private static func percent(_ byte: UInt8) -> String {
        let hex = Array("0123456789ABCDEF")
        return "%" + String(hex[Int(byte >> 4)]) + String(hex[Int(byte & 0x0F)])
    }

    /// `Name: value;` then each parameter piece on a folded line of its own.
    static func header(_ name: String, _ value: String, _ parameters: [(String, String)]) -> String {
        let all = parameters.flatMap { Self.pieces($0.0, $0.1) }
        guard !all.isEmpty else { return "\(name): \(value)\r\n" }
        return "\(name): \(value);\r\n " + all.joined(separator: ";\r\n ") + "\r\n"
    }
}
