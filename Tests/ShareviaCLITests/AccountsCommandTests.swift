import Accounts
import ArgumentParser
import Foundation
import ShareCore
import TestSupport
import Testing

@testable import ShareviaCLI

#if canImport(Glibc)
import Glibc
#endif

/// `sharevia accounts` and `sharevia logout` on the built binary, with a real GNOME Keyring on a
/// private bus, and without one (the file fallback). Accounts are saved through
/// `AccountStore.save(account:token:)` as a sign-in will; where that must reach the keyring it
/// runs in an exit test, a child process that sets `DBUS_SESSION_BUS_ADDRESS` first.
@Suite struct AccountsCommandTests {
    static func canary() -> String { "CANARY-login-\(UInt64.random(in: 1...UInt64.max))" }

    static let alice = Account(
        network: .mastodon,
        name: "alice@example.social",
        server: "https://example.social",
        id: "109348"
    )
    static let bob = Account(
        network: .bluesky,
        name: "bob.bsky.social",
        server: "https://bsky.social",
        id: "did:plc:7iza6de2dwap2sbkpav7c6c6"
    )

    /// The environment of a run: its own HOME and state folder, plus `extra`.
    static func environment(_ folder: TemporaryFolder, _ extra: [String: String] = [:]) -> [String: String] {
        ["HOME": folder.path, "XDG_STATE_HOME": folder.file("state")].merging(extra) { $1 }
    }

    static func expectNoCanary(_ canary: String, in runs: [ShareviaProcess.Run], folders: [String]) {
        for run in runs {
            #expect(!(run.stdout + run.stderr).contains(canary), "printed the token:\n\(run.stdout)\(run.stderr)")
        }
        for folder in folders {
            let found = Self.files(under: folder, containing: canary)
            #expect(found.isEmpty, "the token is in \(found)")
        }
    }

