import ArgumentParser

/// `sharevia login NETWORK`: signs in to a network and saves the account (see `sharevia accounts`).
struct LoginCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "login",
        abstract: "Sign in to Bluesky, so that shares to it post for real.",
        subcommands: [LoginBlueskyCommand.self]
    )
}
