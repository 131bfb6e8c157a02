import Accounts
import ArgumentParser
import Foundation
import ProcessRunning
import ShareCore
import TestSupport
import Testing

@testable import ShareviaCLI

/// `sharevia login bluesky` on the built binary against a loopback PDS (`HTTPTestServer`), with
/// a real GNOME Keyring on a private bus and without one (the file fallback); every request
/// checked against the createSession lexicon, and no password or token in any output or file
/// outside the keyring.
@Suite struct LoginBlueskyCommandTests {
    static let createPath = "/xrpc/com.atproto.server.createSession"
    static let did = "did:plc:7iza6de2dwap2sbkpav7c6c6"
    static let appPassword = "abcd-2345-efgh-6789"

    static func canary(_ kind: String) -> String { "CANARY-\(kind)-\(UInt64.random(in: 1...UInt64.max))" }

    static func session(access: String, refresh: String) -> HTTPTestServer.Answer {
        .status(
            200,
            json:
                #"{"did":"\#(did)","handle":"alice.bsky.social","accessJwt":"\#(access)","refreshJwt":"\#(refresh)","active":true}"#
        )
    }

    static func environment(_ folder: TemporaryFolder, _ extra: [String: String] = [:]) -> [String: String] {
        ["HOME": folder.path, "XDG_STATE_HOME": folder.file("state")].merging(extra) { $1 }
    }

