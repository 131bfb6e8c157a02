import Accounts
import Foundation
import ProcessRunning
import ShareCore
import TestSupport
import Testing

#if canImport(Glibc)
import Glibc
#endif

/// The token store against a real GNOME Keyring on a private D-Bus session bus.
///
/// libsecret talks to the session bus named by the process's own `DBUS_SESSION_BUS_ADDRESS`, so
/// each keyring call runs in an exit test: a child process of this test binary, which sets the
/// variable before the first call. The parent checks the outcome with `secret-tool` and the files.
@Suite struct SecretServiceKeyringTests {
    @Test func aTokenSavedGoesToTheKeyringWhereSecretToolFindsItAndRemoveTakesItOut() async throws {
        try await SecretServiceSession.with { session in
            let folder = TemporaryFolder("accounts-keyring")
            let state = folder.file("state")
            let address = session.address
            let token = canary()
            // Saved through the store's API, as a sign-in will.
            await #expect(processExitsWith: .success) {
                [state = state as String, address = address as String, token = token as String] in
                setenv("DBUS_SESSION_BUS_ADDRESS", address, 1)
                let store = AccountStore(configuration: .init(stateFolder: state))
                let saved = try store.save(account: mastodon(), token: Secret(token))
                demand(saved.account.token == .keyring, "went to \(saved.account.token): \(saved.notice ?? "")")
                demand(saved.notice == nil && saved.tokenFile == nil, "a notice for a keyring save")
                demand(try store.token(for: saved.account).revealed() == token, "read back another token")
            }
            #expect(try await session.lookup(network: "mastodon", account: "alice@example.social") == token)
            // The record says where the token is and holds no token; nothing outside the keyring does.
            let listed = try AccountStore(configuration: .init(stateFolder: state, keyring: nil)).accounts()
            #expect(
                listed == [
                    Account(
                        network: .mastodon,
                        name: "alice@example.social",
                        server: "https://example.social",
                        id: "109348",
                        token: .keyring
                    )
                ]
            )
            #expect(files(under: folder.path, containing: token).isEmpty)
            #expect(!session.logs.contains(token))
            #expect(mode(state) == 0o700 && mode(state + "/accounts.json") == 0o600)

