/// The PDS (personal data server) a Bluesky account posts through, and the XRPC endpoints on it.
///
/// `https://HOST[:PORT]` only; plain `http` is accepted for a loopback test server alone
/// (`http://127.0.0.1:PORT`, `http://localhost:PORT`, `http://[::1]:PORT`). No user, path,
/// query or fragment: the endpoints are `/xrpc/NSID` on the server itself.
package struct BlueskyServer: Sendable, Hashable, CustomStringConvertible {
    /// The config key that names the PDS (not registered yet: posting needs HTTP and tokens).
    package static let settingKey = "bluesky.pds"
    /// The variable that names the PDS.
    package static let variable = "SHAREVIA_BLUESKY_PDS"
    /// Bluesky's own PDS entry point, the default.
    package static let standard = BlueskyServer(scheme: "https", host: "bsky.social", port: nil)

    /// `https`, or `http` for loopback.
    package let scheme: String
    /// The host name, IPv4 address or bracketed IPv6 address, lowercase.
    package let host: String
    /// The port, when not the scheme's default.
    package let port: Int?

    private init(scheme: String, host: String, port: Int?) {
        self.scheme = scheme
        self.host = host
        self.port = port
    }

    /// Reads a PDS address such as `https://bsky.social` or `http://127.0.0.1:2583`.
    ///
    /// - Throws: ``BlueskyRecordError`` (`invalid-value`, field `bluesky.pds`) saying what is
    ///   wrong: plain `http` to a host that is not loopback, a user, path, query or fragment, a
    ///   bad host or port.
    package init(_ text: String) throws(BlueskyRecordError) {
        func refuse(_ message: String) -> BlueskyRecordError {
            BlueskyRecordError(.invalidValue, field: Self.settingKey, "\"\(text.prefix(200))\" \(message)")
        }
        guard text.utf8.count <= 2048, let separator = text.firstRange(of: "://") else {
            throw refuse("is not a URL such as https://bsky.social")
        }
        let scheme = text[..<separator.lowerBound].lowercased()
        guard scheme == "https" || scheme == "http" else { throw refuse("is not an https URL") }
        var authority = Substring(text[separator.upperBound...])
        if authority.hasSuffix("/") { authority = authority.dropLast() }
        guard !authority.contains(where: { "/?#@".contains($0) }) else {
            throw refuse("has a user, path, query or fragment; give the server only, such as https://bsky.social")
        }
        var host = authority
        var port: Int?
        if let colon = authority.lastIndex(of: ":"), !authority[colon...].contains("]") {
            host = authority[..<colon]
            guard let number = Int(authority[authority.index(after: colon)...]), (1...65535).contains(number) else {
                throw refuse("has a port that is not a number from 1 to 65535")
            }
            port = number
        }
        let lowered = host.lowercased()
        guard Self.isHost(lowered) else { throw refuse("has no valid host name") }
        if scheme == "http", !["127.0.0.1", "localhost", "[::1]"].contains(lowered) {
            throw refuse("uses plain http; only https is accepted, or http to 127.0.0.1 or localhost for a test server")
        }
        self.init(scheme: scheme, host: lowered, port: port)
    }

    /// `https://bsky.social`, with the port when there is one.
    package var description: String { "\(scheme)://\(host)" + (port.map { ":\($0)" } ?? "") }

    /// The URL of an XRPC method: `https://bsky.social/xrpc/com.atproto.repo.createRecord`.
    package func endpoint(_ method: String) -> String { "\(description)/xrpc/\(method)" }

    /// A DNS name, an IPv4 address, or `[::1]`-style bracketed IPv6.
    private static func isHost(_ host: String) -> Bool {
        if host.hasPrefix("[") {
            return host.hasSuffix("]") && host.count > 2
                && host.dropFirst().dropLast().allSatisfy { $0.isHexDigit || $0 == ":" || $0 == "." }
        }
        let labels = host.split(separator: ".", omittingEmptySubsequences: false)
        return !host.isEmpty && host.utf8.count <= 253
            && labels.allSatisfy { label in
                (1...63).contains(label.utf8.count) && label.first != "-" && label.last != "-"
                    && label.utf8.allSatisfy { ATProtoSyntax.isAlphanumeric($0) || $0 == 0x2D }
            }
    }
}
