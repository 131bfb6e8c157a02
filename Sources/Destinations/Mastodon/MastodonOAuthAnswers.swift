import ShareCore

#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// The answers of a Mastodon sign-in, read with caps: the app (`POST /api/v1/apps`), the token
/// (`POST /oauth/token`) and the account (`GET /api/v1/accounts/verify_credentials`). A refusal
/// names the answer and the field, never a value that may be a secret.
package enum MastodonOAuthAnswers {
    /// The largest app or token answer read: 64 KiB (real ones are under 1 KiB).
    package static let maximumAnswerBytes = 65_536
    /// The largest account answer read: 512 KiB (a profile with fields and emoji is a few KiB).
    package static let maximumAccountBytes = 524_288
    /// The longest client id, client secret or scope list read: 1024 bytes.
    package static let maximumCredentialBytes = 1024
    /// The longest access token read: 4096 bytes.
    package static let maximumTokenBytes = 4096
    /// The longest username read: 200 bytes (`USERNAME@HOST` must fit an account name).
    package static let maximumUsernameBytes = 200
    /// The longest `acct` or profile `url` read: 2048 bytes.
    package static let maximumTextBytes = 2048

    /// Reads `POST /api/v1/apps`'s answer: `client_id` and `client_secret`.
    package static func app(_ body: [UInt8]) throws(MastodonOAuthError) -> MastodonApp {
        let what = "the app registration's answer (POST /api/v1/apps)"
        let answer = try decode(AppAnswer.self, body, what, cap: maximumAnswerBytes)
        let clientID = try credential(answer.clientID, "client_id", what)
        let secret = try credential(answer.clientSecret, "client_secret", what)
        return MastodonApp(clientID: clientID, clientSecret: Secret(secret))
    }

    /// Reads `POST /oauth/token`'s answer: `access_token`, a `Bearer` `token_type`, `scope`.
    package static func token(_ body: [UInt8]) throws(MastodonOAuthError) -> MastodonOAuthToken {
        let what = "the token answer (POST /oauth/token)"
        let answer = try decode(TokenAnswer.self, body, what, cap: maximumAnswerBytes)
        let token = try credential(answer.accessToken, "access_token", what, cap: maximumTokenBytes)
        if let type = answer.tokenType, type.lowercased() != "bearer" {
            throw invalid(what, "token_type", "is not Bearer")
        }
        var scopes: [String] = []
        if let scope = answer.scope {
            guard scope.utf8.count <= maximumCredentialBytes, scope.utf8.allSatisfy({ $0 >= 0x20 && $0 < 0x7F })
            else { throw invalid(what, "scope", "is not a list of scopes of at most \(maximumCredentialBytes) bytes") }
            scopes = scope.split(separator: " ").map(String.init)
        }
        return MastodonOAuthToken(accessToken: Secret(token), scopes: scopes)
    }

    /// Reads `GET /api/v1/accounts/verify_credentials`'s answer: `id`, `username`, `acct`, `url`.
    package static func account(_ body: [UInt8]) throws(MastodonOAuthError) -> MastodonOAuthAccount {
        let what = "the account answer (GET /api/v1/accounts/verify_credentials)"
        let answer = try decode(AccountAnswer.self, body, what, cap: maximumAccountBytes)
        let id = try credential(answer.id, "id", what, cap: 256)
        guard let username = answer.username else { throw invalid(what, "username", "is missing") }
        // Mastodon's own rule: it starts with a letter, a digit or '_' (so `USERNAME@HOST` is an
        // account name the account store takes).
        guard !username.isEmpty, username.utf8.count <= maximumUsernameBytes,
            username.utf8.allSatisfy(isUsernameByte), username.first != ".", username.first != "-"
        else {
            throw invalid(
                what,
                "username",
                "is not 1 to \(maximumUsernameBytes) letters, digits, '_', '.' or '-' starting with a letter, a digit or '_'"
            )
        }
        let acct = try text(answer.acct, "acct", what) ?? username
        let url = try text(answer.url, "url", what)
        return MastodonOAuthAccount(id: id, username: username, acct: acct, url: url)
    }

    // MARK: Decoding

    private struct AppAnswer: Decodable {
        var clientID: String?
        var clientSecret: String?
        enum CodingKeys: String, CodingKey {
            case clientID = "client_id"
            case clientSecret = "client_secret"
        }
    }

    private struct TokenAnswer: Decodable {
        var accessToken: String?
        var tokenType: String?
        var scope: String?
        enum CodingKeys: String, CodingKey {
            case accessToken = "access_token"
            case tokenType = "token_type"
            case scope
        }
    }

    private struct AccountAnswer: Decodable {
        var id: String?
        var username: String?
        var acct: String?
        var url: String?
    }

    private static func decode<Answer: Decodable>(
        _ type: Answer.Type,
        _ body: [UInt8],
        _ what: String,
        cap: Int
    ) throws(MastodonOAuthError) -> Answer {
        guard body.count <= cap else {
            throw MastodonOAuthError(.invalidAnswer, "\(what) is \(body.count) bytes, over the \(cap) read")
        }
        do {
            return try JSONDecoder().decode(type, from: Data(body))
        } catch let DecodingError.typeMismatch(_, context) where !context.codingPath.isEmpty {
            throw invalid(what, context.codingPath.map(\.stringValue).joined(separator: "."), "is not a string")
        } catch {
            throw MastodonOAuthError(.invalidAnswer, "\(what) is not a JSON object")
        }
    }

    /// A credential-like field: 1 to `cap` printable ASCII bytes without spaces.
    private static func credential(
        _ value: String?,
        _ field: String,
        _ what: String,
        cap: Int = maximumCredentialBytes
    ) throws(MastodonOAuthError) -> String {
        guard let value else { throw invalid(what, field, "is missing") }
        guard !value.isEmpty, value.utf8.count <= cap, value.utf8.allSatisfy({ $0 > 0x20 && $0 < 0x7F }) else {
            throw invalid(what, field, "is not 1 to \(cap) printable ASCII characters without spaces")
        }
        return value
    }

    /// A text field for display: at most ``maximumTextBytes``, no control characters.
    private static func text(_ value: String?, _ field: String, _ what: String) throws(MastodonOAuthError) -> String? {
        guard let value else { return nil }
        guard value.utf8.count <= maximumTextBytes,
            value.unicodeScalars.allSatisfy({ $0.value >= 0x20 && $0.value != 0x7F })
        else { throw invalid(what, field, "is over \(maximumTextBytes) bytes or holds a control character") }
        return value
    }

    private static func isUsernameByte(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
            UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "_"), UInt8(ascii: "."), UInt8(ascii: "-"):
            return true
        default: return false
        }
    }

    private static func invalid(_ what: String, _ field: String, _ problem: String) -> MastodonOAuthError {
        MastodonOAuthError(.invalidAnswer, "\(what) can't be used: \(field) \(problem)")
    }
}

