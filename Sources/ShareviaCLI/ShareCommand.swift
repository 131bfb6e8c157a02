import ArgumentParser

/// `sharevia --to DEST FILE...`: the default subcommand. (Filled in next.)
struct ShareCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(commandName: "share", abstract: "Share content.")
}
