import Accounts
import ShareCore
import ShareHistory

/// The PostgreSQL outbox's password in the desktop keyring (the Secret Service): one item per connection string,
/// stored by `sharevia outbox password`, attributes `service=sharevia`, `network=outbox`, `account=URL` (the URL
/// without a password).
enum OutboxKeyring {
    /// The keyring's network attribute for outbox passwords.
    static let network = "outbox"

    /// The stored password for `url`, or nil when there is none or no keyring answers (only looked for when a
    /// session bus is there, so a server without one never waits).
    static func password(for url: OutboxDatabaseURL, environment: ShareEnvironment) -> Secret? {
        guard SecretServiceKeyring.busProblem(environment: environment) == nil else { return nil }
        return try? SecretServiceKeyring().lookup(network: network, account: url.description).get()
    }
}
