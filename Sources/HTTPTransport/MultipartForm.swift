/// A `multipart/form-data` body (RFC 7578): text fields and files, in order.
///
/// Files go out as their exact bytes (no transfer encoding); names and file names are quoted,
/// with `"`, CR and LF percent-encoded as RFC 7578 section 2 and the WHATWG form encoder do.
package struct MultipartForm: Sendable, Hashable {
    /// One part of the form.
    package enum Part: Sendable, Hashable {
        /// A text field.
        case field(name: String, value: String)
        /// A file: its field name, file name, content type and bytes.
        case file(name: String, fileName: String, contentType: String, bytes: [UInt8])
    }

    package var parts: [Part]

    package init(_ parts: [Part] = []) { self.parts = parts }

    /// Adds a text field.
    package mutating func append(field name: String, _ value: String) {
        parts.append(.field(name: name, value: value))
    }

    /// Adds a file.
    package mutating func append(file name: String, fileName: String, contentType: String, bytes: [UInt8]) {
        parts.append(.file(name: name, fileName: fileName, contentType: contentType, bytes: bytes))
    }

    /// A boundary that occurs in no part: `sharevia-` and 32 random hex digits, drawn again in the
    /// (astronomically unlikely) case that a part contains it.
    package func boundary<G: RandomNumberGenerator>(using generator: inout G) -> String {
        while true {
            let digits = (0..<16).map { _ in UInt8.random(in: 0...255, using: &generator) }
                .map { String($0, radix: 16).leftPadded(to: 2) }.joined()
            let boundary = "sharevia-\(digits)"
            if !contains(Array(boundary.utf8)) { return boundary }
        }
    }

    /// A random boundary that occurs in no part.
    package func boundary() -> String {
        var generator = SystemRandomNumberGenerator()
        return boundary(using: &generator)
    }

    /// The body with `boundary` (which must occur in no part).
    package func encoded(boundary: String) -> [UInt8] {
        var out: [UInt8] = []
        out.reserveCapacity(parts.reduce(256) { $0 + $1.size + 200 })
        for part in parts {
            out += Array("--\(boundary)\r\n".utf8)
            switch part {
            case .field(let name, let value):
                out += Array("Content-Disposition: form-data; name=\"\(Self.quoted(name))\"\r\n\r\n".utf8)
                out += Array(value.utf8)
            case .file(let name, let fileName, let contentType, let bytes):
                out += Array(
                    "Content-Disposition: form-data; name=\"\(Self.quoted(name))\"; filename=\"\(Self.quoted(fileName))\"\r\n"
                        .utf8
                )
                out += Array("Content-Type: \(Self.headerSafe(contentType))\r\n\r\n".utf8)
                out += bytes
            }
            out += Array("\r\n".utf8)
        }
        out += Array("--\(boundary)--\r\n".utf8)
        return out
    }

    /// True when some part's name, value or bytes contain `needle`.
    private func contains(_ needle: [UInt8]) -> Bool {
        parts.contains { part in
            switch part {
            case .field(let name, let value):
                return Array(name.utf8).contains(subsequence: needle) || Array(value.utf8).contains(subsequence: needle)
            case .file(let name, let fileName, _, let bytes):
                return Array(name.utf8).contains(subsequence: needle)
                    || Array(fileName.utf8).contains(subsequence: needle) || bytes.contains(subsequence: needle)
            }
        }
    }

    /// A name inside quotes: `"` as %22, CR as %0D, LF as %0A.
    static func quoted(_ text: String) -> String {
        var out = ""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": out += "%22"
            case "\r": out += "%0D"
            case "\n": out += "%0A"
            default: out.unicodeScalars.append(scalar)
            }
        }
        return out
    }

    /// A header value without control characters.
    static func headerSafe(_ text: String) -> String {
        String(String.UnicodeScalarView(text.unicodeScalars.filter { $0.value >= 0x20 && $0.value != 0x7F }))
    }
}

extension MultipartForm.Part {
    /// The part's content size, to reserve room.
    var size: Int {
        switch self {
        case .field(let name, let value): return name.utf8.count + value.utf8.count
        case .file(let name, let fileName, let type, let bytes):
            return name.utf8.count + fileName.utf8.count + type.utf8.count + bytes.count
        }
    }
}

extension String {
    func leftPadded(to width: Int) -> String { String(repeating: "0", count: max(0, width - count)) + self }
}

extension Array where Element == UInt8 {
    /// True when `needle` occurs in the array.
    func contains(subsequence needle: [UInt8]) -> Bool {
        guard !needle.isEmpty, needle.count <= count else { return needle.isEmpty }
        let first = needle[0]
        var index = 0
        while index <= count - needle.count {
            if self[index] == first, self[index..<index + needle.count].elementsEqual(needle) { return true }
            index += 1
        }
        return false
    }
}
