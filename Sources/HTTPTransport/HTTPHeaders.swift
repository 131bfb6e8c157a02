/// Header fields in order, looked up by name without regard to case.
package struct HTTPHeaders: Sendable, Hashable, Sequence, ExpressibleByDictionaryLiteral {
    package private(set) var fields: [(name: String, value: String)]

    package init(_ fields: [(name: String, value: String)] = []) { self.fields = fields }
    package init(dictionaryLiteral elements: (String, String)...) { fields = elements.map { ($0.0, $0.1) } }

    /// The first value of `name`, if any.
    package subscript(_ name: String) -> String? {
        fields.first { $0.name.lowercased() == name.lowercased() }?.value
    }

    /// Every value of `name`, in order.
    package func values(for name: String) -> [String] {
        fields.filter { $0.name.lowercased() == name.lowercased() }.map(\.value)
    }

    /// Adds a field.
    package mutating func append(_ name: String, _ value: String) { fields.append((name, value)) }

    /// Sets `name` to `value`, replacing its fields.
    package mutating func set(_ name: String, _ value: String) {
        fields.removeAll { $0.name.lowercased() == name.lowercased() }
        fields.append((name, value))
    }

    package func makeIterator() -> IndexingIterator<[(name: String, value: String)]> { fields.makeIterator() }

    package static func == (lhs: HTTPHeaders, rhs: HTTPHeaders) -> Bool {
        lhs.fields.elementsEqual(rhs.fields) { $0.name == $1.name && $0.value == $1.value }
    }

    package func hash(into hasher: inout Hasher) {
        for field in fields {
            hasher.combine(field.name)
            hasher.combine(field.value)
        }
    }

    /// The most fields ``init(parsing:)`` keeps.
    package static let maximumFields = 256

    /// The fields of a response's header block as received: a status line (skipped), then
    /// `Name: value` lines ending in CRLF or LF, up to an empty line. A line that starts with a
    /// space or tab continues the previous value (obsolete folding); a line without a colon or with
    /// a name that is not a token is skipped. Values lose surrounding spaces; bytes that are not
    /// UTF-8 become U+FFFD. At most ``maximumFields`` fields are kept (the transfer caps the
    /// block's bytes while reading it).
    package init(parsing block: [UInt8]) {
        var fields: [(name: String, value: String)] = []
        var lines = block.split(separator: 0x0A, omittingEmptySubsequences: false)[...]
        if let first = lines.first, first.starts(with: Array("HTTP/".utf8)) { lines = lines.dropFirst() }
        for rawLine in lines {
            var line = rawLine[...]
            if line.last == 0x0D { line = line.dropLast() }
            if line.isEmpty { break }
            if line.first == 0x20 || line.first == 0x09 {
                guard !fields.isEmpty else { continue }
                let more = String(decoding: line, as: UTF8.self).trimmingSpaces
                fields[fields.count - 1].value += fields[fields.count - 1].value.isEmpty ? more : " " + more
                continue
            }
            guard let colon = line.firstIndex(of: 0x3A) else { continue }
            let name = line[line.startIndex..<colon]
            guard !name.isEmpty, name.allSatisfy(Self.isTokenByte) else { continue }
            guard fields.count < Self.maximumFields else { break }
            let value = String(decoding: line[line.index(after: colon)...], as: UTF8.self).trimmingSpaces
            fields.append((String(decoding: name, as: UTF8.self), value))
        }
        self.fields = fields
    }

    /// True for the bytes of an HTTP token (RFC 9110 tchar).
    static func isTokenByte(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
            UInt8(ascii: "0")...UInt8(ascii: "9"):
            return true
        default:
            return Array("!#$%&'*+-.^_`|~".utf8).contains(byte)
        }
    }
}
