import Accounts
import ArgumentParser
import ShareCore

/// `sharevia accounts`: the accounts sharevia is signed in to, and where their tokens are.
struct AccountsCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "accounts",
        abstract: "List the Mastodon and Bluesky accounts sharevia is signed in to (never their tokens).",
        discussion: """
            The accounts are listed in $XDG_STATE_HOME/sharevia/accounts.json \
            (~/.local/state/sharevia/accounts.json), a file of at most 64 KiB that holds no token. \
            A token is in the desktop keyring (the Secret Service: GNOME Keyring, KWallet, KeePassXC; \
            'secret-tool search service sharevia' shows the items), or, where no Secret Service \
            answered at sign-in, in an owner-only file (mode 0600) in the folder tokens/ (mode 0700) \
            beside the accounts file. The TOKEN column says which.

            EXIT CODES
              0   listed (also when there are none)
              65  the accounts file is damaged, or group or others can read it: the
                  message says what to do
              1   internal error (the state folder can't be read)
            """
    )

    @Flag(help: "Print the accounts as JSON.")
    var json = false

    /// One account as `--json` prints it.
    struct Entry: Encodable {
        var network: String
        var name: String
        var server: String
        var id: String
        /// `keyring` or `file`.
        var token: String
        /// The token file, when the token is in one.
        var tokenFile: String?
    }

    struct Output: Encodable {
        var accounts: [Entry]
        var accountsFile: String
    }

    func run() async throws {
        let store = try AccountCommands.store()
        let accounts: [Account]
        do throws(AccountStoreError) {
            accounts = try store.accounts()
        } catch {
            throw AccountCommands.failure(error, store: store)
        }
        let entries = accounts.map { account in
            Entry(
                network: account.network.rawValue,
                name: account.name,
                server: account.server,
                id: account.id,
                token: account.token.rawValue,
                tokenFile: account.token == .file ? store.tokenFile(for: account) : nil
            )
        }
        if json {
            StandardStreams.write(try JSONText.encode(Output(accounts: entries, accountsFile: store.accountsFile)))
            return
        }
        guard !entries.isEmpty else {
            StandardStreams.write("No accounts are signed in.\n")
            return
        }
        let rows =
            [["NETWORK", "ACCOUNT", "SERVER", "ID", "TOKEN"]]
            + entries.map { entry in
                [entry.network, entry.name, entry.server, entry.id, entry.tokenFile.map { "file " + $0 } ?? "keyring"]
            }
        StandardStreams.write(Self.table(rows))
    }

    /// The rows as columns two spaces apart, the last one unpadded.
    static func table(_ rows: [[String]]) -> String {
        let widths = (0..<(rows.first?.count ?? 0)).map { column in rows.map { $0[column].count }.max() ?? 0 }
        return rows.map { row in
            row.enumerated().map { column, cell in
                column == row.count - 1 ? cell : cell + String(repeating: " ", count: widths[column] - cell.count)
            }.joined(separator: "  ")
        }.joined(separator: "\n") + "\n"
    }
}
