import Foundation
import HTTPTransport
import ShareCore
import TestSupport
import Testing

@testable import Destinations

/// The sign-in's request builders and answer parsers against Mastodon's OpenAPI description
/// (`oauth-schema.json`), and each step against a loopback test server.
@Suite struct MastodonOAuthTests {
    static let schemaFile = "\(OpenAPISchema.fixtures)/oauth-schema.json"
    static let instance = try! HTTPURL("https://mastodon.example")
    static let secretCanary = "CANARY-client-secret-5e1d"
    static let codeCanary = "CANARY-code-77ab"
    static let tokenCanary = "CANARY-token-90f2"
    static let app = MastodonApp(clientID: "client-id-1", clientSecret: Secret(secretCanary))
    static let scopes = ["write:statuses", "write:media", "profile"]

    static func operation(_ path: String, _ method: String) throws -> OpenAPIOperation {
        try OpenAPIOperation(file: schemaFile, path: path, method: method)
    }

    @Test(arguments: [MastodonOAuthRedirect.outOfBand, .loopback(port: 41234)])
    func theAppRequestIsTheOperationsJSONBody(redirect: MastodonOAuthRedirect) throws {
        let request = MastodonOAuthRequests.registerApp(
            instance: Self.instance,
            redirect: redirect,
            scopes: Self.scopes
        )
        #expect(request.method == .post && request.url.description == "https://mastodon.example/api/v1/apps")
        let encoded = try #require(request.body.encoded())
        #expect(encoded.contentType == "application/json")
        #expect(try Self.operation("/api/v1/apps", "post").problems(jsonBody: encoded.bytes) == [])
        let body = try JSONSerialization.jsonObject(with: Data(encoded.bytes)) as! [String: Any]
        #expect(body["client_name"] as? String == "sharevia")
        #expect(body["redirect_uris"] as? [String] == [redirect.uri])
        #expect(body["scopes"] as? String == "write:statuses write:media profile")
    }

