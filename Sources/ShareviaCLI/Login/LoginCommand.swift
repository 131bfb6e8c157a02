import ArgumentParser

/// `sharevia login NETWORK`: signs in once, so shares to that network post for real.
struct LoginCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "login",
        abstract: "Sign in to Mastodon or Bluesky, so shares post for real and report the post's URL.",
        discussion: """
            The token is saved in the desktop keyring (or an owner-only file where none answers); \
            'sharevia accounts' lists the accounts, 'sharevia logout' forgets one.
            """,
        subcommands: [LoginMastodonCommand.self, LoginBlueskyCommand.self]
    )
}