    static func files(under path: String, containing needle: String) -> [String] {
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

    @Test func aKeyringAccountIsListedAndLoggedOutAndItsTokenNeverShows() async throws {
        try await SecretServiceSession.with { session in
            let folder = TemporaryFolder("cli-keyring")
            let state = folder.file("state/sharevia")
            let address = session.address
            let token = Self.canary()
            await #expect(processExitsWith: .success) {
                [state = state as String, address = address as String, token = token as String] in
                setenv("DBUS_SESSION_BUS_ADDRESS", address, 1)
                let saved = try AccountStore(configuration: .init(stateFolder: state))
                    .save(account: AccountsCommandTests.alice, token: Secret(token))
                if saved.account.token != .keyring { exit(2) }
            }
            #expect(try await session.lookup(network: "mastodon", account: "alice@example.social") == token)
            let environment = Self.environment(folder, session.environment)
            let list = try await ShareviaProcess.run(["accounts"], environment: environment)
            #expect(list.status == 0, "\(list.stderr)")
            #expect(
                list.stdout == """
                    NETWORK   ACCOUNT               SERVER                  ID      TOKEN
                    mastodon  alice@example.social  https://example.social  109348  keyring

                    """
            )
            let json = try await ShareviaProcess.run(["accounts", "--json"], environment: environment)
            let object = try #require(try JSONSerialization.jsonObject(with: Data(json.stdoutBytes)) as? [String: Any])
            let accounts = try #require(object["accounts"] as? [[String: Any]])
            #expect(accounts.count == 1 && accounts[0]["token"] as? String == "keyring")
            #expect(accounts[0]["name"] as? String == "alice@example.social" && accounts[0]["tokenFile"] == nil)
            #expect(object["accountsFile"] as? String == "\(state)/accounts.json")

            let logout = try await ShareviaProcess.run(["logout", "mastodon"], environment: environment)
            #expect(logout.status == 0, "\(logout.stderr)")
            #expect(
                logout.stdout
                    == "Signed out of Mastodon as alice@example.social: its token was removed from the keyring.\n"
            )
            #expect(try await session.lookup(network: "mastodon", account: "alice@example.social") == nil)
            let after = try await ShareviaProcess.run(["accounts"], environment: environment)
            #expect(after.stdout == "No accounts are signed in.\n")
            Self.expectNoCanary(token, in: [list, json, logout, after], folders: [folder.path])
            #expect(!session.logs.contains(token))
        }
    }

    @Test(arguments: [false, true])
    func withoutASecretServiceTheTokenGoesToAPrivateFileAndShareviaSaysSo(deadBus: Bool) async throws {
        let folder = TemporaryFolder("cli-file")
        let state = folder.file("state/sharevia")
        let token = Self.canary()
        let bus = deadBus ? "unix:path=\(folder.file("gone"))" : ""
        await #expect(processExitsWith: .success) {
            [state = state as String, token = token as String, bus = bus as String] in
            if bus.isEmpty { unsetenv("DBUS_SESSION_BUS_ADDRESS") } else { setenv("DBUS_SESSION_BUS_ADDRESS", bus, 1) }
            unsetenv("XDG_RUNTIME_DIR")
            let environment = ShareEnvironment(ProcessInfo.processInfo.environment)
            var configuration = try AccountStore.Configuration.standard(environment: environment)
            configuration.stateFolder = state
            let saved = try AccountStore(configuration: configuration).save(
                account: AccountsCommandTests.bob,
                token: Secret(token)
            )
            let expected = bus.isEmpty ? "DBUS_SESSION_BUS_ADDRESS is not set" : "session bus can't be reached"
            if saved.account.token != .file || saved.notice?.contains(expected) != true { exit(2) }
        }
        let file = "\(state)/tokens/bluesky-bob.bsky.social"
        var info = stat()
        #expect(lstat(file, &info) == 0 && info.st_mode & 0o777 == 0o600)
        #expect(Self.files(under: folder.path, containing: token) == [file])
        let environment = Self.environment(folder, deadBus ? ["DBUS_SESSION_BUS_ADDRESS": bus] : [:])
        let list = try await ShareviaProcess.run(["accounts"], environment: environment)
        #expect(list.status == 0, "\(list.stderr)")
        #expect(
            list.stdout.contains(
                "bob.bsky.social  https://bsky.social  did:plc:7iza6de2dwap2sbkpav7c6c6  file \(file)"
            ),
            "\(list.stdout)"
        )
        let json = try await ShareviaProcess.run(["accounts", "--json"], environment: environment)
        #expect(json.stdout.contains("\"tokenFile\" : \"\(file)\""), "\(json.stdout)")
        let logout = try await ShareviaProcess.run(
            ["logout", "bluesky"],
            environment: environment,
            timeout: .seconds(10)
        )
        #expect(logout.status == 0, "\(logout.stderr)")
        #expect(logout.stdout == "Signed out of Bluesky as bob.bsky.social: its token file \(file) was removed.\n")
        #expect(!FileManager.default.fileExists(atPath: file))
        Self.expectNoCanary(token, in: [list, json, logout], folders: [folder.path])
    }

    /// The keyring holding the token can't be reached: logout says so quickly, exits 4, and keeps
    /// the account listed so nothing stays behind unlisted.
    @Test func logoutOfAKeyringAccountWithoutTheKeyringFailsFastAndKeepsTheAccount() async throws {
        try await SecretServiceSession.with { session in
            let folder = TemporaryFolder("cli-keyring-gone")
            let state = folder.file("state/sharevia")
            let address = session.address
            await #expect(processExitsWith: .success) { [state = state as String, address = address as String] in
                setenv("DBUS_SESSION_BUS_ADDRESS", address, 1)
                _ = try AccountStore(configuration: .init(stateFolder: state))
                    .save(account: AccountsCommandTests.alice, token: Secret(AccountsCommandTests.canary()))
            }
            for extra in [["DBUS_SESSION_BUS_ADDRESS": "unix:path=\(folder.file("gone"))"], [:]] {
                let started = ContinuousClock.now
                let logout = try await ShareviaProcess.run(
                    ["logout", "mastodon"],
                    environment: Self.environment(folder, extra)
                )
                #expect(ContinuousClock.now - started < .seconds(5))
                #expect(logout.status == 4, "\(logout.stderr)")
                #expect(
                    logout.stderr.hasPrefix(
                        "error: the token of the Mastodon account alice@example.social is in the keyring, which can't be used: "
                    ),
                    "\(logout.stderr)"
                )
                #expect(logout.stderr.contains("unlock or start the keyring, then try again"))
            }
            let list = try await ShareviaProcess.run(["accounts"], environment: Self.environment(folder))
            #expect(list.stdout.contains("alice@example.social"))
            // With the keyring back, it goes.
            let logout = try await ShareviaProcess.run(
                ["logout", "mastodon"],
                environment: Self.environment(folder, session.environment)
            )
            #expect(logout.status == 0, "\(logout.stderr)")
        }
    }

    @Test func aDamagedAccountsFileIsReportedWithWhatToDo() async throws {
        let folder = TemporaryFolder("cli-damaged")
        let state = folder.file("state/sharevia")
        try FileManager.default.createDirectory(
            atPath: state,
            withIntermediateDirectories: true,
            attributes: [.posixPermissions: 0o700]
        )
        try folder.write(
            Array("{\"version\": 1, \"accounts\": [{\"network\": 7}]}".utf8),
            named: "state/sharevia/accounts.json"
        )
        chmod("\(state)/accounts.json", 0o600)
        let run = try await ShareviaProcess.run(["accounts"], environment: Self.environment(folder))
        #expect(run.status == 65)
        #expect(
            run.stderr.hasPrefix(
                "error: the accounts file \(state)/accounts.json is damaged: accounts[0].network has the wrong type"
            ),
            "\(run.stderr)"
        )
        #expect(
            run.stderr.contains("move it away (mv \(state)/accounts.json \(state)/accounts.json.bad) and sign in again")
        )
        let json = try await ShareviaProcess.run(["accounts", "--json"], environment: Self.environment(folder))
        #expect(json.status == 65 && json.stdout.contains("\"code\" : \"input\""), "\(json.stdout)")
        let logout = try await ShareviaProcess.run(["logout", "mastodon"], environment: Self.environment(folder))
        #expect(logout.status == 65)
    }

    @Test func logoutNamesTheAccountsWhenItCantTellWhichOne() async throws {
        let folder = TemporaryFolder("cli-which")
        let store = AccountStore(configuration: .init(stateFolder: folder.file("state/sharevia"), keyring: nil))
        try store.save(account: Self.alice, token: Secret(Self.canary()))
        var carol = Self.alice
        carol.name = "carol@example.social"
        try store.save(account: carol, token: Secret(Self.canary()))
        let environment = Self.environment(folder)
        let either = try await ShareviaProcess.run(["logout", "mastodon"], environment: environment)
        #expect(either.status == 64)
        #expect(
            either.stderr == """
                error: 2 Mastodon accounts are signed in (alice@example.social, carol@example.social); name one; \
                choose one with --account NAME

                """
        )
        let unknown = try await ShareviaProcess.run(
            ["logout", "bluesky", "--account", "dave.example.com"],
            environment: environment
        )
        #expect(unknown.status == 64)
        #expect(
            unknown.stderr.contains("no Bluesky account dave.example.com is signed in (none is)"),
            "\(unknown.stderr)"
        )
        let network = try await ShareviaProcess.run(["logout", "myspace"], environment: environment)
        #expect(network.status == 64 && network.stderr.contains("'mastodon' and 'bluesky'"), "\(network.stderr)")
        let one = try await ShareviaProcess.run(
            ["logout", "mastodon", "--account", "CAROL@example.social"],
            environment: environment
        )
        #expect(one.status == 0, "\(one.stderr)")
        #expect(try store.accounts().map(\.name) == ["alice@example.social"])
    }

    /// What a sign-in will print after saving: where the token went, and the store's notice
    /// when that is a file.
    @Test func aSavedAccountIsReportedWithWhereItsTokenWent() throws {
        let folder = TemporaryFolder("cli-saved")
        let token = Self.canary()
        let store = AccountStore(
            configuration: .init(stateFolder: folder.file("state"), keyring: nil, keyringProblem: "no bus here")
        )
        let saved = try store.save(account: Self.bob, token: Secret(token))
        let lines = AccountCommands.savedLines(saved)
        #expect(
            lines.output
                == "Signed in to Bluesky as bob.bsky.social on https://bsky.social; the token is in a file (see the note)."
        )
        #expect(
            lines.note
                == "note: the token is in the owner-only file \(folder.file("state/tokens/bluesky-bob.bsky.social")), not in a keyring: no bus here"
        )
        var keyring = saved
        keyring.account.token = .keyring
        keyring.notice = nil
        #expect(AccountCommands.savedLines(keyring).note == nil)
        #expect(AccountCommands.savedLines(keyring).output.hasSuffix("; the token is in the keyring."))
        #expect(!(lines.output + (lines.note ?? "")).contains(token))
    }

    /// The help screens, pinned as `HelpScreenTests` pins the others (SHAREVIA_UPDATE_HELP=1 accepts a change).
    @Test(arguments: ["accounts", "logout"])
    func helpScreenIsPinned(command: String) throws {
        let type: any ParsableCommand.Type = command == "accounts" ? AccountsCommand.self : LogoutCommand.self
        let help = ShareviaCommand.helpMessage(for: type, columns: 100) + "\n"
        let fixture = "\(PackageRoot.path)/Tests/ShareviaCLITests/Fixtures/help-\(command).txt"
        if ProcessInfo.processInfo.environment["SHAREVIA_UPDATE_HELP"] == "1" {
            try help.write(toFile: fixture, atomically: true, encoding: .utf8)
        }
        let pinned = try String(contentsOfFile: fixture, encoding: .utf8)
        #expect(help == pinned, "help for '\(command)' changed; rerun with SHAREVIA_UPDATE_HELP=1 to accept")
    }
}