    @Test func theTokenRequestIsTheOperationsJSONBodyWithTheVerifierAndItsSecretsMarked() throws {
        let pkce = try #require(PKCE(verifier: "dBjftJeZ4CVP-mB92K27uhbUJU1p1r_wW1gFWFOEjXk"))
        let request = MastodonOAuthRequests.token(
            instance: Self.instance,
            app: Self.app,
            code: Secret(Self.codeCanary),
            redirect: .outOfBand,
            pkce: pkce,
            scopes: Self.scopes
        )
        #expect(request.method == .post && request.url.path == "/oauth/token")
        let encoded = try #require(request.body.encoded())
        #expect(try Self.operation("/oauth/token", "post").problems(jsonBody: encoded.bytes) == [])
        let body = try JSONSerialization.jsonObject(with: Data(encoded.bytes)) as! [String: String]
        #expect(
            body == [
                "grant_type": "authorization_code", "code": Self.codeCanary, "client_id": "client-id-1",
                "client_secret": Self.secretCanary, "redirect_uri": "urn:ietf:wg:oauth:2.0:oob",
                "code_verifier": "dBjftJeZ4CVP-mB92K27uhbUJU1p1r_wW1gFWFOEjXk",
                "scope": "write:statuses write:media profile",
            ]
        )
        #expect(Set(request.allSecrets).isSuperset(of: [Self.codeCanary, Self.secretCanary, pkce.verifier.revealed()]))
    }

    @Test func theAuthorizeURLHasTheOperationsParametersAndTheS256Challenge() throws {
        let pkce = PKCE()
        let url = MastodonOAuthRequests.authorizeURL(
            instance: Self.instance,
            clientID: "client id/1",
            redirect: .loopback(port: 5555),
            scopes: Self.scopes,
            pkce: pkce,
            state: "state-1"
        )
        #expect(url.hasPrefix("https://mastodon.example/oauth/authorize?response_type=code&client_id=client%20id%2F1&"))
        _ = try HTTPURL(url)
        let query = url.queryFields
        #expect(try Self.operation("/oauth/authorize", "get").problems(query: query) == [])
        #expect(query["redirect_uri"] == "http://127.0.0.1:5555/callback")
        #expect(query["scope"] == "write:statuses write:media profile")
        #expect(query["code_challenge"] == PKCE.challenge(for: pkce.verifier.revealed()))
        #expect(query["code_challenge_method"] == "S256" && query["state"] == "state-1")
        #expect(!url.contains(pkce.verifier.revealed()))
    }

    @Test func verifyCredentialsIsABearerGET() throws {
        let request = MastodonOAuthRequests.verifyCredentials(instance: Self.instance, token: Secret(Self.tokenCanary))
        #expect(request.method == .get && request.url.path == "/api/v1/accounts/verify_credentials")
        #expect(request.headers["Authorization"] == "Bearer \(Self.tokenCanary)")
        let security = try Self.operation("/api/v1/accounts/verify_credentials", "get").object["security"]
        #expect(String(describing: security).contains("profile"))
    }

    // MARK: Answers

    /// Each answer parser reads an answer with every field the description gives its schema.
    @Test func theAnswersOfTheDocumentedShapeAreRead() throws {
        let operation = try Self.operation("/api/v1/apps", "post")
        var app: [String: Any] = [:]
        for (name, property) in operation.schemaProperties("CredentialApplication") {
            app[name] = property["type"] as? String == "array" ? ["urn:ietf:wg:oauth:2.0:oob"] : "value-\(name)"
        }
        app["scopes"] = ["write:statuses"]
        app["client_secret_expires_at"] = 0
        let readApp = try MastodonOAuthAnswers.app(app.json)
        #expect(readApp.clientID == "value-client_id" && readApp.clientSecret.revealed() == "value-client_secret")

        let example = try #require(operation.schemas["Token"] as? [String: Any])["example"] as! [String: Any]
        let token = try MastodonOAuthAnswers.token(example.json)
        #expect(token.accessToken.revealed() == example["access_token"] as? String)
        #expect(token.scopes == ["read", "write", "follow", "push"])

        var account: [String: Any] = [:]
        for (name, property) in operation.schemaProperties("CredentialAccount") {
            switch OpenAPISchema.types(property).first {
            case "string": account[name] = "value"
            case "integer": account[name] = 3
            case "boolean": account[name] = true
            case "array": account[name] = [Any]()
            default: account[name] = [String: Any]()
            }
        }
        account["id"] = "109348"
        account["username"] = "alice"
        account["acct"] = "alice"
        account["url"] = "https://mastodon.example/@alice"
        #expect(
            try MastodonOAuthAnswers.account(account.json)
                == MastodonOAuthAccount(
                    id: "109348",
                    username: "alice",
                    acct: "alice",
                    url: "https://mastodon.example/@alice"
                )
        )
    }

    @Test(arguments: [
        ("{\"client_id\": \"a\"}", "client_secret is missing"),
        ("{\"client_id\": 7, \"client_secret\": \"s\"}", "client_id is not a string"),
        ("{\"client_id\": \"a b\", \"client_secret\": \"s\"}", "client_id is not 1 to 1024 printable ASCII"),
        ("[1]", "is not a JSON object"),
    ])
    func aBrokenAppAnswerIsRefusedNamingTheField(body: String, expected: String) {
        #expect {
            try MastodonOAuthAnswers.app(Array(body.utf8))
        } throws: { error in
            let error = error as! MastodonOAuthError
            return error.code == .invalidAnswer && error.message.contains(expected)
                && error.message.contains("POST /api/v1/apps")
        }
    }

    @Test func aTokenAnswerThatIsNotABearerTokenOrOverTheCapIsRefused() {
        let notBearer = Array("{\"access_token\": \"\(Self.tokenCanary)\", \"token_type\": \"MAC\"}".utf8)
        #expect(throws: MastodonOAuthError.self) { try MastodonOAuthAnswers.token(notBearer) }
        do {
            _ = try MastodonOAuthAnswers.token(notBearer)
        } catch {
            #expect(error.message.contains("token_type is not Bearer") && !error.message.contains(Self.tokenCanary))
        }
        let large = [UInt8](repeating: 0x20, count: MastodonOAuthAnswers.maximumAnswerBytes + 1)
        #expect(throws: MastodonOAuthError.self) { try MastodonOAuthAnswers.token(large) }
        let longToken = String(repeating: "t", count: MastodonOAuthAnswers.maximumTokenBytes + 1)
        #expect(throws: MastodonOAuthError.self) {
            try MastodonOAuthAnswers.token(Array("{\"access_token\": \"\(longToken)\"}".utf8))
        }
    }

    @Test(arguments: ["", "ali ce", "al/ice", "a@b", ".rwnhOOnh", "-alice", String(repeating: "a", count: 201)])
    func anAccountWhoseUsernameCantNameAnAccountIsRefused(username: String) {
        let body: [String: Any] = ["id": "1", "username": username, "acct": username]
        #expect {
            try MastodonOAuthAnswers.account(body.json)
        } throws: { error in
            (error as! MastodonOAuthError).message.contains("username is not 1 to 200")
        }
    }

    // MARK: The instance and the callback

    @Test(arguments: [
        ("mastodon.social", "https://mastodon.social"), ("https://mastodon.social/", "https://mastodon.social"),
        ("HTTPS://Mastodon.Social", "https://mastodon.social"), ("http://127.0.0.1:3000", "http://127.0.0.1:3000"),
        ("http://localhost:3000/", "http://localhost:3000"), (" fosstodon.org ", "https://fosstodon.org"),
    ])
    func anInstanceIsReadAsAnOrigin(text: String, origin: String) throws {
        #expect(try MastodonOAuthInstance.origin(text).origin == origin)
    }

    @Test(arguments: [
        ("http://mastodon.social", "plain http is refused"), ("", "empty"),
        ("https://mastodon.social/@alice", "has a path or query"), ("ftp://x.org", "must be https://HOST"),
        ("https://user:pw@mastodon.social", "user or password"), ("http://127.0.0.1", "plain http is refused"),
    ])
    func anInstanceThatIsNotAServerIsRefused(text: String, expected: String) {
        #expect {
            try MastodonOAuthInstance.origin(text)
        } throws: { error in
            let error = error as! MastodonOAuthError
            return error.code == .invalidInstance && error.message.contains(expected)
        }
    }

    @Test(arguments: [
        ("GET /callback?code=abc&state=s1 HTTP/1.1\r\nHost: x\r\n\r\n", MastodonOAuthCallback.code("abc", state: "s1")),
        ("GET /callback?state=s%2B1&code=a%20b+c HTTP/1.1\r\n\r\n", .code("a b c", state: "s+1")),
        (
            "GET /callback?error=access_denied&error_description=The+user+said+no&state=s HTTP/1.1\r\n\r\n",
            .refused(error: "access_denied", description: "The user said no", state: "s")
        ),
        ("GET /favicon.ico HTTP/1.1\r\n\r\n", .other), ("POST /callback?code=a&state=s HTTP/1.1\r\n\r\n", .other),
        ("GET /callback HTTP/1.1\r\n\r\n", .other), ("GET /callback?code=a HTTP/1.1\r\n\r\n", .other),
        ("GET /callback?code=a&code=b&state=s HTTP/1.1\r\n\r\n", .other),
        ("GET /callback?code=%0A&state=s HTTP/1.1\r\n\r\n", .other),
        ("GET /callback?code=%G1&state=s HTTP/1.1\r\n\r\n", .other),
        ("GET /callbackx?code=a&state=s HTTP/1.1\r\n\r\n", .other), ("", .other),
    ])
    func theCallbackRequestLineIsRead(head: String, expected: MastodonOAuthCallback) {
        #expect(MastodonOAuthCallback.read(Array(head.utf8)) == expected)
    }

    // MARK: Against a loopback server

    static let instance42 = #"{"version": "4.2.10", "configuration": {"statuses": {"max_characters": 500}}}"#
    static let instance43 = #"{"version": "4.3.0", "configuration": {"statuses": {"max_characters": 500}}}"#

    @Test(arguments: [(instance42, "read:accounts"), (instance43, "profile")])
    func theScopesFollowTheServersVersion(answer: String, accountScope: String) async throws {
        let routes = ["/api/v2/instance": [HTTPTestServer.Answer.status(200, json: answer)]]
        try await HTTPTestServer.with(.init(routes: routes)) { server in
            let signIn = MastodonOAuthSignIn(instance: try HTTPURL(server.origin))
            #expect(try await signIn.scopes() == ["write:statuses", "write:media", accountScope])
        }
    }

    @Test func aRefusedCodeQuotesTheServerAndNeverTheSecrets() async throws {
        let refusal =
            #"{"error": "invalid_grant", "error_description": "The provided authorization grant is invalid. CANARY-code-77ab"}"#
        let routes = ["/oauth/token": [HTTPTestServer.Answer.status(400, json: refusal)]]
        try await HTTPTestServer.with(.init(routes: routes)) { server in
            let signIn = MastodonOAuthSignIn(instance: try HTTPURL(server.origin))
            do {
                _ = try await signIn.exchange(
                    code: Secret(Self.codeCanary),
                    app: Self.app,
                    redirect: .outOfBand,
                    pkce: PKCE(),
                    scopes: Self.scopes
                )
                Issue.record("a refused code was accepted")
            } catch let error as MastodonOAuthError {
                #expect(error.code == .refusedByServer)
                #expect(error.message.contains("refused exchanging the code for a token (POST /oauth/token) (400)"))
                #expect(error.message.contains("\"invalid_grant: The provided authorization grant is invalid."))
                #expect(!error.message.contains(Self.codeCanary) && !error.message.contains(Self.secretCanary))
            }
        }
    }

    @Test func aTokenRefusedByVerifyCredentialsSaysToSignInAgain() async throws {
        let routes = [
            "/api/v1/accounts/verify_credentials": [
                HTTPTestServer.Answer.status(401, json: #"{"error": "The access token is invalid"}"#)
            ]
        ]
        try await HTTPTestServer.with(.init(routes: routes)) { server in
            let signIn = MastodonOAuthSignIn(instance: try HTTPURL(server.origin))
            await #expect {
                try await signIn.verify(token: Secret(Self.tokenCanary))
            } throws: { error in
                let error = error as! MastodonOAuthError
                return error.code == .tokenRefused && error.message.contains("(401): \"The access token is invalid\"")
                    && error.message.hasSuffix("sign in again") && !error.message.contains(Self.tokenCanary)
            }
            #expect(server.received.first?.header("Authorization") == "Bearer \(Self.tokenCanary)")
        }
    }

    @Test func aServerThatRefusesConnectionsIsUnreachable() async throws {
        let port = try await HTTPTestServer.with { $0.port }
        let signIn = MastodonOAuthSignIn(instance: try HTTPURL("http://127.0.0.1:\(port)"))
        await #expect {
            try await signIn.scopes()
        } throws: { error in
            let error = error as! MastodonOAuthError
            return error.code == .unreachable && error.message.contains("can't connect to http://127.0.0.1:\(port)")
        }
    }

    // MARK: The loopback listener

    static func get(_ url: String) async throws -> HTTPResponse {
        // A generous deadline: under the whole test run's load, the task that waits for the
        // redirect may start many seconds after the request is sent. The listeners below wait
        // 120 s for the same reason (a wait that ended before the callback came leaves it
        // unanswered until this deadline).
        try await HTTPClient(.init(deadline: .seconds(90))).send(HTTPRequest(.get, try HTTPURL(url)))
    }

    @Test func theListenerTakesOneCallbackAfterAnsweringOtherRequests404() async throws {
        let listener = try MastodonOAuthLoopbackListener()
        #expect(listener.redirect.uri == "http://127.0.0.1:\(listener.port)/callback")
        let waiting = Task { try await listener.waitForCode(state: "s-1", timeout: .seconds(120)) }
        let favicon = try await Self.get("http://127.0.0.1:\(listener.port)/favicon.ico")
        #expect(favicon.status == 404)
        let callback = try await Self.get(
            "http://127.0.0.1:\(listener.port)/callback?code=\(Self.codeCanary)&state=s-1"
        )
        #expect(callback.status == 200)
        #expect(String(decoding: callback.body, as: UTF8.self).contains("sharevia is signed in"))
        #expect(try await waiting.value.revealed() == Self.codeCanary)
    }

    @Test func aCallbackWithAnotherStateEndsTheSignIn() async throws {
        let listener = try MastodonOAuthLoopbackListener()
        let waiting = Task { try await listener.waitForCode(state: "s-1", timeout: .seconds(120)) }
        let callback = try await Self.get("http://127.0.0.1:\(listener.port)/callback?code=x&state=forged")
        #expect(callback.status == 400)
        do {
            _ = try await waiting.value
            Issue.record("a forged state was accepted")
        } catch let error as MastodonOAuthError {
            #expect(error.code == .stateMismatch && error.message.contains("not this sign-in's"))
        }
    }

    @Test func aDeclinedAuthorizationEndsTheSignInQuotingTheServer() async throws {
        let listener = try MastodonOAuthLoopbackListener()
        let waiting = Task { try await listener.waitForCode(state: "s", timeout: .seconds(120)) }
        _ = try await Self.get(
            "http://127.0.0.1:\(listener.port)/callback?error=access_denied&error_description=Declined&state=s"
        )
        await #expect {
            try await waiting.value
        } throws: { error in
            let error = error as! MastodonOAuthError
            return error.code == .denied && error.message.contains("\"access_denied: Declined\"")
        }
    }

    @Test func noRedirectInTimeIsATimeout() async throws {
        let listener = try MastodonOAuthLoopbackListener()
        let started = ContinuousClock.now
        await #expect {
            try await listener.waitForCode(state: "s", timeout: .milliseconds(600))
        } throws: { error in
            (error as! MastodonOAuthError).code == .timedOut
        }
        // A hang guard, not a speed target: the whole test run's load delays tasks by many seconds.
        #expect(ContinuousClock.now - started < .seconds(60))
    }
}
