/// What a browser sent to the loopback redirect listener, read from the request's head: the
/// authorization code and state of `GET /callback?code=…&state=…`, Mastodon's refusal
/// (`?error=access_denied&error_description=…`), or something else (a favicon, a stray request).
package enum MastodonOAuthCallback: Sendable, Hashable {
    /// The code and the state, percent-decoded.
    case code(String, state: String)
    /// The authorization was refused: `error` and `error_description`, percent-decoded.
    case refused(error: String, description: String?, state: String?)
    /// Not `GET /callback` with a code or an error: answered 404, and the listener waits on.
    case other

    /// The longest request head read: 8 KiB.
    package static let maximumHeadBytes = 8192
    /// The longest code, state or error read: 1024 bytes.
    package static let maximumValueBytes = 1024

    /// Reads the request line of `head` (the bytes up to the first line end). A request line
    /// that is not `GET /callback?…`, or a query without a usable code or error, is ``other``;
    /// a value over ``maximumValueBytes`` or with control characters is too.
    package static func read(_ head: [UInt8]) -> MastodonOAuthCallback {
        let line = head.prefix(maximumHeadBytes).prefix { $0 != 0x0D && $0 != 0x0A }
        let parts = line.split(separator: 0x20, omittingEmptySubsequences: false)
        guard parts.count == 3, Array(parts[0]) == Array("GET".utf8), parts[2].starts(with: Array("HTTP/1.".utf8))
        else { return .other }
        let target = Array(parts[1])
        let path = target.prefix { $0 != UInt8(ascii: "?") }
        guard Array(path) == Array("/callback".utf8), path.count < target.count else { return .other }
        var fields: [String: String] = [:]
        for pair in target[(path.count + 1)...].split(separator: UInt8(ascii: "&")) {
            let equals = pair.firstIndex(of: UInt8(ascii: "=")) ?? pair.endIndex
            guard let name = decoded(pair[pair.startIndex..<equals]),
                let value = decoded(equals < pair.endIndex ? pair[(equals + 1)...] : [][...])
            else { return .other }
            // A field given twice is ambiguous: not a redirect sharevia asked for.
            guard fields[name] == nil else { return .other }
            fields[name] = value
        }
        if let error = fields["error"], !error.isEmpty {
            return .refused(error: error, description: fields["error_description"], state: fields["state"])
        }
        guard let code = fields["code"], !code.isEmpty, let state = fields["state"] else { return .other }
        return .code(code, state: state)
    }

    /// `bytes` percent-decoded (`+` is a space), or nil when an escape is malformed, the result
    /// is not UTF-8, over ``maximumValueBytes``, or holds a control character.
    static func decoded(_ bytes: ArraySlice<UInt8>) -> String? {
        var result: [UInt8] = []
        var index = bytes.startIndex
        while index < bytes.endIndex {
            let byte = bytes[index]
            if byte == UInt8(ascii: "%") {
                guard index + 2 < bytes.endIndex,
                    let high = hexValue(bytes[index + 1]), let low = hexValue(bytes[index + 2])
                else { return nil }
                result.append(high << 4 | low)
                index += 3
            } else {
                result.append(byte == UInt8(ascii: "+") ? 0x20 : byte)
                index += 1
            }
            guard result.count <= maximumValueBytes else { return nil }
        }
        guard let text = String(validating: result, as: UTF8.self),
            text.unicodeScalars.allSatisfy({ $0.value >= 0x20 && $0.value != 0x7F })
        else { return nil }
        return text
    }

    private static func hexValue(_ byte: UInt8) -> UInt8? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): byte - UInt8(ascii: "0")
        case UInt8(ascii: "a")...UInt8(ascii: "f"): byte - UInt8(ascii: "a") + 10
        case UInt8(ascii: "A")...UInt8(ascii: "F"): byte - UInt8(ascii: "A") + 10
        default: nil
        }
    }
}
