import Accounts
import Foundation
import ShareCore
import TestSupport
import Testing

#if canImport(Glibc)
import Glibc
#endif

/// `sharevia --to mastodon` on the built binary against a loopback server scripted as
/// Mastodon: the post's URL on stdout, its ids in `--json`, the requests in `--dry-run`, an
/// unknown outcome that still falls back, and a token from a real keyring; the token never
/// appears in any output or file.
@Suite struct MastodonPostEndToEndTests {
    static func canary() -> String { "CANARY-mastodon-\(UInt64.random(in: 1...UInt64.max))" }

    static let statusAnswer = HTTPTestServer.Answer.status(
        200,
        json:
            #"{"id":"2001","url":"https://mastodon.example/@alice/2001","uri":"https://mastodon.example/users/alice/statuses/2001"}"#
    )

    static func routes(statuses: [HTTPTestServer.Answer] = [statusAnswer]) -> [String: [HTTPTestServer.Answer]] {
        [
            "/api/v2/instance": [
                .status(200, json: #"{"version":"4.3.2","configuration":{"statuses":{"max_characters":500}}}"#)
            ],
            "/api/v2/media": [.status(200, json: #"{"id":"3001","type":"image","url":"https://files.example/1.png"}"#)],
            "/api/v1/statuses": statuses,
        ]
    }

    static func environment(_ folder: TemporaryFolder, token: String?) -> [String: String] {
        var environment = [
            "HOME": folder.path, "XDG_STATE_HOME": folder.file("state"), "XDG_CACHE_HOME": folder.file("cache"),
        ]
        environment["SHAREVIA_MASTODON_TOKEN"] = token
        return environment
    }

    static func expectNoCanary(_ canary: String, in runs: [ShareviaProcess.Run], folder: TemporaryFolder) {
        for run in runs {
            #expect(!(run.stdout + run.stderr).contains(canary), "printed the token:\n\(run.stdout)\(run.stderr)")
        }
        let found = AccountsCommandTests.files(under: folder.path, containing: canary)
        #expect(found.isEmpty, "the token is in \(found)")
    }

    @Test func aSignedInShareIsDeliveredWithThePostsURLAndIds() async throws {
        try await HTTPTestServer.with(.init(routes: Self.routes())) { server in
            let folder = TemporaryFolder("cli-mastodon")
            let token = Self.canary()
            let environment = Self.environment(folder, token: token)
            let arguments = [
                "--to", "mastodon", PackageRoot.exampleCard, "--text", "Night Owl unlocked", "--mastodon-instance",
                server.origin, "--out", folder.file("out"),
            ]
            let run = try await ShareviaProcess.run(arguments, environment: environment)
            #expect(run.status == 0, "\(run.stderr)")
            #expect(run.stdout == "https://mastodon.example/@alice/2001\n")
            #expect(run.stderr.contains("image posted without alt text"), "\(run.stderr)")

            let json = try await ShareviaProcess.run(arguments + ["--json"], environment: environment)
            #expect(json.status == 0, "\(json.stderr)")
            let object = try #require(try JSONSerialization.jsonObject(with: Data(json.stdoutBytes)) as? [String: Any])
            let receipt = try #require(object["receipt"] as? [String: Any], "\(json.stdout)")
            let ids = try #require(receipt["ids"] as? [String: String])
            #expect(ids["id"] == "2001" && ids["url"] == "https://mastodon.example/@alice/2001")
            #expect(receipt["outcome"] as? String == "delivered")

            let received = server.received
            #expect(received.filter { $0.path == "/api/v1/statuses" }.count == 2)
            for request in received where request.path != "/api/v2/instance" {
                #expect(request.header("Authorization") == "Bearer \(token)")
            }
            let keys = received.filter { $0.path == "/api/v1/statuses" }.compactMap { $0.header("Idempotency-Key") }
            #expect(keys.count == 2 && keys[0] != keys[1], "two shares, two keys: \(keys)")
            Self.expectNoCanary(token, in: [run, json], folder: folder)
        }
    }

    @Test func aTokenFileNamedInTheConfigFilePostsAndConfigCheckRedactsIt() async throws {
        try await HTTPTestServer.with(.init(routes: Self.routes())) { server in
            let folder = TemporaryFolder("cli-mastodon-config")
            let token = Self.canary()
            let tokenFile = try folder.write(Array((token + "\n").utf8), named: "token")
            try FileManager.default.setAttributes([.posixPermissions: 0o600], ofItemAtPath: tokenFile)
            let text = "mastodon:\n  instance: \(server.origin)\n  token_file: \(tokenFile)\n  visibility: private\n"
            let config = try folder.write(Array(text.utf8), named: "config.yaml")
            let environment = Self.environment(folder, token: nil)
            let run = try await ShareviaProcess.run(
                ["--to", "mastodon", "--text", "Night Owl", "--config", config],
                environment: environment
            )
            #expect(run.status == 0, "\(run.stderr)")
            #expect(run.stdout == "https://mastodon.example/@alice/2001\n")
            let post = try #require(server.received.first { $0.path == "/api/v1/statuses" })
            #expect(post.header("Authorization") == "Bearer \(token)")
            let body = try #require(try JSONSerialization.jsonObject(with: Data(post.body)) as? [String: Any])
            #expect(body["visibility"] as? String == "private" && body["media_ids"] == nil)
            let check = try await ShareviaProcess.run(
                ["config", "check", "--config", config],
                environment: environment
            )
            #expect(check.stdout.contains("mastodon.token"), "\(check.stdout)")
            let found = AccountsCommandTests.files(under: folder.path, containing: token)
            #expect(found == [tokenFile], "the token is only in its file: \(found)")
            for output in [run, check] {
                #expect(!(output.stdout + output.stderr).contains(token))
            }
        }
    }

    @Test func theDryRunShowsTheRequestsAndSendsNothing() async throws {
        try await HTTPTestServer.with(.init(routes: Self.routes())) { server in
            let folder = TemporaryFolder("cli-mastodon-dry")
            let token = Self.canary()
            let run = try await ShareviaProcess.run(
                [
                    "--to", "mastodon", PackageRoot.exampleCard, "--text", "Night Owl", "--mastodon-instance",
                    server.origin, "--dry-run",
                ],
                environment: Self.environment(folder, token: token)
            )
            #expect(run.status == 0, "\(run.stderr)")
            let output = run.stdout + run.stderr
            #expect(output.contains("POST \(server.origin)/api/v2/media"), "\(output)")
            #expect(output.contains("POST \(server.origin)/api/v1/statuses"))
            #expect(output.contains("Idempotency-Key") && output.contains("sharevia-"))
            #expect(output.contains("Bearer <redacted>"))
            #expect(server.received.isEmpty)
            Self.expectNoCanary(token, in: [run], folder: folder)
        }
    }

    @Test func aStallAfterTheStatusIsSentIsUnknownAndTheShareStillFallsBack() async throws {
        try await HTTPTestServer.with(.init(routes: Self.routes(statuses: [.stall()]))) { server in
            let folder = TemporaryFolder("cli-mastodon-stall")
            let token = Self.canary()
            let run = try await ShareviaProcess.run(
                [
                    "--to", "mastodon", PackageRoot.exampleCard, "--text", "Night Owl", "--mastodon-instance",
                    server.origin, "--fallback", "file", "--out", folder.file("out"), "--timeout", "3", "--json",
                ],
                environment: Self.environment(folder, token: token)
            )
            #expect(run.status == 3, "\(run.stderr)")
            let object = try #require(try JSONSerialization.jsonObject(with: Data(run.stdoutBytes)) as? [String: Any])
            let attempts = try #require(object["attempts"] as? [[String: Any]], "\(run.stdout)")
            let mastodon = attempts.filter { $0["destination"] as? String == "mastodon" }
            #expect(mastodon.map { $0["result"] as? String } == ["unknown"], "\(attempts)")
            #expect((mastodon.first?["reason"] as? String)?.contains("Idempotency-Key") == true)
            #expect(attempts.last?["destination"] as? String == "file")
            #expect(
                server.received.filter { $0.path == "/api/v1/statuses" }.count == 1,
                "an unknown outcome is never resent"
            )
            Self.expectNoCanary(token, in: [run], folder: folder)
        }
    }

    @Test func theTokenOfAKeyringAccountPostsAndNeverShows() async throws {
        try await SecretServiceSession.with { session in
            try await HTTPTestServer.with(.init(routes: Self.routes())) { server in
                let folder = TemporaryFolder("cli-mastodon-keyring")
                let state = folder.file("state/sharevia")
                let token = Self.canary()
                let address = session.address
                let origin = server.origin
                await #expect(processExitsWith: .success) {
                    [
                        state = state as String, address = address as String, token = token as String,
                        origin = origin as String
                    ] in
                    setenv("DBUS_SESSION_BUS_ADDRESS", address, 1)
                    let account = Account(
                        network: .mastodon,
                        name: "alice@127.0.0.1",
                        server: origin,
                        id: "109348"
                    )
                    let saved = try AccountStore(configuration: .init(stateFolder: state)).save(
                        account: account,
                        token: Secret(token)
                    )
                    if saved.account.token != .keyring { exit(2) }
                }
                #expect(try await session.lookup(network: "mastodon", account: "alice@127.0.0.1") == token)
                var environment = Self.environment(folder, token: nil)
                environment.merge(session.environment) { $1 }
                let run = try await ShareviaProcess.run(
                    [
                        "--to", "mastodon", PackageRoot.exampleCard, "--text", "Night Owl", "--mastodon-instance",
                        origin,
                    ],
                    environment: environment
                )
                #expect(run.status == 0, "\(run.stderr)")
                #expect(run.stdout == "https://mastodon.example/@alice/2001\n")
                let posts = server.received.filter { $0.path == "/api/v1/statuses" }
                #expect(posts.count == 1 && posts.first?.header("Authorization") == "Bearer \(token)")
                Self.expectNoCanary(token, in: [run], folder: folder)
            }
        }
    }
}
