import ArgumentParser

/// `sharevia destinations`. (Filled in next.)
struct DestinationsCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(commandName: "destinations", abstract: "List destinations.")
}
