import HTTPTransport
import ShareCore

#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// The requests of a Mastodon sign-in (OAuth 2 with PKCE), as ``HTTPRequest`` values and the
/// authorize URL: pure builders, checked against Mastodon's OpenAPI description in the tests.
///
/// 1. `POST /api/v1/apps` registers sharevia with the redirect URI and scopes (``registerApp``);
/// 2. the person opens ``authorizeURL`` and approves; the code comes back by the redirect;
/// 3. `POST /oauth/token` exchanges the code and the PKCE verifier for a token (``token``);
/// 4. `GET /api/v1/accounts/verify_credentials` says whose token it is (``verifyCredentials``).
package enum MastodonOAuthRequests {
    /// The `client_name` sharevia registers as.
    package static let clientName = "sharevia"
    /// The `website` sharevia registers with.
    package static let website = "https://github.com/sharevia/sharevia"

    /// `POST /api/v1/apps` as JSON: `client_name`, `redirect_uris` (one), `scopes` (space
    /// separated) and `website`.
    package static func registerApp(
        instance: HTTPURL,
        redirect: MastodonOAuthRedirect,
        scopes: [String]
    ) -> HTTPRequest {
        let body = AppBody(
            clientName: clientName,
            redirectURIs: [redirect.uri],
            scopes: scopes.joined(separator: " "),
            website: website
        )
        return HTTPRequest(.post, url(instance, "/api/v1/apps"), headers: accept, body: .json(encode(body)))
    }

    /// `https://HOST/oauth/authorize?response_type=code&client_id=…&redirect_uri=…&scope=…&code_challenge=…&code_challenge_method=S256&state=…`,
    /// every value percent-encoded. It holds no secret: the challenge is a hash of the verifier.
    package static func authorizeURL(
        instance: HTTPURL,
        clientID: String,
        redirect: MastodonOAuthRedirect,
        scopes: [String],
        pkce: PKCE,
        state: String
    ) -> String {
        let query: [(String, String)] = [
            ("response_type", "code"),
            ("client_id", clientID),
            ("redirect_uri", redirect.uri),
            ("scope", scopes.joined(separator: " ")),
            ("code_challenge", pkce.challenge),
            ("code_challenge_method", PKCE.method),
            ("state", state),
        ]
        return instance.origin + "/oauth/authorize?"
            + query.map { "\($0.0)=\(PercentEncoding.encode($0.1))" }.joined(separator: "&")
    }

    /// `POST /oauth/token` as JSON: `grant_type=authorization_code`, the code, the app's
    /// credentials, the same `redirect_uri` as the authorize URL, the PKCE `code_verifier` and
    /// the scopes. The code, the client secret and the verifier are the request's secrets.
    package static func token(
        instance: HTTPURL,
        app: MastodonApp,
        code: Secret,
        redirect: MastodonOAuthRedirect,
        pkce: PKCE,
        scopes: [String]
    ) -> HTTPRequest {
        let body = TokenBody(
            grantType: "authorization_code",
            code: code.revealed(),
            clientID: app.clientID,
            clientSecret: app.clientSecret.revealed(),
            redirectURI: redirect.uri,
            codeVerifier: pkce.verifier.revealed(),
            scope: scopes.joined(separator: " ")
        )
        return HTTPRequest(
            .post,
            url(instance, "/oauth/token"),
            headers: accept,
            body: .json(encode(body)),
            secrets: [code.revealed(), app.clientSecret.revealed(), pkce.verifier.revealed()]
        )
    }

    /// `GET /api/v1/accounts/verify_credentials` with the token as a bearer `Authorization` header.
    package static func verifyCredentials(instance: HTTPURL, token: Secret) -> HTTPRequest {
        HTTPRequest(
            .get,
            url(instance, "/api/v1/accounts/verify_credentials"),
            headers: ["Authorization": "Bearer \(token.revealed())", "Accept": "application/json"],
            secrets: [token.revealed()]
        )
    }

    private static let accept: HTTPHeaders = ["Accept": "application/json"]

    /// The origin is an ``HTTPURL`` already, and these paths are fixed ASCII: this can't fail.
    private static func url(_ instance: HTTPURL, _ path: String) -> HTTPURL {
        instance.resolving(path)!
    }

    private static func encode(_ value: some Encodable) -> [UInt8] {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        // Strings and arrays of strings always encode.
        return Array((try? encoder.encode(value)) ?? Data())
    }

    private struct AppBody: Encodable {
        var clientName: String
        var redirectURIs: [String]
        var scopes: String
        var website: String
        enum CodingKeys: String, CodingKey {
            case clientName = "client_name"
            case redirectURIs = "redirect_uris"
            case scopes, website
        }
    }

    private struct TokenBody: Encodable {
        var grantType: String
        var code: String
        var clientID: String
        var clientSecret: String
        var redirectURI: String
        var codeVerifier: String
        var scope: String
        enum CodingKeys: String, CodingKey {
            case grantType = "grant_type"
            case code
            case clientID = "client_id"
            case clientSecret = "client_secret"
            case redirectURI = "redirect_uri"
            case codeVerifier = "code_verifier"
            case scope
        }
    }
}
