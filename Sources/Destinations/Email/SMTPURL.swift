import ShareCore

/// Where mail is submitted: `smtp://host[:port]` (STARTTLS, by default port 25) or
/// `smtps://host[:port]` (TLS from the first byte, by default port 465).
///
/// No user or password in the URL: they would show in `ps` and shell history; they come from
/// `SHAREVIA_SMTP_USER` and `SHAREVIA_SMTP_PASSWORD`.
public struct SMTPURL: Sendable, Hashable, CustomStringConvertible {
    /// `smtp` or `smtps`.
    public enum Scheme: String, Sendable, Hashable {
        /// Plain SMTP, upgraded with STARTTLS.
        case smtp
        /// SMTP inside TLS from the start (RFC 8314).
        case smtps
    }

    /// The scheme.
    public var scheme: Scheme
    /// The host name (IDNA ASCII, lowercased), IPv4 address or bracketed IPv6 address.
    public var host: String
    /// The port.
    public var port: Int

    /// `smtp://host:port`, what libcurl is given.
    public var description: String { "\(scheme.rawValue)://\(host):\(port)" }

    /// True for `localhost`, `127.0.0.0/8` and `[::1]`: the only hosts that get mail or a
    /// password without TLS by default.
    public var isLoopback: Bool {
        if host == "localhost" || host == "[::1]" { return true }
        let parts = host.split(separator: ".", omittingEmptySubsequences: false)
        return parts.count == 4 && parts[0] == "127"
            && parts.allSatisfy { part in
                !part.isEmpty && part.count <= 3 && part.allSatisfy(\.isASCII) && part.allSatisfy(\.isNumber)
            }
    }

    /// Parses `smtp://host[:port]` or `smtps://host[:port]`, with an optional trailing `/`.
    ///
    /// - Throws: ``MailContentError`` for field `SMTP URL` naming what is wrong.
    public init(parsing text: String) throws(MailContentError) {
        let field = "SMTP URL"
        try MailContentError.checkHeaderSafe(text, field: field)
        func fail(_ message: String) -> MailContentError {
            // A password written into the URL never reaches the message: an SMTP URL has no
            // use for an `@`, so one that holds it is not quoted at all.
            let shown = text.contains("@") ? "the SMTP URL (not shown: it holds an @)" : "'\(text)'"
            return MailContentError(field: field, message: "\(shown) \(message)")
        }
        if text.contains("@") {
            throw fail("has a user in it; set SHAREVIA_SMTP_USER and SHAREVIA_SMTP_PASSWORD instead")
        }
        let lower = text.lowercased()
        let rest: Substring
        if lower.hasPrefix("smtps://") {
            scheme = .smtps
            rest = text.dropFirst(8)
        } else if lower.hasPrefix("smtp://") {
            scheme = .smtp
            rest = text.dropFirst(7)
        } else {
            throw fail("is not smtp://host:port or smtps://host:port")
        }
        var authority = rest
        if authority.hasSuffix("/") { authority = authority.dropLast() }
        if authority.contains("@") {
            throw fail("has a user in it; set SHAREVIA_SMTP_USER and SHAREVIA_SMTP_PASSWORD instead")
        }
        if authority.contains("/") || authority.contains("?") || authority.contains("#") {
            throw fail("has a path or query; give only smtp://host:port")
        }
        var hostPart = authority
        var portText: Substring?
        if authority.hasPrefix("[") {
            guard let close = authority.firstIndex(of: "]") else { throw fail("has an unclosed [") }
            hostPart = authority[...close]
            let after = authority[authority.index(after: close)...]
            if !after.isEmpty {
                guard after.hasPrefix(":") else { throw fail("has text after its IPv6 address") }
                portText = after.dropFirst()
            }
            let inside = hostPart.dropFirst().dropLast()
            guard !inside.isEmpty, inside.allSatisfy({ $0.isHexDigit || $0 == ":" || $0 == "." }) else {
                throw fail("has an IPv6 address that is not one")
            }
            host = String(hostPart).lowercased()
        } else {
            if let colon = authority.lastIndex(of: ":") {
                hostPart = authority[..<colon]
                portText = authority[authority.index(after: colon)...]
            }
            guard !hostPart.isEmpty else { throw fail("has no host") }
            do throws(MailContentError) {
                host = try MailAddress.asciiDomain(String(hostPart))
            } catch {
                throw fail(error.message.replacing("its domain", with: "its host"))
            }
        }
        if let portText {
            guard let port = Int(portText), (1...65535).contains(port), portText.allSatisfy(\.isNumber) else {
                throw fail("has a port that is not a number from 1 to 65535")
            }
            self.port = port
        } else {
            port = scheme == .smtps ? 465 : 25
        }
    }
}
