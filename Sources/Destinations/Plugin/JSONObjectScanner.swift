/// Finds the one JSON object a plugin printed, and tells whether anything but whitespace
/// surrounds it, without decoding it.
enum JSONObjectScanner {
    enum Result: Equatable {
        /// Nothing but whitespace.
        case empty
        /// The first value is not an object (or never ends).
        case notAnObject
        /// An object followed by more than whitespace: a second object, or text.
        case trailing
        /// Exactly one object, these bytes.
        case object(ArraySlice<UInt8>)
    }

    static func single(in bytes: [UInt8]) -> Result {
        func isSpace(_ byte: UInt8) -> Bool { byte == 0x20 || byte == 0x0A || byte == 0x0D || byte == 0x09 }
        guard let start = bytes.firstIndex(where: { !isSpace($0) }) else { return .empty }
        guard bytes[start] == UInt8(ascii: "{") else { return .notAnObject }
        var depth = 0
        var inString = false
        var escaped = false
        var index = start
        while index < bytes.count {
            let byte = bytes[index]
            if inString {
                if escaped {
                    escaped = false
                } else if byte == UInt8(ascii: "\\") {
                    escaped = true
                } else if byte == UInt8(ascii: "\"") {
                    inString = false
                }
            } else {
                switch byte {
                case UInt8(ascii: "\""): inString = true
                case UInt8(ascii: "{"), UInt8(ascii: "["): depth += 1
                case UInt8(ascii: "}"), UInt8(ascii: "]"):
                    depth -= 1
                    if depth == 0 {
                        let end = index + 1
                        return bytes[end...].allSatisfy(isSpace) ? .object(bytes[start..<end]) : .trailing
                    }
                default: break
                }
            }
            index += 1
        }
        return .notAnObject
    }
}
