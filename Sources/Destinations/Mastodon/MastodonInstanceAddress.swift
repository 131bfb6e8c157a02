import HTTPTransport
import ShareCore

/// Where a Mastodon server is, as a setting names it: `mastodon.social`, `https://mastodon.social/`,
/// or a test server on this machine, `http://127.0.0.1:PORT` (or `localhost`, `[::1]`). Any other
/// plain `http` address is refused.
package struct MastodonInstanceAddress: Sendable, Hashable, CustomStringConvertible {
    /// The server's origin, `https://HOST[:PORT]`, where the API's paths go.
    package let origin: HTTPURL
    /// The host name for the web intent's share page, or nil for a loopback test server (whose
    /// address is no host name).
    package let intentHost: String?

    /// Reads `text`.
    ///
    /// - Throws: ``MastodonRequestError`` (field `instance`) saying what is wrong.
    package init(_ text: String) throws(MastodonRequestError) {
        var value = String(text.trimmingWhitespace())
        while value.hasSuffix("/") { value = String(value.dropLast()) }
        let lower = value.lowercased()
        let url = lower.hasPrefix("https://") || lower.hasPrefix("http://") ? value : "https://" + value
        let parsed: HTTPURL
        do {
            parsed = try HTTPURL(url)
        } catch {
            throw MastodonRequestError(field: "instance", "\"\(text)\" is not usable: \(error.description)")
        }
        guard parsed.pathAndQuery == "/" else {
            throw MastodonRequestError(
                field: "instance",
                "\"\(text)\" has a path; name the server only, such as mastodon.social"
            )
        }
        origin = parsed
        let intent = MastodonIntent(instance: parsed.host)
        intentHost = parsed.scheme == "https" && parsed.port == nil ? intent.instance : nil
        if parsed.scheme == "https", intentHost == nil, parsed.port == nil {
            throw MastodonRequestError(
                field: "instance",
                "\"\(text)\" is not a host name (use mastodon.social or https://mastodon.social)"
            )
        }
    }

    /// Whether `server` (an account's `https://HOST[:PORT]`) is this server.
    package func matches(_ server: String) -> Bool {
        (try? MastodonInstanceAddress(server))?.origin.origin == origin.origin
    }

    /// `https://mastodon.social`.
    package var description: String { origin.origin }
}
