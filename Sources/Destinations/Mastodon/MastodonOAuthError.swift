/// Why signing in to a Mastodon server failed: a stable ``code`` and a message that says what
/// happened, quoting the server's own words where it gave some. It never holds a token, a client
/// secret, a code verifier or an authorization code.
package struct MastodonOAuthError: Error, Sendable, Hashable, CustomStringConvertible {
    /// A stable short code for reports, tests and exit codes.
    package struct Code: Sendable, Hashable, CustomStringConvertible {
        private enum Value: String {
            case invalidInstance = "invalid-instance"
            case unreachable
            case refusedByServer = "refused-by-server"
            case serverFailure = "server-failure"
            case tokenRefused = "token-refused"
            case invalidAnswer = "invalid-answer"
            case denied
            case stateMismatch = "state-mismatch"
            case timedOut = "timed-out"
            case listenFailed = "listen-failed"
        }
        private let value: Value
        private init(_ value: Value) { self.value = value }
        package var description: String { value.rawValue }

        /// The instance given is not `HOST`, `https://HOST` or a loopback test server.
        package static let invalidInstance = Code(.invalidInstance)
        /// The server could not be reached (DNS, connection, TLS, no answer in time).
        package static let unreachable = Code(.unreachable)
        /// The server refused a request (a 4xx other than 401/403 on the new token), quoted.
        package static let refusedByServer = Code(.refusedByServer)
        /// The server failed (5xx); trying again later may help.
        package static let serverFailure = Code(.serverFailure)
        /// The server refused the token it had just issued (401 or 403 on `verify_credentials`).
        package static let tokenRefused = Code(.tokenRefused)
        /// An answer that is not the JSON the API documents, or over its cap.
        package static let invalidAnswer = Code(.invalidAnswer)
        /// The person (or the server) declined the authorization (`error=access_denied`).
        package static let denied = Code(.denied)
        /// The loopback redirect carried a `state` other than the one sent: not this sign-in.
        package static let stateMismatch = Code(.stateMismatch)
        /// No redirect reached the loopback listener in time.
        package static let timedOut = Code(.timedOut)
        /// No loopback port could be opened for the redirect.
        package static let listenFailed = Code(.listenFailed)
    }

    /// What kind of failure.
    package var code: Code
    /// What happened and, where it helps, what to do.
    package var message: String

    /// A failure.
    package init(_ code: Code, _ message: String) {
        self.code = code
        self.message = message
    }

    package var description: String { message }
}