/// The credentials of the app sharevia registered on a server for one sign-in.
package struct MastodonApp: Sendable, Hashable {
    /// The `client_id`: not secret, it is in the authorize URL.
    package var clientID: String
    /// The `client_secret`: sent only in the token request, never printed.
    package var clientSecret: Secret

    package init(clientID: String, clientSecret: Secret) {
        self.clientID = clientID
        self.clientSecret = clientSecret
    }
}

/// The token a sign-in obtained.
package struct MastodonOAuthToken: Sendable, Hashable {
    /// The bearer token.
    package var accessToken: Secret
    /// The scopes granted, as the server listed them (empty when it did not say).
    package var scopes: [String]

    package init(accessToken: Secret, scopes: [String]) {
        self.accessToken = accessToken
        self.scopes = scopes
    }
}

/// The account a token belongs to, as `verify_credentials` tells it.
package struct MastodonOAuthAccount: Sendable, Hashable {
    /// The account's id on its server.
    package var id: String
    /// The username, without the server.
    package var username: String
    /// The WebFinger account name (`username` for a local account).
    package var acct: String
    /// The profile page, when given.
    package var url: String?

    package init(id: String, username: String, acct: String, url: String?) {
        self.id = id
        self.username = username
        self.acct = acct
        self.url = url
    }
}
