import HTTPTransport
import ShareCore

#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// The two session calls as ``HTTPRequest`` values, each carrying its secret in
/// ``HTTPRequest/secrets`` (or the `Authorization` header) so that the client and the error
/// classifier keep it out of everything they report.
package enum BlueskySessionRequests {
    /// The XRPC method that signs in with an identifier and a password.
    package static let createSession = "com.atproto.server.createSession"
    /// The XRPC method that trades a refresh token for a new access and refresh token.
    package static let refreshSession = "com.atproto.server.refreshSession"

    /// `POST /xrpc/com.atproto.server.createSession` with the JSON body
    /// `{"identifier": ..., "password": ...}`, the lexicon's two required fields.
    package static func createSession(server: BlueskyServer, identifier: String, password: Secret) -> HTTPRequest {
        struct Input: Encodable {
            var identifier: String
            var password: String
        }
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        // Two strings always encode.
        let body = (try? encoder.encode(Input(identifier: identifier, password: password.revealed()))) ?? Data()
        return HTTPRequest(
            .post,
            url(server, createSession),
            headers: ["Accept": "application/json"],
            body: .json(Array(body)),
            secrets: [password.revealed()]
        )
    }

    /// `POST /xrpc/com.atproto.server.refreshSession` with no body and the refresh token (not
    /// the access token) as the bearer token, as the lexicon asks.
    package static func refreshSession(server: BlueskyServer, refreshToken: Secret) -> HTTPRequest {
        HTTPRequest(
            .post,
            url(server, refreshSession),
            headers: ["Accept": "application/json", "Authorization": "Bearer \(refreshToken.revealed())"],
            secrets: [refreshToken.revealed()]
        )
    }

    private static func url(_ server: BlueskyServer, _ method: String) -> HTTPURL {
        // BlueskyServer admits only what HTTPURL takes: https, or http to loopback.
        do {
            return try HTTPURL(server.endpoint(method))
        } catch {
            preconditionFailure("BlueskyServer gave an endpoint HTTPURL refuses: \(error)")
        }
    }
}
