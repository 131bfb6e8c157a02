import ArgumentParser

/// `sharevia image`: inspect, fit and convert images.
///
/// Exit codes: 0 on success; 1 when an image cannot be read, decoded or written (the message
/// names the file and the `ImageError` code); 64 for a usage error.
struct ImageCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "image",
        abstract: "Inspect, fit and convert PNG and JPEG images.",
        discussion: """
            PNG files are validated, decoded and encoded with libpng. JPEG files can be inspected \
            (size from the frame header) but not decoded: convert them to PNG first.
            """,
        subcommands: [ImageInspectCommand.self, ImageFitCommand.self, ImageConvertCommand.self]
    )
}
