import CSecret
import ShareCore

/// The desktop keyring through the freedesktop Secret Service API, by libsecret (loaded with
/// `dlopen` at the first call, never before).
///
/// An item per account: schema `sharevia.AccountToken`, attributes `service=sharevia`,
/// `network`, `account`, in the default collection (`secret-tool lookup service sharevia
/// network mastodon account alice@example.social` finds it). Every call waits at most
/// ``timeout``: a bus or a service that never answers is given up on, not waited for.
package struct SecretServiceKeyring: Sendable {
    /// The longest wait for one call.
    package var timeout: Duration

    package init(timeout: Duration = .seconds(10)) {
        self.timeout = timeout
    }

    /// Why the keyring can't be used from an environment without a session bus, or nil when
    /// it names one: `DBUS_SESSION_BUS_ADDRESS`, or a `bus` socket in `XDG_RUNTIME_DIR`. Not
    /// guessing further keeps GIO from auto-launching a bus of its own.
    package static func busProblem(environment: ShareEnvironment) -> String? {
        if let address = environment["DBUS_SESSION_BUS_ADDRESS"], !address.isEmpty { return nil }
        if let runtime = environment["XDG_RUNTIME_DIR"], runtime.hasPrefix("/"), isSocket(runtime + "/bus") {
            return nil
        }
        return "no D-Bus session bus (DBUS_SESSION_BUS_ADDRESS is not set)"
    }

    /// A call that did not succeed.
    package struct Failure: Error, Sendable {
        /// Whether no keyring was there to ask (no library, no bus, no answer), as opposed to
        /// one that answered with a refusal.
        package var unreachable: Bool
        /// Why, in one phrase; never holds the token.
        package var reason: String
    }

    /// Stores `token` for the account, replacing any earlier one.
    package func store(_ token: Secret, network: AccountNetwork, account: String) -> Result<Void, Failure> {
        store(token, network: network.rawValue, account: account, label: "sharevia: \(network.displayName) \(account)")
    }

    /// Stores `secret` under the attributes `network` and `account` (an outbox's password: `network=outbox`).
    package func store(_ secret: Secret, network: String, account: String, label: String) -> Result<Void, Failure> {
        var result = csecret_result()
        let status = csecret_store(network, account, label, secret.revealed(), milliseconds, &result)
        return status == CSECRET_OK ? .success(()) : .failure(Self.failure(status, &result))
    }

    /// The token for the account, or nil when the keyring has none.
    package func lookup(network: AccountNetwork, account: String) -> Result<Secret?, Failure> {
        lookup(network: network.rawValue, account: account)
    }

    /// The secret stored under the attributes `network` and `account`, or nil when the keyring has none.
    package func lookup(network: String, account: String) -> Result<Secret?, Failure> {
        var result = csecret_result()
        let status = csecret_lookup(network, account, milliseconds, &result)
        switch status {
        case CSECRET_OK:
            guard let pointer = result.token else { return .success(nil) }
            defer { csecret_free_token(pointer) }
            return .success(Secret(String(cString: pointer)))
        case CSECRET_NOT_FOUND: return .success(nil)
        default: return .failure(Self.failure(status, &result))
        }
    }

    /// Removes the account's token; true when there was one.
    package func clear(network: AccountNetwork, account: String) -> Result<Bool, Failure> {
        clear(network: network.rawValue, account: account)
    }

    /// Removes the secret stored under `network` and `account`; true when there was one.
    package func clear(network: String, account: String) -> Result<Bool, Failure> {
        var result = csecret_result()
        let status = csecret_clear(network, account, milliseconds, &result)
        return status == CSECRET_OK ? .success(result.removed != 0) : .failure(Self.failure(status, &result))
    }

    /// True when libsecret is mapped into this process.
    package static var isLoaded: Bool { csecret_library_loaded() != 0 }

    private var milliseconds: Int {
        let (seconds, attoseconds) = timeout.components
        return max(1, Int(seconds) * 1000 + Int(attoseconds / 1_000_000_000_000_000))
    }

    private static func failure(_ status: Int32, _ result: inout csecret_result) -> Failure {
        let message = withUnsafeBytes(of: &result.message) { String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self) }
        switch status {
        case CSECRET_NO_LIBRARY: return Failure(unreachable: true, reason: message)
        case CSECRET_NO_BUS:
            return Failure(unreachable: true, reason: "the D-Bus session bus can't be reached: \(message)")
        case CSECRET_TIMEOUT: return Failure(unreachable: true, reason: "the Secret Service did not answer: \(message)")
        default:
            if message.contains("ServiceUnknown") || message.contains("was not provided by any") {
                return Failure(unreachable: true, reason: "no Secret Service on the session bus (\(message))")
            }
            return Failure(unreachable: false, reason: "the Secret Service refused: \(message)")
        }
    }
}

#if canImport(Glibc)
import Glibc

private func isSocket(_ path: String) -> Bool {
    var info = stat()
    return stat(path, &info) == 0 && (info.st_mode & S_IFMT) == S_IFSOCK
}
#elseif canImport(Darwin)
import Darwin

private func isSocket(_ path: String) -> Bool {
    var info = stat()
    return stat(path, &info) == 0 && (info.st_mode & S_IFMT) == S_IFSOCK
}
#endif
