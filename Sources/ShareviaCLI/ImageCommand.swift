import ArgumentParser

/// `sharevia image`: inspect, fit and convert images. (Filled in by the image pipeline work.)
struct ImageCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "image",
        abstract: "Inspect, fit and convert PNG and JPEG images."
    )
}
