import Accounts
import Foundation
import HTTPTransport
import ShareCore
import TestSupport
import Testing

@testable import Destinations

/// Sessions of an account signed in with `sharevia login bluesky`: refreshSession with the stored
/// refresh token, the rotated one saved back, and which source the credentials give.
@Suite struct BlueskyAccountSessionTests {
    typealias PDS = ScriptedPDS

    static func fileStore(_ folder: TemporaryFolder) -> AccountStore {
        AccountStore(
            configuration: .init(
                stateFolder: folder.file("state"),
                keyring: nil,
                keyringProblem: "no keyring in this test"
            )
        )
    }

    static func account(_ server: HTTPTestServer, handle: String = PDS.handle) -> Account {
        Account(network: .bluesky, name: handle, server: server.origin, id: PDS.did)
    }

    /// Saves the account with `token` and returns its record as the store lists it.
    static func signIn(_ store: AccountStore, _ server: HTTPTestServer, token: String) throws -> Account {
        try store.save(account: account(server), token: Secret(token)).account
    }

    @Test func refreshesWithTheStoredTokenSavesTheRotatedOneAndNeverCreatesASession() async throws {
        let folder = TemporaryFolder("bluesky-account")
        let store = Self.fileStore(folder)
        let stored = PDS.canary("refresh")
        let (access1, refresh1) = (PDS.canary("access"), PDS.canary("refresh"))
        let (access2, refresh2) = (PDS.canary("access"), PDS.canary("refresh"))
        let routes: [String: [HTTPTestServer.Answer]] = [
            PDS.refreshPath: [
                .status(200, json: PDS.session(access: access1, refresh: refresh1)),
                .status(200, json: PDS.session(access: access2, refresh: refresh2)),
            ]
        ]
        try await HTTPTestServer.with(.init(routes: routes)) { server in
            let source = BlueskyAccountSessionSource(
                account: try Self.signIn(store, server, token: stored),
                store: store,
                server: try PDS.server(server)
            )
            let client = PDS.client()
            async let first = source.session(client: client)
            async let second = source.session(client: client)
            let sessions = try await [first, second]
            #expect(sessions.allSatisfy { $0.accessToken.revealed() == access1 && $0.notice == nil })
            #expect(sessions[0].did == PDS.did && sessions[0].handle == PDS.handle)
            // The rotation is saved at once: the old token no longer works.
            let account = try store.account(network: .bluesky, named: PDS.handle)
            #expect(try store.token(for: account).revealed() == refresh1)

            let renewed = try await source.renewed(after: sessions[0], client: client)
            #expect(renewed.accessToken.revealed() == access2)
            #expect(try store.token(for: account).revealed() == refresh2)
            #expect(try await source.renewed(after: sessions[1], client: client).accessToken.revealed() == access2)

            let received = try PDS.checkRequests(server)
            #expect(received.map(\.path) == [PDS.refreshPath, PDS.refreshPath])
            #expect(received.map { $0.header("Authorization") } == ["Bearer \(stored)", "Bearer \(refresh1)"])
            // No token outside the token file.
            for token in [stored, refresh1, access1, access2] {
                #expect(files(under: folder.path, containing: token).isEmpty)
            }
            #expect(files(under: folder.path, containing: refresh2) == [store.tokenFile(for: account)])
        }
    }

    @Test(arguments: [
        ScriptedPDS.error(400, "ExpiredToken", "Token has been revoked"),
        ScriptedPDS.error(400, "InvalidToken", "Token could not be verified"),
        ScriptedPDS.error(401, "AuthenticationRequired", "Invalid token"),
    ])
    func aRefusedRefreshTokenSaysToSignInAgain(answer: HTTPTestServer.Answer) async throws {
        let folder = TemporaryFolder("bluesky-expired")
        let store = Self.fileStore(folder)
        let stored = PDS.canary("refresh")
        try await HTTPTestServer.with(.init(routes: [PDS.refreshPath: [answer]])) { server in
            let source = BlueskyAccountSessionSource(
                account: try Self.signIn(store, server, token: stored),
                store: store,
                server: try PDS.server(server)
            )
            do throws(ShareError) {
                _ = try await source.session(client: PDS.client())
                Issue.record("refreshed")
            } catch {
                #expect(error.code == .permanent)
                #expect(error.detail?.code == .signInAgain)
                #expect(error.message.hasSuffix("sign in to alice.bsky.social on \(server.origin) again"))
                #expect(error.detail?.setting == "bluesky.handle" && error.detail?.value == "alice.bsky.social")
                #expect(error.detail?.found.first == server.origin)
                #expect(error.message.contains("Token") || error.message.contains("token"))
                #expect(!error.detailedDescription.contains(stored))
            }
            // Never a createSession.
            #expect(try PDS.checkRequests(server).map(\.path) == [PDS.refreshPath])
        }
    }

