import Accounts
import ArgumentParser
import ShareCore

/// `sharevia logout mastodon|bluesky [--account NAME]`: forgets an account and its token.
struct LogoutCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "logout",
        abstract: "Forget a Mastodon or Bluesky account: its token (in the keyring or its file) and its entry.",
        discussion: """
            The token is removed from where 'sharevia accounts' says it is: the desktop keyring, or the \
            owner-only file in $XDG_STATE_HOME/sharevia/tokens/. The entry is removed from the accounts \
            file only once the token is gone, so nothing is left behind unlisted. The server is not \
            told: to revoke the token itself, remove the app in the account's settings on the server.

              sharevia logout mastodon
              sharevia logout bluesky --account alice.bsky.social

            EXIT CODES
              0   forgotten
              4   not forgotten: the keyring holding the token can't be reached or
                  refused; the account stays listed (unlock the keyring, run logout again)
              64  usage error: unknown network, no such account, or several accounts
                  and no --account
              65  the accounts file is damaged, or group or others can read it
              1   internal error (the state folder can't be written)
            """
    )

    /// The networks as the command line names them.
    enum Network: String, ExpressibleByArgument, CaseIterable {
        case mastodon
        case bluesky

        var network: AccountNetwork {
            switch self {
            case .mastodon: return .mastodon
            case .bluesky: return .bluesky
            }
        }
    }

    @Argument(help: "The network to sign out of.")
    var network: Network

    @Option(
        help: ArgumentHelp(
            "The account to forget (as 'sharevia accounts' lists it); needed when several are signed in.",
            valueName: "name"
        )
    )
    var account: String?

    func run() async throws {
        let store = try AccountCommands.store()
        let removed: AccountStore.Removed
        do throws(AccountStoreError) {
            let found = try store.account(network: network.network, named: account)
            removed = try store.remove(found)
        } catch {
            throw AccountCommands.failure(error, store: store)
        }
        let record = removed.account
        var detail: String
        switch (removed.keyringItemRemoved, removed.tokenFileRemoved) {
        case (true?, _): detail = "its token was removed from the keyring"
        case (false?, _): detail = "the keyring held no token for it"
        case (nil, let file?): detail = "its token file \(file) was removed"
        case (nil, nil): detail = "its token file was already gone"
        }
        if removed.keyringItemRemoved != nil, let file = removed.tokenFileRemoved {
            detail += ", and an old token file \(file)"
        }
        StandardStreams.write("Signed out of \(record.network.displayName) as \(record.name): \(detail).\n")
    }
}
