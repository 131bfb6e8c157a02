/// An HTTP(S) URL that sharevia may send a request to: `https://` to any host, or plain `http://`
/// only to a test server on this machine (`http://127.0.0.1:PORT`, `http://[::1]:PORT`,
/// `http://localhost:PORT`). Anything else is refused here, before any connection.
///
/// The parser is strict so that what it checks is what libcurl connects to: no user or password
/// (`@` in the authority), no fragment, no spaces, backslashes or control characters, at most
/// ``maximumLength`` bytes.
package struct HTTPURL: Sendable, Hashable, CustomStringConvertible {
    /// The longest URL accepted, in bytes.
    package static let maximumLength = 8192

    /// `https` or `http`.
    package let scheme: String
    /// The host as written, lowercased; an IPv6 literal keeps its brackets.
    package let host: String
    /// The port, when the URL names one.
    package let port: Int?
    /// The path and query, starting with `/` (just `/` when the URL has none).
    package let pathAndQuery: String

    /// Why a URL was refused.
    package struct Refusal: Error, Sendable, Hashable, CustomStringConvertible {
        package var description: String
    }

    /// Parses and checks `text`.
    ///
    /// - Throws: ``Refusal`` saying what is wrong: not http(s), plain http to a host other than
    ///   this machine, credentials in the URL, a bad port, a character that is not allowed.
    package init(_ text: String) throws(Refusal) {
        guard text.utf8.count <= Self.maximumLength else {
            throw Refusal(description: "the URL is longer than \(Self.maximumLength) bytes")
        }
        if let bad = text.unicodeScalars.first(where: {
            $0.value <= 0x20 || $0.value == 0x7F || $0 == "\\" || $0.value > 0x7E
        }) {
            let shown =
                bad.value <= 0x20 || bad.value == 0x7F
                ? "U+\(String(bad.value, radix: 16, uppercase: true).leftPadded(to: 4))" : "'\(bad)'"
            throw Refusal(description: "the URL contains \(shown); percent-encode it")
        }
        let lower = text.lowercased()
        let rest: Substring
        if lower.hasPrefix("https://") {
            scheme = "https"
            rest = text.dropFirst(8)
        } else if lower.hasPrefix("http://") {
            scheme = "http"
            rest = text.dropFirst(7)
        } else {
            throw Refusal(description: "only https:// URLs are allowed (got \(Self.schemeOf(text)))")
        }
        guard !rest.contains("#") else { throw Refusal(description: "the URL has a fragment (#)") }
        let authorityEnd = rest.firstIndex { $0 == "/" || $0 == "?" } ?? rest.endIndex
        let authority = rest[..<authorityEnd]
        guard !authority.contains("@") else {
            throw Refusal(description: "the URL has a user or password in it (@); credentials go in a header")
        }
        var path = String(rest[authorityEnd...])
        if path.isEmpty || path.first == "?" { path = "/" + path }
        pathAndQuery = path
        var hostPart = authority
        var portText: Substring?
        if authority.first == "[" {
            guard let close = authority.firstIndex(of: "]") else {
                throw Refusal(description: "the URL's IPv6 address has no closing ]")
            }
            hostPart = authority[...close]
            let after = authority[authority.index(after: close)...]
            if !after.isEmpty {
                guard after.first == ":" else { throw Refusal(description: "the URL's host is malformed") }
                portText = after.dropFirst()
            }
            guard hostPart.dropFirst().dropLast().allSatisfy({ $0.isHexDigit || $0 == ":" || $0 == "." }) else {
                throw Refusal(description: "the URL's IPv6 address is malformed")
            }
        } else if let colon = authority.firstIndex(of: ":") {
            hostPart = authority[..<colon]
            portText = authority[authority.index(after: colon)...]
        }
        guard !hostPart.isEmpty,
            hostPart.first == "[" || hostPart.allSatisfy({ $0.isLetter || $0.isNumber || $0 == "-" || $0 == "." })
        else {
            throw Refusal(description: "the URL's host '\(hostPart)' is not a host name or address")
        }
        host = hostPart.lowercased()
        if let portText {
            guard let number = Int(portText), (1...65535).contains(number), portText.allSatisfy(\.isNumber) else {
                throw Refusal(description: "the URL's port '\(portText)' is not a number from 1 to 65535")
            }
            port = number
        } else {
            port = nil
        }
        if scheme == "http" {
            guard Self.loopbackHosts.contains(host), port != nil else {
                throw Refusal(
                    description:
                        "plain http is refused for \(host): use https://, or http://127.0.0.1:PORT, http://[::1]:PORT or http://localhost:PORT for a test server on this machine"
                )
            }
        }
    }

    /// The hosts plain http may reach: this machine.
    static let loopbackHosts: Set<String> = ["127.0.0.1", "[::1]", "localhost"]

    /// `https://host:port`: where the request goes, without the path (which may hold an id).
    package var origin: String { "\(scheme)://\(host)\(port.map { ":\($0)" } ?? "")" }

    /// The whole URL.
    package var description: String { origin + pathAndQuery }

    /// The path without the query, for messages (a query may carry a token).
    package var path: String { String(pathAndQuery.prefix { $0 != "?" }) }

    /// The URL `reference` (an absolute URL or an absolute path, as a `Location` header gives)
    /// points to from this one, or nil when it is neither or is refused.
    package func resolving(_ reference: String) -> HTTPURL? {
        if reference.hasPrefix("/") && !reference.hasPrefix("//") { return try? HTTPURL(origin + reference) }
        return try? HTTPURL(reference)
    }

    private static func schemeOf(_ text: String) -> String {
        guard let colon = text.firstIndex(of: ":"), text[..<colon].allSatisfy(\.isLetter) else { return "no scheme" }
        return "\(text[..<colon]):"
    }
}
