import HTTPTransport
import ShareCore

/// A signed-in Bluesky session: whose repository, on which server, and the access token that
/// authorizes its requests.
package struct BlueskySession: Sendable {
    /// The account's DID (`did:plc:...`), the repository posts are written to.
    package var did: String
    /// The account's handle (`alice.bsky.social`), used in post URLs.
    package var handle: String
    /// The PDS that holds the repository and takes its requests.
    package var server: BlueskyServer
    /// The access token (`accessJwt`), sent as `Authorization: Bearer`. Never printed.
    package var accessToken: Secret
    /// Something the share's report should say about the sign-in, such as a refreshed sign-in
    /// that could not be saved (the account must then sign in again); nil when all is well.
    package var notice: String?

    /// A session of these parts.
    package init(did: String, handle: String, server: BlueskyServer, accessToken: Secret, notice: String? = nil) {
        self.did = did
        self.handle = handle
        self.server = server
        self.accessToken = accessToken
        self.notice = notice
    }
}

/// Where the Bluesky destination gets its session: an app password from the environment or the
/// config (`com.atproto.server.createSession`), or an account signed in before (the command line's `login
/// bluesky`) (`com.atproto.server.refreshSession` with its stored refresh token).
package protocol BlueskySessionSource: Sendable {
    /// A session to post with, created or refreshed as needed.
    ///
    /// - Throws: ``ShareError``: `permanent` with `sign-in-again` when the credentials are refused,
    ///   `transient` or `unavailable` when the server can't be reached.
    func session(client: HTTPClient) async throws(ShareError) -> BlueskySession

    /// A new session after the server refused `expired`'s access token as expired
    /// (`ExpiredToken`); never by signing in again with a password when a refresh token will do.
    func renewed(after expired: BlueskySession, client: HTTPClient) async throws(ShareError) -> BlueskySession
}
