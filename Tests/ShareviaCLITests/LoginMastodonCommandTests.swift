import Accounts
import ArgumentParser
import Foundation
import HTTPTransport
import ProcessRunning
import ShareCore
import TestSupport
import Testing

@testable import ShareviaCLI

#if canImport(Glibc)
import Glibc
#endif

/// `sharevia login mastodon` end to end: the built binary against a loopback Mastodon (the
/// scripted `HTTPTestServer`), the test playing the person and the browser. Every request the
/// server received is checked against Mastodon's OpenAPI description, and PKCE, the redirect
/// URI and the scopes across the requests.
@Suite struct LoginMastodonCommandTests {
    static let schemaFile = "\(PackageRoot.path)/Tests/DestinationsTests/Mastodon/Fixtures/openapi/oauth-schema.json"

    /// Fresh canaries: the token and the client secret must appear nowhere but the keyring.
    struct Canaries {
        let token = "CANARY-token-\(UInt64.random(in: 1...UInt64.max))"
        let clientSecret = "CANARY-secret-\(UInt64.random(in: 1...UInt64.max))"
        let code = "code-\(UInt64.random(in: 1...UInt64.max))"
    }

    static func routes(version: String, canaries: Canaries) -> [String: [HTTPTestServer.Answer]] {
        [
            "/api/v2/instance": [.status(200, json: #"{"version": "\#(version)", "configuration": {}}"#)],
            "/api/v1/apps": [
                .status(
                    200,
                    json: #"""
                        {"id": "563419", "name": "sharevia", "website": null, "scopes": ["write:statuses"],
                         "redirect_uri": "x", "redirect_uris": ["x"], "client_id": "client-id-9",
                         "client_secret": "\#(canaries.clientSecret)", "client_secret_expires_at": 0}
                        """#
                )
            ],
            "/oauth/token": [
                .status(
                    200,
                    json: #"""
                        {"access_token": "\#(canaries.token)", "token_type": "Bearer",
                         "scope": "write:statuses write:media profile", "created_at": 1573979017}
                        """#
                )
            ],
            "/api/v1/accounts/verify_credentials": [
                .status(
                    200,
                    json: #"""
                        {"id": "109348", "username": "alice", "acct": "alice", "display_name": "Alice",
                         "url": "https://mastodon.example/@alice", "locked": false, "bot": false}
                        """#
                )
            ],
        ]
    }

    static func environment(_ folder: TemporaryFolder, _ extra: [String: String] = [:]) -> [String: String] {
        ["HOME": folder.path, "XDG_STATE_HOME": folder.file("state")].merging(extra) { $1 }
    }

    /// Checks the four requests against the description and against each other; returns the
    /// token request's body.
    static func checkRequests(
        _ received: [HTTPTestServer.Received],
        authorizeURL: String,
        scope: String,
        canaries: Canaries,
        code: String
    ) async throws {
        #expect(
            received.map { "\($0.method) \($0.path)" } == [
                "GET /api/v2/instance", "POST /api/v1/apps", "POST /oauth/token",
                "GET /api/v1/accounts/verify_credentials",
            ]
        )
        guard received.count == 4 else { return }
        let apps = try OpenAPIOperation(file: schemaFile, path: "/api/v1/apps", method: "post")
        let token = try OpenAPIOperation(file: schemaFile, path: "/oauth/token", method: "post")
        let authorize = try OpenAPIOperation(file: schemaFile, path: "/oauth/authorize", method: "get")
        #expect(apps.problems(jsonBody: received[1].body) == [])
        #expect(token.problems(jsonBody: received[2].body) == [])
        #expect(received[1].header("Content-Type") == "application/json")
        #expect(received[2].header("Content-Type") == "application/json")
        let query = authorizeURL.queryFields
        #expect(authorize.problems(query: query) == [])
        let app = try JSONSerialization.jsonObject(with: Data(received[1].body)) as! [String: Any]
        let exchange = try JSONSerialization.jsonObject(with: Data(received[2].body)) as! [String: String]
        // The scopes follow the version, and are the same everywhere.
        #expect(app["scopes"] as? String == scope && query["scope"] == scope && exchange["scope"] == scope)
        // PKCE: the verifier sent last hashes to the challenge sent first.
        let verifier = try #require(exchange["code_verifier"])
        #expect(PKCE.isValidVerifier(verifier))
        let challenge = try await Self.pythonS256(verifier)
        #expect(query["code_challenge"] == challenge && query["code_challenge_method"] == "S256")
        #expect(!authorizeURL.contains(verifier))
        // One redirect URI throughout.
        let redirect = try #require(query["redirect_uri"])
        #expect(app["redirect_uris"] as? [String] == [redirect] && exchange["redirect_uri"] == redirect)
        #expect(query["client_id"] == "client-id-9" && exchange["client_id"] == "client-id-9")
        #expect(exchange["client_secret"] == canaries.clientSecret && exchange["code"] == code)
        #expect(exchange["grant_type"] == "authorization_code" && query["response_type"] == "code")
        #expect(received[3].header("Authorization") == "Bearer \(canaries.token)")
        #expect((query["state"]?.count ?? 0) >= 22)
    }

    /// base64url(SHA-256(verifier)) without padding, by Python's hashlib: an oracle apart from sharevia's.
    static func pythonS256(_ verifier: String) async throws -> String {
        let script =
            "import base64,hashlib,sys; print(base64.urlsafe_b64encode(hashlib.sha256(sys.argv[1].encode()).digest()).decode().rstrip('='))"
        let output = try await ProcessRunner().run("/usr/bin/python3", arguments: ["-c", script, verifier])
        return String(decoding: output.standardOutput, as: UTF8.self).trimmingCharacters(in: .newlines)
    }

    static func expectNoCanary(
        _ canaries: Canaries,
        in runs: [ShareviaProcess.Run],
        folder: String,
        except: [String] = []
    ) {
        for run in runs {
            let text = run.stdout + run.stderr
            #expect(
                !text.contains(canaries.token) && !text.contains(canaries.clientSecret),
                "printed a secret:\n\(text)"
            )
        }
        let withToken = AccountsCommandTests.files(under: folder, containing: canaries.token)
        #expect(withToken.filter { !except.contains($0) } == [], "the token is in \(withToken)")
        #expect(AccountsCommandTests.files(under: folder, containing: canaries.clientSecret) == [])
    }

    @Test(arguments: [
        ("4.3.0", "write:statuses write:media profile"), ("4.2.10", "write:statuses write:media read:accounts"),
    ])
    func outOfBandIntoTheKeyring(version: String, scope: String) async throws {
        let canaries = Canaries()
        try await SecretServiceSession.with { session in
            try await HTTPTestServer.with(.init(routes: Self.routes(version: version, canaries: canaries))) { server in
                let folder = TemporaryFolder("login-oob")
                let live = try LiveShareviaProcess(
                    ["login", "mastodon", "--instance", server.origin],
                    environment: Self.environment(folder, session.environment)
                )
                let url = try #require(try await live.waitForLine(startingWith: server.origin + "/oauth/authorize?"))
                try live.type(canaries.code + "\n")
                let run = try await live.finish()
                #expect(run.status == 0, "\(run.stderr)")
                #expect(
                    run.stdout
                        == "Signed in to Mastodon as alice@127.0.0.1 on \(server.origin); the token is in the keyring.\n"
                )
                #expect(run.stderr.contains("Open this URL and approve sharevia on 127.0.0.1:"))
                #expect(run.stderr.contains("Paste the code") == false, "prompted although stdin is a pipe")
                try await Self.checkRequests(
                    server.received,
                    authorizeURL: url,
                    scope: scope,
                    canaries: canaries,
                    code: canaries.code
                )
                #expect(url.queryFields["redirect_uri"] == "urn:ietf:wg:oauth:2.0:oob")
                #expect(try await session.lookup(network: "mastodon", account: "alice@127.0.0.1") == canaries.token)
                let list = try await ShareviaProcess.run(
                    ["accounts"],
                    environment: Self.environment(folder, session.environment)
                )
                #expect(list.stdout.contains("mastodon  alice@127.0.0.1  \(server.origin)  109348  keyring"))
                Self.expectNoCanary(canaries, in: [run, list], folder: folder.path)
                #expect(!session.logs.contains(canaries.token))
            }
        }
    }

    @Test func loopbackRedirectWithJSONOutput() async throws {
        let canaries = Canaries()
        try await SecretServiceSession.with { session in
            try await HTTPTestServer.with(.init(routes: Self.routes(version: "4.3.2", canaries: canaries))) { server in
                let folder = TemporaryFolder("login-loopback")
                let live = try LiveShareviaProcess(
                    ["login", "mastodon", "--instance", server.origin + "/", "--redirect", "loopback", "--json"],
                    environment: Self.environment(folder, session.environment)
                )
                let url = try #require(try await live.waitForLine(startingWith: server.origin + "/oauth/authorize?"))
                let query = url.queryFields
                let redirect = try #require(query["redirect_uri"])
                #expect(redirect.hasPrefix("http://127.0.0.1:") && redirect.hasSuffix("/callback"))
                // The browser: a stray request first, then the redirect.
                let client = HTTPClient(.init(deadline: .seconds(10)))
                let base = String(redirect.dropLast("/callback".count))
                #expect(try await client.send(HTTPRequest(.get, try HTTPURL(base + "/favicon.ico"))).status == 404)
                let state = try #require(query["state"])
                let page = try await client.send(
                    HTTPRequest(.get, try HTTPURL("\(redirect)?code=\(canaries.code)&state=\(state)"))
                )
                #expect(page.status == 200)
                let run = try await live.finish()
                #expect(run.status == 0, "\(run.stderr)")
                try await Self.checkRequests(
                    server.received,
                    authorizeURL: url,
                    scope: "write:statuses write:media profile",
                    canaries: canaries,
                    code: canaries.code
                )
                let object = try #require(
                    try JSONSerialization.jsonObject(with: Data(run.stdoutBytes)) as? [String: Any]
                )
                let account = try #require(object["account"] as? [String: Any])
                #expect(account["name"] as? String == "alice@127.0.0.1" && account["id"] as? String == "109348")
                #expect(account["server"] as? String == server.origin && account["token"] as? String == "keyring")
                #expect(
                    object["url"] as? String == "https://mastodon.example/@alice"
                        && object["acct"] as? String == "alice"
                )
                #expect(try await session.lookup(network: "mastodon", account: "alice@127.0.0.1") == canaries.token)
                Self.expectNoCanary(canaries, in: [run], folder: folder.path)
            }
        }
    }

    @Test func withoutAKeyringTheTokenGoesToAPrivateFileAndShareviaSaysSo() async throws {
        let canaries = Canaries()
        try await HTTPTestServer.with(.init(routes: Self.routes(version: "4.3.0", canaries: canaries))) { server in
            let folder = TemporaryFolder("login-file")
            let run = try await ShareviaProcess.run(
                ["login", "mastodon", "--instance", server.origin],
                environment: Self.environment(folder),
                input: Array((canaries.code + "\n").utf8)
            )
            #expect(run.status == 0, "\(run.stderr)")
            #expect(run.stdout.hasSuffix("the token is in a file (see the note).\n"), "\(run.stdout)")
            #expect(run.stderr.contains("note: ") && run.stderr.contains("DBUS_SESSION_BUS_ADDRESS is not set"))
            let file = folder.file("state/sharevia/tokens/mastodon-alice@127.0.0.1")
            var info = stat()
            #expect(lstat(file, &info) == 0 && info.st_mode & 0o777 == 0o600)
            #expect(folder.read("state/sharevia/tokens/mastodon-alice@127.0.0.1") == Data(canaries.token.utf8))
            Self.expectNoCanary(canaries, in: [run], folder: folder.path, except: [file])
        }
    }

    // MARK: Errors

    @Test func aRefusedCodeIsQuotedAndNothingIsSaved() async throws {
        let canaries = Canaries()
        var routes = Self.routes(version: "4.3.0", canaries: canaries)
        routes["/oauth/token"] = [
            .status(
                400,
                json:
                    #"{"error": "invalid_grant", "error_description": "The provided authorization grant is invalid, expired, revoked, does not match the redirection URI used in the authorization request, or was issued to another client."}"#
            )
        ]
        try await HTTPTestServer.with(.init(routes: routes)) { server in
            let folder = TemporaryFolder("login-invalid-grant")
            let run = try await ShareviaProcess.run(
                ["login", "mastodon", "--instance", server.origin],
                environment: Self.environment(folder),
                input: Array("wrong-code\n".utf8)
            )
            #expect(run.status == 4)
            #expect(
                run.stderr.contains(
                    "error: not signed in: \(server.origin) refused exchanging the code for a token (POST /oauth/token) (400): \"invalid_grant: The provided authorization grant is invalid, expired"
                ),
                "\(run.stderr)"
            )
            #expect(run.stdout.isEmpty && server.received.count == 3)
            #expect(!FileManager.default.fileExists(atPath: folder.file("state/sharevia/accounts.json")))
            Self.expectNoCanary(canaries, in: [run], folder: folder.path)
        }
    }

    @Test func aTokenRefusedByVerifyCredentialsSaysToSignInAgain() async throws {
        let canaries = Canaries()
        var routes = Self.routes(version: "4.3.0", canaries: canaries)
        routes["/api/v1/accounts/verify_credentials"] = [
            .status(401, json: #"{"error": "The access token is invalid"}"#)
        ]
        try await HTTPTestServer.with(.init(routes: routes)) { server in
            let folder = TemporaryFolder("login-401")
            let run = try await ShareviaProcess.run(
                ["login", "mastodon", "--instance", server.origin, "--json"],
                environment: Self.environment(folder),
                input: Array((canaries.code + "\n").utf8)
            )
            #expect(run.status == 4)
            #expect(
                run.stderr.contains(
                    "refused the token it had just issued (401): \"The access token is invalid\", while checking the token (GET /api/v1/accounts/verify_credentials); sign in again"
                ),
                "\(run.stderr)"
            )
            let object = try JSONSerialization.jsonObject(with: Data(run.stdoutBytes)) as? [String: Any]
            #expect(object?["exitCode"] as? Int == 4)
            #expect(!FileManager.default.fileExists(atPath: folder.file("state/sharevia/accounts.json")))
            Self.expectNoCanary(canaries, in: [run], folder: folder.path)
        }
    }

    @Test func aLoopbackRedirectWithAnotherStateIsRefused() async throws {
        let canaries = Canaries()
        try await HTTPTestServer.with(.init(routes: Self.routes(version: "4.3.0", canaries: canaries))) { server in
            let folder = TemporaryFolder("login-state")
            let live = try LiveShareviaProcess(
                ["login", "mastodon", "--instance", server.origin, "--redirect", "loopback"],
                environment: Self.environment(folder)
            )
            let url = try #require(try await live.waitForLine(startingWith: server.origin + "/oauth/authorize?"))
            let redirect = try #require(url.queryFields["redirect_uri"])
            let page = try await HTTPClient(.init(deadline: .seconds(10))).send(
                HTTPRequest(.get, try HTTPURL("\(redirect)?code=\(canaries.code)&state=forged"))
            )
            #expect(page.status == 400)
            let run = try await live.finish()
            #expect(run.status == 4)
            #expect(
                run.stderr.contains("carried a state that is not this sign-in's; nothing was signed in"),
                "\(run.stderr)"
            )
            #expect(server.received.map(\.path) == ["/api/v2/instance", "/api/v1/apps"])
        }
    }

    @Test func noLoopbackRedirectWithinTheTimeout() async throws {
        let canaries = Canaries()
        try await HTTPTestServer.with(.init(routes: Self.routes(version: "4.3.0", canaries: canaries))) { server in
            let run = try await ShareviaProcess.run(
                ["login", "mastodon", "--instance", server.origin, "--redirect", "loopback", "--timeout", "1"],
                environment: Self.environment(TemporaryFolder("login-timeout"))
            )
            #expect(run.status == 4)
            #expect(run.stderr.contains("/callback within 1 s"), "\(run.stderr)")
        }
    }

    @Test func anInstanceThatRefusesConnections() async throws {
        let port = try await HTTPTestServer.with { $0.port }
        let run = try await ShareviaProcess.run(
            ["login", "mastodon", "--instance", "http://127.0.0.1:\(port)"],
            environment: Self.environment(TemporaryFolder("login-refused"))
        )
        #expect(run.status == 4)
        #expect(
            run.stderr.hasPrefix(
                "error: not signed in: reading the server's version (GET /api/v2/instance) failed: can't connect to http://127.0.0.1:\(port)"
            ),
            "\(run.stderr)"
        )
    }

    @Test(arguments: [
        ("http://mastodon.example", "plain http is refused for mastodon.example"),
        ("https://mastodon.example/@alice", "has a path or query"),
    ])
    func anInstanceThatIsNotAServerIsAUsageError(instance: String, expected: String) async throws {
        let run = try await ShareviaProcess.run(
            ["login", "mastodon", "--instance", instance],
            environment: Self.environment(TemporaryFolder("login-usage"))
        )
        #expect(run.status == 64)
        #expect(run.stderr.hasPrefix("error: ") && run.stderr.contains(expected), "\(run.stderr)")
    }

    @Test func noCodeOnStandardInputIsAUsageError() async throws {
        let canaries = Canaries()
        try await HTTPTestServer.with(.init(routes: Self.routes(version: "4.3.0", canaries: canaries))) { server in
            let run = try await ShareviaProcess.run(
                ["login", "mastodon", "--instance", server.origin],
                environment: Self.environment(TemporaryFolder("login-nocode")),
                input: []
            )
            #expect(run.status == 64)
            #expect(run.stderr.contains("error: no authorization code was given"), "\(run.stderr)")
            #expect(!server.received.contains { $0.path == "/oauth/token" })
        }
    }

    /// In a desktop session the authorize URL is opened with xdg-open (a recording fake here).
    @Test func theAuthorizeURLIsOpenedWithXdgOpenInADesktopSession() async throws {
        let canaries = Canaries()
        try await HTTPTestServer.with(.init(routes: Self.routes(version: "4.3.0", canaries: canaries))) { server in
            let folder = TemporaryFolder("login-xdg")
            try FileManager.default.createDirectory(atPath: folder.file("bin"), withIntermediateDirectories: true)
            _ = try folder.writeExecutable(
                "#!/bin/sh\nprintf '%s\\n' \"$@\" > \"\(folder.file("opened"))\"\n",
                named: "bin/xdg-open"
            )
            let path = folder.file("bin") + ":" + (ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin")
            let run = try await ShareviaProcess.run(
                ["login", "mastodon", "--instance", server.origin],
                environment: Self.environment(folder, ["DISPLAY": ":99", "PATH": path]),
                input: Array((canaries.code + "\n").utf8)
            )
            #expect(run.status == 0, "\(run.stderr)")
            let opened = String(decoding: folder.read("opened") ?? Data(), as: UTF8.self)
            #expect(opened.hasPrefix(server.origin + "/oauth/authorize?response_type=code&"), "\(opened)")
            #expect(run.stderr.contains("  " + opened.trimmingCharacters(in: .newlines)))
        }
    }

    /// The help screen, pinned as the others are (SHAREVIA_UPDATE_HELP=1 accepts a change).
    @Test func helpScreenIsPinned() throws {
        let help = ShareviaCommand.helpMessage(for: LoginMastodonCommand.self, columns: 100) + "\n"
        let fixture = "\(PackageRoot.path)/Tests/ShareviaCLITests/Fixtures/help-login-mastodon.txt"
        if ProcessInfo.processInfo.environment["SHAREVIA_UPDATE_HELP"] == "1" {
            try help.write(toFile: fixture, atomically: true, encoding: .utf8)
        }
        let pinned = try String(contentsOfFile: fixture, encoding: .utf8)
        #expect(help == pinned, "help for 'login mastodon' changed; rerun with SHAREVIA_UPDATE_HELP=1 to accept")
    }
}
