/// Where Mastodon sends the authorization code once the person approves sharevia.
package enum MastodonOAuthRedirect: Sendable, Hashable {
    /// `urn:ietf:wg:oauth:2.0:oob`: the server shows the code, and the person pastes it into the
    /// terminal. Works over SSH and without a browser on this machine.
    case outOfBand
    /// `http://127.0.0.1:PORT/callback`: the browser on this machine brings the code back to a
    /// listener sharevia opens for this one sign-in.
    case loopback(port: Int)

    /// The out-of-band redirect URI.
    package static let outOfBandURI = "urn:ietf:wg:oauth:2.0:oob"

    /// The `redirect_uri`, identical in the app, the authorize URL and the token request.
    package var uri: String {
        switch self {
        case .outOfBand: Self.outOfBandURI
        case .loopback(let port): "http://127.0.0.1:\(port)/callback"
        }
    }
}
