import HTTPTransport
import ShareCore

/// The network steps of signing in to one Mastodon server, each one request sent with a bounded
/// ``HTTPClient`` and its answer read by ``MastodonOAuthAnswers``. How the authorization code
/// comes back (pasted, or a loopback redirect) is the caller's.
///
/// Every failure is a ``MastodonOAuthError`` that names the step and quotes the server's
/// `error`/`error_description`, with the request's secrets taken out.
package struct MastodonOAuthSignIn: Sendable {
    /// The server, as an origin.
    package var instance: HTTPURL
    /// The client; its deadline bounds every step.
    package var client: HTTPClient

    /// How long one step may take by default: 30 s (connection: 10 s).
    package static let stepDeadline: Duration = .seconds(30)

    package init(
        instance: HTTPURL,
        client: HTTPClient = HTTPClient(.init(connectTimeout: .seconds(10), deadline: stepDeadline))
    ) {
        self.instance = instance
        self.client = client
    }

    /// `GET /api/v2/instance`, read by ``MastodonInstanceLimits/read(_:)``: the scopes to ask for
    /// (`profile` from 4.3, `read:accounts` before).
    package func scopes() async throws(MastodonOAuthError) -> [String] {
        let request = HTTPRequest(
            .get,
            instance.resolving("/api/v2/instance")!,
            headers: ["Accept": "application/json"]
        )
        let body = try await send(request, step: "reading the server's version (GET /api/v2/instance)")
        do throws(MastodonAnswerError) {
            return try MastodonInstanceLimits.read(body).postingScopes
        } catch {
            throw MastodonOAuthError(
                .invalidAnswer,
                "the server's answer to GET /api/v2/instance can't be used: \(error.description)"
            )
        }
    }

    /// `POST /api/v1/apps`: sharevia's app on this server.
    package func registerApp(
        redirect: MastodonOAuthRedirect,
        scopes: [String]
    ) async throws(MastodonOAuthError)
        -> MastodonApp
    {
        let request = MastodonOAuthRequests.registerApp(instance: instance, redirect: redirect, scopes: scopes)
        return try MastodonOAuthAnswers.app(
            await send(request, step: "registering sharevia as an app (POST /api/v1/apps)")
        )
    }

    /// `POST /oauth/token`: the code and the verifier for a token.
    package func exchange(
        code: Secret,
        app: MastodonApp,
        redirect: MastodonOAuthRedirect,
        pkce: PKCE,
        scopes: [String]
    ) async throws(MastodonOAuthError) -> MastodonOAuthToken {
        let request = MastodonOAuthRequests.token(
            instance: instance,
            app: app,
            code: code,
            redirect: redirect,
            pkce: pkce,
            scopes: scopes
        )
        return try MastodonOAuthAnswers.token(
            await send(request, step: "exchanging the code for a token (POST /oauth/token)")
        )
    }

    /// `GET /api/v1/accounts/verify_credentials`: whose token it is. A 401 or 403 is
    /// `token-refused`.
    package func verify(token: Secret) async throws(MastodonOAuthError) -> MastodonOAuthAccount {
        let request = MastodonOAuthRequests.verifyCredentials(instance: instance, token: token)
        return try MastodonOAuthAnswers.account(
            await send(
                request,
                step: "checking the token (GET /api/v1/accounts/verify_credentials)",
                refusedCredentials: .tokenRefused
            )
        )
    }

    /// Sends `request`; the body of a 2xx answer, or the failure of `step`.
    private func send(
        _ request: HTTPRequest,
        step: String,
        refusedCredentials: MastodonOAuthError.Code = .refusedByServer
    ) async throws(MastodonOAuthError) -> [UInt8] {
        let response: HTTPResponse
        do {
            response = try await client.send(request)
        } catch {
            throw MastodonOAuthError(.unreachable, "\(step) failed: \(error.description)")
        }
        guard !response.isSuccess else { return response.body }
        let redactor = SecretRedactor(request.allSecrets.map(Secret.init))
        let said = ServerMessage.from(response.body).map { ": \"\(redactor.redact($0))\"" } ?? " without saying why"
        let status = response.status
        switch status {
        case 401...403 where status != 402 && refusedCredentials == .tokenRefused:
            throw MastodonOAuthError(
                .tokenRefused,
                "\(instance.origin) refused the token it had just issued (\(status))\(said), while \(step); sign in again"
            )
        case 500...599, 408:
            throw MastodonOAuthError(
                .serverFailure,
                "\(instance.origin) failed (\(status))\(said), while \(step); try again later"
            )
        case 404 where request.url.path == "/api/v2/instance":
            throw MastodonOAuthError(
                .refusedByServer,
                "\(instance.origin) has no /api/v2/instance (404): is it a Mastodon server (4.0 or later)?"
            )
        default:
            throw MastodonOAuthError(.refusedByServer, "\(instance.origin) refused \(step) (\(status))\(said)")
        }
    }
}