            await #expect(processExitsWith: .success) { [state = state as String, address = address as String] in
                setenv("DBUS_SESSION_BUS_ADDRESS", address, 1)
                let store = AccountStore(configuration: .init(stateFolder: state))
                let removed = try store.remove(mastodon())
                demand(
                    removed.keyringItemRemoved == true,
                    "keyring item removed: \(String(describing: removed.keyringItemRemoved))"
                )
                demand(try store.accounts().isEmpty, "still listed")
            }
            #expect(try await session.lookup(network: "mastodon", account: "alice@example.social") == nil)
        }
    }

    @Test func aSecondSignInReplacesTheKeyringItemAndLeavesOtherAccountsAlone() async throws {
        try await SecretServiceSession.with { session in
            let folder = TemporaryFolder("accounts-replace")
            let state = folder.file("state")
            let address = session.address
            let first = canary()
            let second = canary()
            let other = canary()
            await #expect(processExitsWith: .success) {
                [
                    state = state as String, address = address as String, first = first as String,
                    second = second as String, other = other as String
                ] in
                setenv("DBUS_SESSION_BUS_ADDRESS", address, 1)
                let store = AccountStore(configuration: .init(stateFolder: state))
                try store.save(account: bluesky(), token: Secret(first))
                try store.save(account: bluesky("bob.example.com"), token: Secret(other))
                // The same handle in other letters is the same account.
                try store.save(account: bluesky("Alice.bsky.social"), token: Secret(second))
                let names = try store.accounts().map(\.name)
                demand(names == ["Alice.bsky.social", "bob.example.com"], "\(names)")
            }
            #expect(try await session.lookup(network: "bluesky", account: "Alice.bsky.social") == second)
            #expect(try await session.lookup(network: "bluesky", account: "bob.example.com") == other)
            let search = try await session.secretTool(["search", "--all", "service", "sharevia"])
            let items = String(decoding: search.standardOutput + search.standardError, as: UTF8.self)
            #expect(items.components(separatedBy: "secret = ").count - 1 == 2, "\(items)")
            #expect(!items.contains(first))
        }
    }

    @Test func aDeadBusFallsBackToTheFileFastAndSaysSo() async throws {
        let folder = TemporaryFolder("accounts-dead-bus")
        let state = folder.file("state")
        let token = canary()
        let socket = folder.file("no-bus-here")
        await #expect(processExitsWith: .success) {
            [state = state as String, token = token as String, socket = socket as String] in
            setenv("DBUS_SESSION_BUS_ADDRESS", "unix:path=\(socket)", 1)
            let store = AccountStore(configuration: .init(stateFolder: state))
            let started = ContinuousClock.now
            let saved = try store.save(account: mastodon(), token: Secret(token))
            let elapsed = ContinuousClock.now - started
            demand(elapsed < .seconds(3), "took \(elapsed)")
            demand(saved.account.token == .file, "went to \(saved.account.token)")
            demand(saved.notice?.contains("session bus") == true, "notice: \(saved.notice ?? "none")")
            demand(saved.notice?.contains(saved.tokenFile ?? "?") == true, "notice lacks the file")
            demand(try store.token(for: saved.account).revealed() == token, "read back another token")
        }
        let file = "\(state)/tokens/mastodon-alice@example.social"
        #expect(mode(file) == 0o600 && mode("\(state)/tokens") == 0o700)
        #expect(files(under: folder.path, containing: token) == [file])
    }

    /// A socket that takes connections and never answers: the call is given up on within its
    /// timeout, and the token goes to the file.
    @Test func aBusThatNeverAnswersIsGivenUpOnWithinTheTimeout() async throws {
        let folder = TemporaryFolder("accounts-silent-bus")
        let state = folder.file("state")
        let path = folder.file("silent")
        let listener = try SilentSocket(path: path)
        defer { listener.close() }
        await #expect(processExitsWith: .success) { [state = state as String, path = path as String] in
            setenv("DBUS_SESSION_BUS_ADDRESS", "unix:path=\(path)", 1)
            let store = AccountStore(
                configuration: .init(stateFolder: state, keyring: SecretServiceKeyring(timeout: .seconds(1)))
            )
            let started = ContinuousClock.now
            let saved = try store.save(account: mastodon(), token: Secret(canary()))
            let elapsed = ContinuousClock.now - started
            demand(elapsed < .seconds(4), "took \(elapsed)")
            demand(saved.account.token == .file, "went to \(saved.account.token)")
            demand(saved.notice?.contains("did not answer") == true, "notice: \(saved.notice ?? "none")")
        }
    }

    @Test func theDaemonsAreGoneAfterTheSession() async throws {
        let pids = try await SecretServiceSession.with { $0.processIDs }
        // Each leads its own process group: nothing of either group may run on (a zombie
        // waiting to be reaped by its task counts as gone).
        let clock = ContinuousClock()
        let deadline = clock.now + .seconds(3)
        while pids.contains(where: groupIsAlive) && clock.now < deadline {
            try await Task.sleep(for: .milliseconds(20))
        }
        for pid in pids {
            #expect(!groupIsAlive(pid), "process group \(pid) is still there")
        }
    }
}

/// Whether a process of group `group` is alive and not a zombie.
func groupIsAlive(_ group: Int32) -> Bool {
    let pids = ((try? FileManager.default.contentsOfDirectory(atPath: "/proc")) ?? []).compactMap { Int32($0) }
    return pids.contains { pid in
        guard let stat = try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8),
            let close = stat.lastIndex(of: ")")
        else { return false }
        // Fields after the name: state ppid pgrp ...
        let fields = stat[stat.index(after: close)...].split(separator: " ")
        return fields.count > 2 && Int32(fields[2]) == group && fields[0] != "Z"
    }
}

/// A Unix socket that listens and never accepts: a client's connection completes in the
/// backlog and then waits forever for an answer.
struct SilentSocket {
    let descriptor: Int32

    init(path: String) throws {
        descriptor = socket(AF_UNIX, Int32(SOCK_STREAM.rawValue), 0)
        var address = sockaddr_un()
        address.sun_family = sa_family_t(AF_UNIX)
        withUnsafeMutableBytes(of: &address.sun_path) { buffer in
            for (index, byte) in path.utf8.prefix(buffer.count - 1).enumerated() { buffer[index] = byte }
        }
        let bound = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                bind(descriptor, $0, socklen_t(MemoryLayout<sockaddr_un>.size))
            }
        }
        guard bound == 0, listen(descriptor, 16) == 0 else {
            throw POSIXError(POSIXErrorCode(rawValue: errno) ?? .EIO)
        }
    }

    func close() { _ = Glibc.close(descriptor) }
}
