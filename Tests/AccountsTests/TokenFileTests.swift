import Accounts
import Foundation
import ShareCore
import TestSupport
import Testing

#if canImport(Glibc)
import Glibc
#endif

/// The store without a keyring: tokens in owner-only files, written atomically, read only when
/// private, and the store says where they went.
@Suite struct TokenFileTests {
    @Test func withoutAKeyringTheTokenGoesToAPrivateFileAndTheStoreSaysSo() throws {
        let folder = TemporaryFolder("accounts-file")
        let store = fileOnlyStore(folder)
        let token = canary()
        let saved = try store.save(account: bluesky(), token: Secret(token))
        let file = folder.file("state/tokens/bluesky-alice.bsky.social")
        #expect(saved.account.token == .file && saved.tokenFile == file)
        #expect(
            saved.notice == "the token is in the owner-only file \(file), not in a keyring: no keyring in this test"
        )
        #expect(mode(folder.file("state")) == 0o700 && mode(folder.file("state/tokens")) == 0o700)
        #expect(mode(file) == 0o600 && mode(folder.file("state/accounts.json")) == 0o600)
        #expect(
            String(decoding: folder.read("state/tokens/bluesky-alice.bsky.social") ?? Data(), as: UTF8.self) == token
        )
        #expect(files(under: folder.path, containing: token) == [file])
        #expect(try store.token(for: saved.account).revealed() == token)
        #expect(try store.accounts() == [saved.account])
        // No staged file is left beside them.
        #expect(folder.names(in: "state") == ["accounts.json", "tokens"])
        #expect(folder.names(in: "state/tokens") == ["bluesky-alice.bsky.social"])

        let removed = try store.remove(saved.account)
        #expect(removed.tokenFileRemoved == file && removed.keyringItemRemoved == nil)
        #expect(folder.names(in: "state/tokens").isEmpty)
        #expect(try store.accounts().isEmpty)
    }

    /// A sign-in killed while writing leaves a temporary file; the next write removes it once
    /// it is an hour old (and leaves a younger one, which a running sign-in may still write).
    @Test func aTemporaryTokenFileLeftByAKilledRunIsRemovedLater() throws {
        let folder = TemporaryFolder("accounts-stale")
        let store = fileOnlyStore(folder)
        try store.save(account: mastodon(), token: Secret(canary()))
        let stale = try folder.write(Array(canary().utf8), named: "state/tokens/.mastodon-alice@example.social.tmp-old")
        let young = try folder.write(Array(canary().utf8), named: "state/tokens/.mastodon-alice@example.social.tmp-new")
        var times = [timeval(tv_sec: time(nil) - 7200, tv_usec: 0), timeval(tv_sec: time(nil) - 7200, tv_usec: 0)]
        #expect(utimes(stale, &times) == 0)
        try store.save(account: mastodon(), token: Secret(canary()))
        #expect(!FileManager.default.fileExists(atPath: stale))
        #expect(FileManager.default.fileExists(atPath: young))
    }

    @Test func aFileOnlyStoreNeverLoadsLibsecret() throws {
        let folder = TemporaryFolder("accounts-no-libsecret")
        let store = fileOnlyStore(folder)
        let saved = try store.save(account: mastodon(), token: Secret(canary()))
        _ = try store.token(for: saved.account)
        try store.remove(saved.account)
        // Listing never asks the keyring, even when one is configured.
        let withKeyring = AccountStore(configuration: .init(stateFolder: folder.file("state")))
        try store.save(account: bluesky(), token: Secret(canary()))
        #expect(try withKeyring.accounts().count == 1)
        // Every keyring call of these tests runs in a child process; this one never made one.
        #expect(!SecretServiceKeyring.isLoaded)
    }

    @Test func theStandardConfigurationUsesTheStateHomeAndAsksNoKeyringWithoutABus() throws {
        let plain = try AccountStore.Configuration.standard(environment: ShareEnvironment(["HOME": "/home/a"]))
        #expect(plain.stateFolder == "/home/a/.local/state/sharevia")
        #expect(plain.keyring == nil && plain.keyringProblem?.contains("DBUS_SESSION_BUS_ADDRESS") == true)
        let state = try AccountStore.Configuration.standard(
            environment: ShareEnvironment([
                "HOME": "/home/a", "XDG_STATE_HOME": "/s", "DBUS_SESSION_BUS_ADDRESS": "unix:path=/run/bus",
            ])
        )
        #expect(state.stateFolder == "/s/sharevia" && state.keyring != nil)
        #expect(throws: AccountStoreError.self) {
            try AccountStore.Configuration.standard(environment: ShareEnvironment())
        }
    }

    @Test func aTokenFileOthersCanReadIsRefused() throws {
        let folder = TemporaryFolder("accounts-open-file")
        let store = fileOnlyStore(folder)
        let saved = try store.save(account: mastodon(), token: Secret(canary()))
        chmod(folder.file("state/tokens/mastodon-alice@example.social"), 0o644)
        #expect {
            try store.token(for: saved.account)
        } throws: { error in
            let error = error as? AccountStoreError
            return error?.code == .unsafeFile && error?.message.contains("has mode 644") == true
        }
    }

    @Test func aStateFolderOthersCanEnterIsRefusedNotUsed() throws {
        let folder = TemporaryFolder("accounts-open-folder")
        let store = fileOnlyStore(folder)
        try store.save(account: mastodon(), token: Secret(canary()))
        chmod(folder.file("state"), 0o755)
        #expect(throws: AccountStoreError.self) { try store.accounts() }
        #expect(throws: AccountStoreError.self) { try store.save(account: bluesky(), token: Secret(canary())) }
    }

    @Test func aSymlinkInPlaceOfTheTokenFileIsNotFollowed() throws {
        let folder = TemporaryFolder("accounts-symlink")
        let store = fileOnlyStore(folder)
        let saved = try store.save(account: mastodon(), token: Secret(canary()))
        let file = folder.file("state/tokens/mastodon-alice@example.social")
        unlink(file)
        let elsewhere = try folder.write(Array("someone else's".utf8), named: "elsewhere")
        chmod(elsewhere, 0o600)
        symlink(elsewhere, file)
        #expect(throws: AccountStoreError.self) { try store.token(for: saved.account) }
    }

    @Test(arguments: ["", "two\nlines", "nul\0byte", String(repeating: "x", count: AccountStore.maximumTokenBytes + 1)])
    func aTokenThatCantBeOneIsRefusedBeforeAnythingIsWritten(token: String) {
        let folder = TemporaryFolder("accounts-bad-token")
        #expect {
            try fileOnlyStore(folder).save(account: mastodon(), token: Secret(token))
        } throws: { error in
            (error as? AccountStoreError)?.code == .invalidToken
        }
        #expect(folder.names().isEmpty)
    }

    @Test func aDamagedAccountsFileIsNotOverwrittenBySaving() throws {
        let folder = TemporaryFolder("accounts-damaged")
        let store = fileOnlyStore(folder)
        try store.save(account: mastodon(), token: Secret(canary()))
        let damaged = Array("{\"version\": 1, \"accounts\": [".utf8)
        try folder.write(damaged, named: "state/accounts.json")
        chmod(folder.file("state/accounts.json"), 0o600)
        #expect(throws: AccountStoreError.self) { try store.save(account: bluesky(), token: Secret(canary())) }
        #expect(folder.read("state/accounts.json").map(Array.init) == damaged)
    }

    @Test func anAccountIsFoundByNameWithoutCaseOrAsTheOnlyOne() throws {
        let folder = TemporaryFolder("accounts-find")
        let store = fileOnlyStore(folder)
        #expect(throws: AccountStoreError.self) { try store.account(network: .mastodon, named: nil) }
        try store.save(account: mastodon(), token: Secret(canary()))
        try store.save(account: bluesky(), token: Secret(canary()))
        #expect(try store.account(network: .mastodon, named: nil).name == "alice@example.social")
        #expect(try store.account(network: .mastodon, named: "ALICE@example.social").name == "alice@example.social")
        try store.save(account: mastodon("bob@example.social"), token: Secret(canary()))
        #expect {
            try store.account(network: .mastodon, named: nil)
        } throws: { error in
            let error = error as? AccountStoreError
            return error?.code == .ambiguousAccount
                && error?.message
                    == "2 Mastodon accounts are signed in (alice@example.social, bob@example.social); name one"
        }
        #expect {
            try store.account(network: .bluesky, named: "carol.example.com")
        } throws: { error in
            (error as? AccountStoreError)?.message
                == "no Bluesky account carol.example.com is signed in (signed in: alice.bsky.social)"
        }
    }

    @Test func concurrentSavesKeepEveryAccount() async throws {
        let folder = TemporaryFolder("accounts-concurrent")
        let store = fileOnlyStore(folder)
        try await withThrowingTaskGroup(of: Void.self) { group in
            for index in 0..<16 {
                group.addTask {
                    try store.save(account: mastodon("user\(index)@example.social"), token: Secret(canary()))
                }
            }
            try await group.waitForAll()
        }
        #expect(try store.accounts().count == 16)
    }
}
