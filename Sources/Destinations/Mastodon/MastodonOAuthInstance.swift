import HTTPTransport

/// The Mastodon server a sign-in talks to, from what a person types: `mastodon.social`,
/// `https://mastodon.social` or `https://mastodon.social/`; `http://127.0.0.1:PORT` and
/// `http://localhost:PORT` for test servers. Any other plain `http` address, a path, a query or
/// credentials are refused.
package enum MastodonOAuthInstance {
    /// The server's origin (`https://HOST[:PORT]`).
    ///
    /// - Throws: ``MastodonOAuthError`` `invalid-instance`, saying what is wrong.
    package static func origin(_ text: String) throws(MastodonOAuthError) -> HTTPURL {
        let trimmed = trimmed(text)
        guard !trimmed.isEmpty else {
            throw MastodonOAuthError(.invalidInstance, "the instance is empty: give its host, like mastodon.social")
        }
        let lower = trimmed.lowercased()
        let withScheme: String
        if lower.hasPrefix("https://") || lower.hasPrefix("http://") {
            withScheme = trimmed
        } else if trimmed.contains("://") {
            throw MastodonOAuthError(.invalidInstance, "the instance \(trimmed) must be https://HOST or just HOST")
        } else {
            withScheme = "https://" + trimmed
        }
        let url: HTTPURL
        do {
            url = try HTTPURL(withScheme)
        } catch {
            throw MastodonOAuthError(.invalidInstance, "the instance \(trimmed) can't be used: \(error.description)")
        }
        guard url.pathAndQuery == "/" else {
            throw MastodonOAuthError(
                .invalidInstance,
                "the instance \(trimmed) has a path or query; give only the server, like https://\(url.host)"
            )
        }
        guard url.host != "[::1]" else {
            throw MastodonOAuthError(
                .invalidInstance,
                "the instance \(trimmed) is not one an account can name; use http://127.0.0.1:PORT for a test server"
            )
        }
        return url
    }

    private static func trimmed(_ text: String) -> String {
        var rest = Substring(text)
        while let first = rest.first, first == " " || first == "\t" { rest.removeFirst() }
        while let last = rest.last, last == " " || last == "\t" { rest.removeLast() }
        return String(rest)
    }
}
