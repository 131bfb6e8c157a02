import Foundation
import TestSupport
import Testing

/// `sharevia --to bluesky` on the built binary, signed in with an app password from the
/// variables, against a loopback PDS (`HTTPTestServer`): the post's URL on stdout, the ids in
/// `--json`, the requests in `--dry-run`, a stall after sending reported as `unknown` with the
/// share falling back (exit 3), and the password and tokens nowhere in any output or file.
@Suite struct BlueskyPostEndToEndTests {
    static let password = "cnry-7q2x-pw9d-4kzt"
    static let access = "CANARY-access-\(UInt64.random(in: 1...UInt64.max))"
    static let refresh = "CANARY-refresh-\(UInt64.random(in: 1...UInt64.max))"
    static let did = "did:plc:z72i7hdynmk6r22z27h6tvur"

    static let createSession = HTTPTestServer.Answer.status(
        200,
        json:
            #"{"did":"\#(did)","handle":"alice.test","accessJwt":"\#(access)","refreshJwt":"\#(refresh)","active":true}"#
    )
    static let uploadBlob = HTTPTestServer.Answer.status(
        200,
        json:
            #"{"blob":{"$type":"blob","ref":{"$link":"bafkreibme22gw2h7y2h7tg2fhqotaqjucnbc24deqo72b6mkl2egezxhvy"},"mimeType":"image/png","size":1000}}"#
    )
    /// createRecord's answer names the record key the client chose.
    static let createRecord = HTTPTestServer.Answer.echoing(
        200,
        json:
            #"{"uri":"at://\#(did)/app.bsky.feed.post/{{rkey}}","cid":"bafyreie5737gdxlw5i64vzichcalba3z2v5n6icifvx5xytvske7mr3hpm"}"#,
        keys: ["rkey"]
    )

    static func environment(_ server: HTTPTestServer, home: TemporaryFolder) -> [String: String] {
        [
            "HOME": home.path, "XDG_STATE_HOME": home.file("state"), "XDG_CONFIG_HOME": home.file("config"),
            "SHAREVIA_BLUESKY_PDS": server.origin, "SHAREVIA_BLUESKY_HANDLE": "alice.test",
            "SHAREVIA_BLUESKY_APP_PASSWORD": password,
        ]
    }

    /// No secret in any output, nor in any file the run left under `home`.
    static func expectNoSecret(_ run: ShareviaProcess.Run, home: TemporaryFolder) throws {
        for secret in [password, access, refresh] {
            #expect(!run.stdout.contains(secret) && !run.stderr.contains(secret), "\(secret) printed")
        }
        let files = FileManager.default.enumerator(atPath: home.path)?.allObjects as? [String] ?? []
        for file in files {
            guard let data = FileManager.default.contents(atPath: home.file(file)) else { continue }
            let text = String(decoding: data, as: UTF8.self)
            #expect(![password, access, refresh].contains { text.contains($0) }, "a secret in \(file)")
        }
    }

    @Test func aPostPrintsItsURLAndJSONHasTheIds() async throws {
        let routes: [String: [HTTPTestServer.Answer]] = [
            "/xrpc/com.atproto.server.createSession": [Self.createSession],
            "/xrpc/com.atproto.repo.uploadBlob": [Self.uploadBlob],
            "/xrpc/com.atproto.repo.createRecord": [Self.createRecord],
        ]
        try await HTTPTestServer.with(.init(routes: routes)) { server in
            let home = TemporaryFolder("bluesky-e2e")
            let environment = Self.environment(server, home: home)
            let text = ["--to", "bluesky", PackageRoot.exampleCard, "--text", "Night Owl #focus", "--no-fallback"]
            let run = try await ShareviaProcess.run(text, environment: environment)
            #expect(run.status == 0, "\(run.stderr)")
            #expect(run.stdout.contains("https://bsky.app/profile/alice.test/post/"), "\(run.stdout)")
            #expect(run.stderr.contains("card.png has no alt text"), "\(run.stderr)")
            try Self.expectNoSecret(run, home: home)
            let paths = server.received.map { String($0.path.prefix { $0 != "?" }) }
            #expect(
                paths == [
                    "/xrpc/com.atproto.server.createSession", "/xrpc/com.atproto.repo.uploadBlob",
                    "/xrpc/com.atproto.repo.createRecord",
                ]
            )
            #expect(server.received[1].header("Authorization") == "Bearer \(Self.access)")
            #expect(
                server.received[1].body == [UInt8](try Data(contentsOf: URL(fileURLWithPath: PackageRoot.exampleCard)))
            )

