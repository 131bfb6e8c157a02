import ArgumentParser

/// `sharevia integrate`: puts sharevia where people start a share without a terminal.
struct IntegrateCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "integrate",
        abstract: "Add sharevia to the desktop's menus (and take it out again).",
        subcommands: [IntegrateDesktopCommand.self]
    )
}
