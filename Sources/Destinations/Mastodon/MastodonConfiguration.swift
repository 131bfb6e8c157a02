import ShareCore
import TextFitting

extension MastodonDestination {
    /// How the Mastodon destination posts. Every field has a default; a nil instance or token is
    /// taken from the environment (`SHAREVIA_MASTODON_INSTANCE`, `SHAREVIA_MASTODON_TOKEN`).
    public struct Configuration: Sendable {
        /// The variable with an access token: `SHAREVIA_MASTODON_TOKEN`.
        public static let tokenVariable = "SHAREVIA_MASTODON_TOKEN"
        /// The variable naming the server: `SHAREVIA_MASTODON_INSTANCE`.
        public static let instanceVariable = "SHAREVIA_MASTODON_INSTANCE"
        /// The variable with the server's character limit: `SHAREVIA_MASTODON_LIMIT`.
        public static let limitVariable = "SHAREVIA_MASTODON_LIMIT"

        /// The server: `mastodon.social`, `https://mastodon.social`, or a loopback test server
        /// `http://127.0.0.1:PORT`. Nil takes the signed-in account's server.
        public var instance: String?
        /// The character limit until the server's own is read and cached.
        public var limit: Int
        /// An access token; nil takes `SHAREVIA_MASTODON_TOKEN`, then the signed-in account's.
        public var token: Secret?
        /// Who sees the posts; nil leaves it to the account's default.
        public var visibility: MastodonVisibility?
        /// The posts' ISO 639 language code; nil lets the server guess.
        public var language: String?
        /// A content warning shown before the posts.
        public var spoilerText: String?
        /// How long one delivery may take (`--timeout`): every request of a post ends before it,
        /// so that a server that stalls is reported here, never cut off by the router.
        public var timeout: Duration

        /// A configuration; the defaults post with the account's visibility and no warning.
        public init(
            instance: String? = nil,
            limit: Int = TextRules.defaultMastodonLimit,
            token: Secret? = nil,
            visibility: MastodonVisibility? = nil,
            language: String? = nil,
            spoilerText: String? = nil,
            timeout: Duration = ShareSettings.defaultTimeout
        ) {
            self.instance = instance
            self.limit = limit
            self.token = token
            self.visibility = visibility
            self.language = language
            self.spoilerText = spoilerText
            self.timeout = timeout
        }
    }
}