            let json = try await ShareviaProcess.run(text + ["--json"], environment: environment)
            #expect(json.status == 0, "\(json.stderr)")
            let report = try #require(try JSONSerialization.jsonObject(with: Data(json.stdoutBytes)) as? [String: Any])
            let receipt = try #require(report["receipt"] as? [String: Any], "\(json.stdout)")
            #expect(receipt["outcome"] as? String == "delivered")
            let ids = try #require(receipt["ids"] as? [String: String])
            let rkey = try #require(ids["uri"]?.split(separator: "/").last.map(String.init))
            #expect(ids["uri"] == "at://\(Self.did)/app.bsky.feed.post/\(rkey)")
            #expect(ids["cid"] == "bafyreie5737gdxlw5i64vzichcalba3z2v5n6icifvx5xytvske7mr3hpm")
            #expect((receipt["locations"] as? [String]) == ["https://bsky.app/profile/alice.test/post/\(rkey)"])
            try Self.expectNoSecret(json, home: home)
        }
    }

    @Test func withoutCredentialsItHandsOffAndSaysHowToSignIn() async throws {
        let home = TemporaryFolder("bluesky-signed-out")
        let run = try await ShareviaProcess.run(
            ["--to", "bluesky", "--text", "hello", "--no-fallback"],
            environment: [
                "HOME": home.path, "XDG_STATE_HOME": home.file("state"), "XDG_CONFIG_HOME": home.file("config"),
            ]
        )
        #expect(run.status == 0, "\(run.stderr)")
        let output = run.stdout + run.stderr
        #expect(output.contains("https://bsky.app/intent/compose?text=hello"), "\(output)")
        #expect(
            output.contains(
                "to post for real, give it a Bluesky session: SHAREVIA_BLUESKY_APP_PASSWORD with "
                    + "SHAREVIA_BLUESKY_HANDLE, or an account signed in with sharevia login bluesky"
            ),
            "\(output)"
        )
    }

    @Test func aDryRunShowsTheRequestsAndSendsNothing() async throws {
        try await HTTPTestServer.with(.init()) { server in
            let home = TemporaryFolder("bluesky-dry")
            let run = try await ShareviaProcess.run(
                [
                    "--to", "bluesky", PackageRoot.exampleCard, "--text", "Hi @bob.test https://example.com",
                    "--dry-run",
                ],
                environment: Self.environment(server, home: home)
            )
            #expect(run.status == 0, "\(run.stderr)")
            #expect(run.stdout.contains("\(server.origin)/xrpc/com.atproto.identity.resolveHandle?handle=bob.test"))
            #expect(run.stdout.contains("\(server.origin)/xrpc/com.atproto.repo.uploadBlob (image/png, card.png)"))
            #expect(run.stdout.contains("\(server.origin)/xrpc/com.atproto.repo.createRecord (rkey "))
            #expect(run.stdout.contains("link bytes 13..<32 https://example.com"), "\(run.stdout)")
            #expect(run.stdout.contains("mention bytes 3..<12 @bob.test"))
            #expect(server.received.isEmpty)
            try Self.expectNoSecret(run, home: home)
        }
    }

    @Test func aStallAfterSendingIsUnknownAndTheShareFallsBack() async throws {
        let routes: [String: [HTTPTestServer.Answer]] = [
            "/xrpc/com.atproto.server.createSession": [Self.createSession],
            "/xrpc/com.atproto.repo.createRecord": [.stall()],
        ]
        try await HTTPTestServer.with(.init(routes: routes)) { server in
            let home = TemporaryFolder("bluesky-stall")
            let run = try await ShareviaProcess.run(
                [
                    "--to", "bluesky", "--text", "hello", "--fallback", "file", "--out", home.file("out"),
                    "--timeout", "3", "--json",
                ],
                environment: Self.environment(server, home: home)
            )
            #expect(run.status == 3, "\(run.stderr)")
            let report = try #require(try JSONSerialization.jsonObject(with: Data(run.stdoutBytes)) as? [String: Any])
            let attempts = try #require(report["attempts"] as? [[String: Any]], "\(run.stdout)")
            let bluesky = try #require(attempts.first)
            #expect(bluesky["destination"] as? String == "bluesky")
            #expect(bluesky["result"] as? String == "unknown", "\(bluesky)")
            let reason = try #require(bluesky["reason"] as? String)
            #expect(reason.contains("may have been carried out"), "\(reason)")
            #expect(reason.contains("makes a later retry safe"))
            #expect(report["deliveredBy"] as? String == "file")
            // Never resent: one createRecord.
            #expect(server.received.filter { $0.path.hasPrefix("/xrpc/com.atproto.repo.createRecord") }.count == 1)
            try Self.expectNoSecret(run, home: home)
        }
    }
}