    @Test func anAnswerForAnotherAccountIsRefused() async throws {
        let folder = TemporaryFolder("bluesky-other")
        let store = Self.fileStore(folder)
        let other =
            #"{"did":"did:plc:aaaaaaaaaaaaaaaaaaaaaaaa","handle":"bob.bsky.social","accessJwt":"access-jwt","refreshJwt":"refresh-jwt"}"#
        try await HTTPTestServer.with(.init(routes: [PDS.refreshPath: [.status(200, json: other)]])) { server in
            let record = try Self.signIn(store, server, token: "stored-refresh")
            let source = BlueskyAccountSessionSource(account: record, store: store, server: try PDS.server(server))
            await #expect(throws: ShareError.self) { try await source.session(client: PDS.client()) }
            // The other account's token was not saved over this one's.
            #expect(try store.token(for: record).revealed() == "stored-refresh")
        }
    }

    @Test func aRotationThatCantBeSavedStillPostsAndSaysToSignInAgain() async throws {
        let folder = TemporaryFolder("bluesky-unsaved")
        let store = Self.fileStore(folder)
        let refresh = PDS.canary("refresh")
        try await HTTPTestServer.with(
            .init(routes: [PDS.refreshPath: [.status(200, json: PDS.session(access: "access-jwt-1", refresh: refresh))]]
            )
        ) { server in
            let record = try Self.signIn(store, server, token: "stored-refresh")
            // The accounts file is damaged between the read and the save, so the save refuses.
            let accountsFile = folder.file("state/accounts.json")
            try Data("not json".utf8).write(to: URL(fileURLWithPath: accountsFile))
            chmod(accountsFile, 0o600)
            let source = BlueskyAccountSessionSource(account: record, store: store, server: try PDS.server(server))
            let session = try await source.session(client: PDS.client())
            #expect(session.accessToken.revealed() == "access-jwt-1")
            let notice = try #require(session.notice)
            #expect(notice.contains("could not be saved") && notice.contains("sign in to alice.bsky.social on"))
            #expect(!notice.contains(refresh))
        }
    }