    /// Checks a createSession request against the lexicon's input schema (required fields,
    /// declared properties, their types), and returns its body.
    static func checkCreateSession(_ request: HTTPTestServer.Received) throws -> [String: Any] {
        #expect(request.method == "POST" && request.path == createPath)
        #expect(request.header("Content-Type") == "application/json")
        #expect(request.header("Authorization") == nil)
        let lexicon =
            "\(PackageRoot.path)/Tests/DestinationsTests/Bluesky/Fixtures/atproto/lexicons/com/atproto/server/createSession.json"
        let document =
            try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: lexicon))) as? [String: Any]
        let main = (document?["defs"] as? [String: Any])?["main"] as? [String: Any]
        let schema = try #require((main?["input"] as? [String: Any])?["schema"] as? [String: Any])
        let properties = try #require(schema["properties"] as? [String: [String: Any]])
        let body = try #require(try JSONSerialization.jsonObject(with: Data(request.body)) as? [String: Any])
        for name in schema["required"] as? [String] ?? [] { #expect(body[name] != nil, "no \(name)") }
        for (name, value) in body {
            let declared = try #require(properties[name], "\(name) is not in the lexicon")
            if declared["type"] as? String == "string" { #expect(value is String, "\(name) is not a string") }
        }
        return body
    }

    static func files(under path: String, containing needle: String) -> [String] {
        AccountsCommandTests.files(under: path, containing: needle)
    }

    @Test func signsInFromAPipeSavesTheRefreshTokenToAFileWithoutKeyringAndPrintsNoSecret() async throws {
        let folder = TemporaryFolder("login-bluesky")
        let (access, refresh) = (Self.canary("access"), Self.canary("refresh"))
        try await HTTPTestServer.with(
            .init(routes: [Self.createPath: [Self.session(access: access, refresh: refresh)]])
        ) { server in
            let environment = Self.environment(folder)
            let login = try await ShareviaProcess.run(
                ["login", "bluesky", "--handle", "@Alice.bsky.social", "--pds", server.origin],
                environment: environment,
                input: Array("\(Self.appPassword)\n".utf8)
            )
            #expect(login.status == 0, "\(login.stderr)")
            #expect(
                login.stdout
                    == "Signed in to Bluesky as alice.bsky.social on \(server.origin); the token is in a file (see the note).\n"
            )
            let tokenFile = folder.file("state/sharevia/tokens/bluesky-alice.bsky.social")
            #expect(login.stderr.hasPrefix("note: the token is in the owner-only file \(tokenFile), not in a keyring"))
            let received = server.received
            #expect(received.count == 1)
            let body = try Self.checkCreateSession(try #require(received.first))
            #expect(body as? [String: String] == ["identifier": "alice.bsky.social", "password": Self.appPassword])

            // The refresh token, and only it, is kept; in its owner-only file.
            #expect(try String(contentsOfFile: tokenFile, encoding: .utf8) == refresh)
            #expect(Self.files(under: folder.path, containing: refresh) == [tokenFile])
            for secret in [access, Self.appPassword] {
                #expect(Self.files(under: folder.path, containing: secret).isEmpty)
            }
            let listed = try await ShareviaProcess.run(["accounts", "--json"], environment: environment)
            #expect(listed.stdout.contains(#""id" : "\#(Self.did)""#))
            #expect(listed.stdout.contains(#""server" : "\#(server.origin)""#))
            for run in [login, listed] {
                for secret in [access, refresh, Self.appPassword] {
                    #expect(!(run.stdout + run.stderr).contains(secret))
                }
            }
            // logout forgets it.
            let logout = try await ShareviaProcess.run(["logout", "bluesky"], environment: environment)
            #expect(logout.status == 0)
            #expect(!FileManager.default.fileExists(atPath: tokenFile))
        }
    }

    @Test func jsonSaysWhichAccountAndWhereTheTokenIs() async throws {
        let folder = TemporaryFolder("login-bluesky-json")
        let refresh = Self.canary("refresh")
        try await HTTPTestServer.with(
            .init(routes: [Self.createPath: [Self.session(access: "access-jwt", refresh: refresh)]])
        ) { server in
            let login = try await ShareviaProcess.run(
                ["login", "bluesky", "--handle", "alice.bsky.social", "--json"],
                environment: Self.environment(folder, ["SHAREVIA_BLUESKY_PDS": server.origin]),
                input: Array(Self.appPassword.utf8)
            )
            #expect(login.status == 0, "\(login.stderr)")
            let object = try #require(try JSONSerialization.jsonObject(with: Data(login.stdoutBytes)) as? [String: Any])
            let account = try #require(object["account"] as? [String: String])
            #expect(account["network"] == "bluesky" && account["name"] == "alice.bsky.social")
            #expect(account["server"] == server.origin && account["id"] == Self.did && account["token"] == "file")
            #expect(account["tokenFile"] == folder.file("state/sharevia/tokens/bluesky-alice.bsky.social"))
            #expect((object["notice"] as? String)?.contains("not in a keyring") == true)
            #expect(!login.stdout.contains(refresh))
        }
    }

    @Test func withAKeyringTheRefreshTokenIsWhereSecretToolFindsItAndNowhereElse() async throws {
        try await SecretServiceSession.with { session in
            let folder = TemporaryFolder("login-bluesky-keyring")
            let (access, refresh) = (Self.canary("access"), Self.canary("refresh"))
            try await HTTPTestServer.with(
                .init(routes: [Self.createPath: [Self.session(access: access, refresh: refresh)]])
            ) { server in
                let login = try await ShareviaProcess.run(
                    ["login", "bluesky", "--handle", "alice.bsky.social", "--pds", server.origin],
                    environment: Self.environment(folder, session.environment),
                    input: Array("\(Self.appPassword)\n".utf8)
                )
                #expect(login.status == 0, "\(login.stderr)")
                #expect(login.stdout.hasSuffix("; the token is in the keyring.\n"))
                #expect(login.stderr.isEmpty)
                #expect(try await session.lookup(network: "bluesky", account: "alice.bsky.social") == refresh)
                for secret in [access, refresh, Self.appPassword] {
                    #expect(!(login.stdout + login.stderr).contains(secret))
                    #expect(Self.files(under: folder.path, containing: secret).isEmpty)
                    #expect(!session.logs.contains(secret))
                }
            }
        }
    }

    /// Runs a login with `input` on stdin against a PDS answering `answers`; returns the run and
    /// the requests it received.
    static func login(
        input: String,
        answers: [HTTPTestServer.Answer] = [],
        arguments: [String] = []
    ) async throws -> (ShareviaProcess.Run, [HTTPTestServer.Received]) {
        let folder = TemporaryFolder("login-bluesky-refused")
        return try await HTTPTestServer.with(.init(routes: [Self.createPath: answers])) { server in
            let run = try await ShareviaProcess.run(
                ["login", "bluesky", "--handle", "alice.bsky.social", "--pds", server.origin] + arguments,
                environment: Self.environment(folder),
                input: Array(input.utf8)
            )
            #expect(!FileManager.default.fileExists(atPath: folder.file("state/sharevia/accounts.json")))
            return (run, server.received)
        }
    }

    @Test(arguments: ["hunter2\n", "Abcd-2345-efgh-6789\n", "abcd2345efgh6789\n", "CANARY-account-password-93\n"])
    func anAccountPasswordIsRefusedBeforeAnyRequest(input: String) async throws {
        let (run, received) = try await Self.login(input: input)
        #expect(run.status == 64)
        #expect(received.isEmpty)
        #expect(run.stderr.contains("is not an app password: app passwords have the form xxxx-xxxx-xxxx-xxxx"))
        #expect(run.stderr.contains("Settings → Privacy and security → App passwords"))
        #expect(!run.stderr.contains(input.dropLast()) && !run.stdout.contains(input.dropLast()))
    }

    @Test func noPasswordOrAnOverlongLineIsAUsageError() async throws {
        let (empty, none) = try await Self.login(input: "")
        #expect(empty.status == 64 && none.isEmpty)
        #expect(empty.stderr.contains("no app password was given"))
        let (long, nothing) = try await Self.login(input: String(repeating: "a", count: 300) + "\n")
        #expect(long.status == 64 && nothing.isEmpty)
        #expect(long.stderr.contains("longer than 256 bytes"))
    }

    @Test func refusedCredentialsQuoteTheServerAndSaveNothing() async throws {
        let refused = HTTPTestServer.Answer.status(
            401,
            json: #"{"error":"AuthenticationRequired","message":"Invalid identifier or password"}"#
        )
        let (run, received) = try await Self.login(input: Self.appPassword + "\n", answers: [refused])
        #expect(run.status == 4)
        #expect(received.count == 1)
        #expect(run.stderr.contains(#"(401): "AuthenticationRequired: Invalid identifier or password""#))
        #expect(!run.stderr.contains(Self.appPassword))
    }

    @Test func anEmailCodeRequestSaysAppPasswordsSkipIt() async throws {
        let code = HTTPTestServer.Answer.status(
            401,
            json: #"{"error":"AuthFactorTokenRequired","message":"A sign in code has been sent to your email address"}"#
        )
        let (run, _) = try await Self.login(input: Self.appPassword + "\n", answers: [code], arguments: ["--json"])
        #expect(run.status == 4)
        #expect(run.stderr.contains("which an app password skips"))
        let object = try JSONSerialization.jsonObject(with: Data(run.stdoutBytes)) as? [String: Any]
        let error = object?["error"] as? [String: Any]
        #expect((error?["message"] as? String)?.contains("AuthFactorTokenRequired") == true)
    }

    @Test func aRefusedConnectionAndPlainHTTPElsewhereAreRefused() async throws {
        let folder = TemporaryFolder("login-bluesky-unreachable")
        let closedPort = try await HTTPTestServer.with { $0.port }
        let refused = try await ShareviaProcess.run(
            ["login", "bluesky", "--handle", "alice.bsky.social", "--pds", "http://127.0.0.1:\(closedPort)"],
            environment: Self.environment(folder),
            input: Array(Self.appPassword.utf8)
        )
        #expect(refused.status == 4)
        #expect(refused.stderr.contains("not signed in: can't connect"))
        let plain = try await ShareviaProcess.run(
            ["login", "bluesky", "--handle", "alice.bsky.social", "--pds", "http://pds.example"],
            environment: Self.environment(folder),
            input: Array(Self.appPassword.utf8)
        )
        #expect(plain.status == 64)
        #expect(plain.stderr.contains("uses plain http; only https is accepted"))
        let badHandle = try await ShareviaProcess.run(
            ["login", "bluesky", "--handle", "alice"],
            environment: Self.environment(folder),
            input: Array(Self.appPassword.utf8)
        )
        #expect(badHandle.status == 64)
        #expect(badHandle.stderr.contains("--handle is not a handle such as alice.bsky.social"))
    }

    /// What `pty-driver.py` reports of a login run on a pseudo-terminal.
    struct TerminalRun: Decodable {
        var status: Int?
        var shown: String
        var sawPrompt: Bool
        var echoDuring: Bool
        var echoAfter: Bool
    }

    /// Runs a login on a pseudo-terminal: waits for the prompt, then types `text` (`type`) or
    /// sends a signal (`sigint`, `sigterm`).
    static func onTerminal(
        _ mode: String,
        text: String = "",
        pds: String,
        folder: TemporaryFolder
    ) async throws
        -> TerminalRun
    {
        let driver = "\(PackageRoot.path)/Tests/ShareviaCLITests/Fixtures/pty-driver.py"
        var environment = ProcessInfo.processInfo.environment.filter { ["PATH", "LANG", "TMPDIR"].contains($0.key) }
        environment.merge(Self.environment(folder)) { $1 }
        let output = try await ProcessRunner().run(
            "/usr/bin/python3",
            arguments: [
                driver, mode, "(xxxx-xxxx-xxxx-xxxx): ", text, ShareviaProcess.binary,
                "login", "bluesky", "--handle", "alice.bsky.social", "--pds", pds,
            ],
            environment: environment,
            timeout: .seconds(90)
        )
        #expect(output.exitStatus == 0, "\(String(decoding: output.standardError, as: UTF8.self))")
        return try JSONDecoder().decode(TerminalRun.self, from: Data(output.standardOutput))
    }

    @Test func onATerminalThePasswordIsNotEchoedAndEchoComesBack() async throws {
        let folder = TemporaryFolder("login-bluesky-pty")
        let refresh = Self.canary("refresh")
        try await HTTPTestServer.with(
            .init(routes: [Self.createPath: [Self.session(access: "access-jwt", refresh: refresh)]])
        ) { server in
            let run = try await Self.onTerminal("type", text: Self.appPassword, pds: server.origin, folder: folder)
            #expect(run.sawPrompt && run.status == 0, "\(run.shown)")
            #expect(!run.echoDuring)
            #expect(run.echoAfter)
            #expect(!run.shown.contains(Self.appPassword) && !run.shown.contains(refresh))
            #expect(run.shown.contains("Signed in to Bluesky as alice.bsky.social"))
            let body = try Self.checkCreateSession(try #require(server.received.first))
            #expect(body["password"] as? String == Self.appPassword)
        }
    }

    @Test(arguments: [("sigint", 130, "SIGINT"), ("sigterm", 143, "SIGTERM")])
    func aSignalAtThePromptRestoresEchoAndSavesNothing(mode: String, status: Int, name: String) async throws {
        let folder = TemporaryFolder("login-bluesky-pty-signal")
        try await HTTPTestServer.with { server in
            let run = try await Self.onTerminal(mode, pds: server.origin, folder: folder)
            #expect(run.sawPrompt && !run.echoDuring)
            #expect(run.status == status, "\(run.shown)")
            #expect(run.echoAfter)
            #expect(run.shown.contains("interrupted by \(name); not signed in, nothing was saved"))
            #expect(server.received.isEmpty)
            #expect(!FileManager.default.fileExists(atPath: folder.file("state/sharevia/accounts.json")))
        }
    }

    @Test func helpScreenIsPinned() throws {
        let help = ShareviaCommand.helpMessage(for: LoginBlueskyCommand.self, columns: 100) + "\n"
        let fixture = "\(PackageRoot.path)/Tests/ShareviaCLITests/Fixtures/help-login-bluesky.txt"
        if ProcessInfo.processInfo.environment["SHAREVIA_UPDATE_HELP"] == "1" {
            try help.write(toFile: fixture, atomically: true, encoding: .utf8)
        }
        let pinned = try String(contentsOfFile: fixture, encoding: .utf8)
        #expect(help == pinned, "help for 'login bluesky' changed; rerun with SHAREVIA_UPDATE_HELP=1 to accept")
    }
}

/// A Bluesky account's refused sign-in is worded with the command that signs it in again.
@Suite struct LoginBlueskyAdviceTests {
    @Test func aRefusedStoredSignInNamesTheLoginCommand() {
        let detail = ShareError.Detail(
            .signInAgain,
            setting: "bluesky.handle",
            value: "alice.bsky.social",
            found: ["http://127.0.0.1:2583", "400", "ExpiredToken"]
        )
        #expect(
            ErrorAdvice.advised("sign in to alice.bsky.social on http://127.0.0.1:2583 again", detail)
                == "sign in to alice.bsky.social on http://127.0.0.1:2583 again (run 'sharevia login bluesky --handle alice.bsky.social --pds http://127.0.0.1:2583')"
        )
        let standard = ShareError.Detail(
            .signInAgain,
            setting: "bluesky.handle",
            value: "bob.example.com",
            found: ["https://bsky.social"]
        )
        #expect(ErrorAdvice.advised("m", standard) == "m (run 'sharevia login bluesky --handle bob.example.com')")
        // Another network's, or the app password's: no Bluesky login advice.
        #expect(ErrorAdvice.advised("m", .init(.signInAgain, found: ["https://example.social", "401"])) == "m")
    }
}
