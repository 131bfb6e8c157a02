import ArgumentParser

/// The `sharevia` command: shares content to a destination, with subcommands for listing
/// destinations and for the image and text tools.
public struct ShareviaCommand: AsyncParsableCommand {
    public static let configuration = CommandConfiguration(
        commandName: "sharevia",
        abstract: "Share a card, text or link to Instagram Stories, X, email, the clipboard, a file and more.",
        version: ShareviaVersion.current,
        subcommands: [ShareCommand.self, DestinationsCommand.self, ImageCommand.self, TextCommand.self],
        defaultSubcommand: ShareCommand.self
    )

    public init() {}
}

/// The version `sharevia --version` prints.
public enum ShareviaVersion {
    public static let current = "0.1.0"
}

/// The command line's entry point, for the `sharevia` executable and for integrators who build
/// their own executable with extra destinations.
public enum ShareviaMain {
    /// Parses the process arguments and runs the matching command, then exits.
    public static func run() async {
        await ShareviaCommand.main()
    }
}
