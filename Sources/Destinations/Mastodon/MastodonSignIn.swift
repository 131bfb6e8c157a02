import Accounts
import ShareCore

/// Who a Mastodon share posts as, decided when the destination is built: a token given for
/// scripts (`SHAREVIA_MASTODON_TOKEN`, the config file's `mastodon.token_env`/`token_file`), else
/// the account `sharevia login mastodon` saved for the server, else nobody, and the share is
/// handed off to the web intent.
///
/// A saved account's token is read from the keyring (or its owner-only file) only when a post
/// is sent, so building the destination loads no keyring library.
package enum MastodonSignIn: Sendable {
    /// A token given for scripts; `source` names where it came from (never its value).
    case token(Secret, source: String)
    /// An account saved by `sharevia login mastodon`, and the store that holds its token.
    case account(Account, AccountStore)
    /// Not signed in; `problem` says why when something was wrong rather than absent (an
    /// accounts file that can't be read, several accounts for no named server).
    case signedOut(problem: String?)

    /// Who posts to `instance` (nil: the one saved account's server, if there is one).
    ///
    /// - Parameters:
    ///   - token: A token from the configuration (a config file's `*_env`/`*_file`).
    ///   - instance: The server as configured, or nil.
    ///   - environment: Where `SHAREVIA_MASTODON_TOKEN`, `XDG_STATE_HOME`, `HOME` and the session
    ///     bus are read.
    package static func resolve(
        token: Secret?,
        instance: MastodonInstanceAddress?,
        environment: ShareEnvironment
    ) -> MastodonSignIn {
        let variable = MastodonDestination.Configuration.tokenVariable
        if let token { return .token(token, source: "mastodon.token in the config file") }
        if let token = Secret(environment: environment, variable: variable), !token.revealed().isEmpty {
            return .token(token, source: variable)
        }
        let store: AccountStore
        let accounts: [Account]
        do throws(AccountStoreError) {
            store = AccountStore(configuration: try .standard(environment: environment))
            accounts = try store.accounts().filter { $0.network == .mastodon }
        } catch {
            return .signedOut(problem: "the saved accounts can't be read: \(error.message)")
        }
        if let instance {
            let matching = accounts.filter { instance.matches($0.server) }
            if matching.count == 1 { return .account(matching[0], store) }
            if matching.count > 1 {
                let names = matching.map(\.name).joined(separator: ", ")
                return .signedOut(problem: "\(matching.count) accounts are signed in to \(instance) (\(names))")
            }
            return .signedOut(problem: nil)
        }
        return accounts.count == 1 ? .account(accounts[0], store) : .signedOut(problem: nil)
    }

    /// The account's server, when signed in with a saved account.
    package var accountServer: String? {
        if case .account(let account, _) = self { return account.server }
        return nil
    }

    /// Whether a post can be sent.
    package var isSignedIn: Bool {
        if case .signedOut = self { return false }
        return true
    }

    /// Who posts, for the availability note: `alice@mastodon.social`, or the token's source.
    package var who: String {
        switch self {
        case .token(_, let source): "the token from \(source)"
        case .account(let account, _): account.name
        case .signedOut: "nobody"
        }
    }

    /// The token, read now from the keyring or file for a saved account.
    ///
    /// - Throws: ``ShareError`` `permanent` (detail `sign-in-again`) when the token is missing or
    ///   unreadable, `unavailable` when the keyring can't be reached.
    package func token(destination: DestinationID) throws(ShareError) -> Secret {
        switch self {
        case .token(let token, _):
            return token
        case .account(let account, let store):
            do throws(AccountStoreError) {
                return try store.token(for: account)
            } catch {
                let code: ShareError.Code = error.code == .keyringUnavailable ? .unavailable : .permanent
                throw Self.failure(code, destination, "\(error.message); sign in to Mastodon again")
            }
        case .signedOut:
            throw Self.failure(.permanent, destination, "not signed in to Mastodon")
        }
    }

    private static func failure(_ code: ShareError.Code, _ destination: DestinationID, _ message: String) -> ShareError
    {
        ShareError(code, destination: destination, message: message, detail: .init(.signInAgain))
    }
}