    /// libsecret talks to the bus of the process's own `DBUS_SESSION_BUS_ADDRESS`, so the keyring
    /// part runs in an exit test (a child process that sets it first); `secret-tool` then checks.
    @Test func withAKeyringTheRotatedTokenIsWhereSecretToolFindsIt() async throws {
        try await SecretServiceSession.with { session in
            let folder = TemporaryFolder("bluesky-keyring")
            let stored = PDS.canary("refresh")
            let (access, refresh) = (PDS.canary("access"), PDS.canary("refresh"))
            let routes = [
                PDS.refreshPath: [
                    HTTPTestServer.Answer.status(200, json: PDS.session(access: access, refresh: refresh))
                ]
            ]
            try await HTTPTestServer.with(.init(routes: routes)) { server in
                let state = folder.file("state")
                let address = session.address
                let origin = server.origin
                await #expect(processExitsWith: .success) {
                    [
                        state = state as String, address = address as String, origin = origin as String,
                        stored = stored as String, access = access as String, refresh = refresh as String
                    ] in
                    setenv("DBUS_SESSION_BUS_ADDRESS", address, 1)
                    let store = AccountStore(configuration: .init(stateFolder: state))
                    let account = Account(network: .bluesky, name: PDS.handle, server: origin, id: PDS.did)
                    let record = try store.save(account: account, token: Secret(stored)).account
                    guard record.token == .keyring else { exit(3) }
                    let source = BlueskyAccountSessionSource(
                        account: record,
                        store: store,
                        server: try BlueskyServer(origin)
                    )
                    let got = try await source.session(client: PDS.client())
                    guard got.accessToken.revealed() == access, got.notice == nil else { exit(4) }
                    guard try store.token(for: record).revealed() == refresh else { exit(5) }
                }
                let found = try await session.lookup(network: "bluesky", account: PDS.handle)
                #expect(found == refresh)
                #expect(server.received.map { $0.header("Authorization") } == ["Bearer \(stored)"])
                for token in [stored, access, refresh] {
                    #expect(files(under: folder.path, containing: token).isEmpty)
                    #expect(!session.logs.contains(token))
                }
            }
        }
    }

    // MARK: Which source

    static func source(
        _ variables: [String: String],
        secrets: [String: Secret] = [:],
        store: AccountStore,
        server: String = "https://bsky.social"
    ) throws -> (source: (any BlueskySessionSource)?, problems: [SettingError]) {
        let environment = ShareEnvironment(variables)
        var problems: [SettingError] = []
        let source = BlueskyCredentials.source(
            reading: SettingsReader(providers: [EnvironmentSettingsProvider(environment: environment)]),
            problems: &problems,
            environment: environment,
            server: try BlueskyServer(server),
            secrets: secrets,
            accounts: store
        )
        return (source, problems)
    }

    @Test func anAppPasswordComesFirstThenTheAccountSignedInOnThatPDS() throws {
        let folder = TemporaryFolder("bluesky-credentials")
        let store = Self.fileStore(folder)
        // Nothing: no source, so the destination hands off.
        #expect(try Self.source([:], store: store).source == nil)
        let stored = Account(network: .bluesky, name: "carol.example.com", server: "https://bsky.social", id: PDS.did)
        try store.save(account: stored, token: Secret("stored-refresh"))
        try store.save(
            account: Account(network: .bluesky, name: "dave.example.com", server: "https://pds.example", id: PDS.did),
            token: Secret("other")
        )
        let account = try #require(try Self.source([:], store: store).source as? BlueskyAccountSessionSource)
        #expect(account.account.name == "carol.example.com")
        // Another PDS: its own account.
        let other = try #require(
            try Self.source([:], store: store, server: "https://pds.example").source as? BlueskyAccountSessionSource
        )
        #expect(other.account.name == "dave.example.com")
        #expect(try Self.source([:], store: store, server: "https://elsewhere.example").source == nil)

        let variables = [
            "SHAREVIA_BLUESKY_HANDLE": "@Alice.bsky.social", "SHAREVIA_BLUESKY_APP_PASSWORD": PDS.appPassword,
        ]
        let password = try #require(try Self.source(variables, store: store).source as? BlueskyPasswordSessionSource)
        #expect(password.identifier == "alice.bsky.social")
        // The config file's reference, resolved by whoever read the file.
        let fromConfig = try Self.source(
            ["SHAREVIA_BLUESKY_HANDLE": "alice.bsky.social"],
            secrets: ["bluesky.app_password": Secret(PDS.appPassword)],
            store: store
        )
        #expect(fromConfig.source is BlueskyPasswordSessionSource && fromConfig.problems.isEmpty)
    }

    @Test func theHandleChoosesAmongSignedInAccountsAndSeveralWithoutOneIsAnError() async throws {
        let folder = TemporaryFolder("bluesky-several")
        let store = Self.fileStore(folder)
        for name in ["carol.example.com", "dave.example.com"] {
            try store.save(
                account: Account(network: .bluesky, name: name, server: "https://bsky.social", id: PDS.did),
                token: Secret("t-\(name)")
            )
        }
        let chosen = try #require(
            try Self.source(["SHAREVIA_BLUESKY_HANDLE": "Dave.example.com"], store: store).source
                as? BlueskyAccountSessionSource
        )
        #expect(chosen.account.name == "dave.example.com")
        let unnamed = try #require(try Self.source([:], store: store).source)
        do throws(ShareError) {
            _ = try await unnamed.session(client: HTTPClient())
            Issue.record("chose one")
        } catch {
            #expect(error.code == .unavailable)
            #expect(error.detail?.code == .choiceNeeded)
            #expect(error.detail?.found == ["carol.example.com", "dave.example.com"])
        }
    }

    @Test func aDamagedAccountsFileOrAnUnreachableKeyringMakesTheSourceUnavailableWithTheReason() async throws {
        let folder = TemporaryFolder("bluesky-unusable")
        let store = Self.fileStore(folder)
        try store.save(
            account: Account(network: .bluesky, name: "carol.example.com", server: "https://bsky.social", id: PDS.did),
            token: Secret("stored-refresh")
        )
        // The record says the keyring, which this store can't reach: nothing is sent.
        var keyringRecord = try store.account(network: .bluesky, named: nil)
        keyringRecord.token = .keyring
        let viaKeyring = BlueskyAccountSessionSource(account: keyringRecord, store: store, server: .standard)
        do throws(ShareError) {
            _ = try await viaKeyring.session(client: HTTPClient())
            Issue.record("a session without its token")
        } catch {
            #expect(error.code == .unavailable)
            #expect(error.message.contains("can't read the stored sign-in of the Bluesky account carol.example.com"))
        }
        // A damaged accounts file: a source that says so, never a guess.
        let accountsFile = folder.file("state/accounts.json")
        try Data("{".utf8).write(to: URL(fileURLWithPath: accountsFile))
        chmod(accountsFile, 0o600)
        let damaged = try #require(try Self.source([:], store: store).source)
        do throws(ShareError) {
            _ = try await damaged.session(client: HTTPClient())
            Issue.record("a session from a damaged file")
        } catch {
            #expect(error.code == .unavailable)
            #expect(error.message.hasPrefix("can't read the Bluesky accounts signed in: "))
        }
    }

    @Test func anAccountPasswordOrAPasswordWithoutHandleIsAProblemNeverQuoted() throws {
        let folder = TemporaryFolder("bluesky-problems")
        let store = Self.fileStore(folder)
        let secret = "CANARY-hunter2-\(UInt64.random(in: 1...UInt64.max))"
        let refused = try Self.source(
            ["SHAREVIA_BLUESKY_HANDLE": "alice.bsky.social", "SHAREVIA_BLUESKY_APP_PASSWORD": secret],
            store: store
        )
        #expect(refused.source == nil)
        let problem = try #require(refused.problems.first)
        #expect(problem.description.hasPrefix("SHAREVIA_BLUESKY_APP_PASSWORD is not an app password"))
        #expect(problem.description.contains("App passwords"))
        #expect(!problem.description.contains(secret))

        let noHandle = try Self.source(["SHAREVIA_BLUESKY_APP_PASSWORD": PDS.appPassword], store: store)
        #expect(noHandle.source == nil)
        #expect(
            noHandle.problems.map(\.description) == [
                "SHAREVIA_BLUESKY_APP_PASSWORD is set but no handle is: set SHAREVIA_BLUESKY_HANDLE or bluesky.handle to the account's handle"
            ]
        )
        let badHandle = try Self.source(
            ["SHAREVIA_BLUESKY_HANDLE": "not a handle", "SHAREVIA_BLUESKY_APP_PASSWORD": PDS.appPassword],
            store: store
        )
        #expect(badHandle.source == nil)
        #expect(badHandle.problems.map(\.subject) == ["SHAREVIA_BLUESKY_HANDLE"])
    }

    /// The paths of the files under `path` whose bytes contain `needle`.
    func files(under path: String, containing needle: String) -> [String] {
        guard let walker = FileManager.default.enumerator(atPath: path) else { return [] }
        var found: [String] = []
        for case let name as String in walker {
            let file = path + "/" + name
            if let data = FileManager.default.contents(atPath: file), data.range(of: Data(needle.utf8)) != nil {
                found.append(file)
            }
        }
        return found
    }
}
