import ArgumentParser
import ImagePipeline
import ShareCards

/// `sharevia card themes SPEC -o sheet.png`: the card in all eight themes.
struct CardThemesCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "themes",
        abstract: "Render a contact sheet of the card in all eight preset themes."
    )

    @Argument(
        help: ArgumentHelp("The card spec (JSON; '-' reads standard input).", valueName: "spec.json"),
        completion: .file(extensions: ["json"])
    )
    var spec: String

    @OptionGroup var output: CardOutputOptions

    @Option(help: ArgumentHelp("The cards' shape: story, square, landscape, link or WxH.", valueName: "size"))
    var size: String?

    @Flag(name: .customLong("private"), help: "Hide exact values: percentages and relative progress only.")
    var isPrivate = false

    func validate() throws {
        if let size { _ = try CardLookOptions.parsedSize(size) }
    }

    func run() throws {
        var spec = try CardSpecFile.load(spec)
        try output.check()
        if let size { spec.size = try CardLookOptions.parsedSize(size) }
        if isPrivate { spec.isPrivate = true }
        let bytes: [UInt8]
        do throws(CardError) {
            bytes = try output.encode(try ContactSheet.render(spec))
        } catch {
            throw CardSpecFile.failure(error.located(in: self.spec))
        }
        try output.write(bytes)
        output.announce(
            "wrote \(output.shownName): \(CardTheme.presets.count) themes, \(output.format.rawValue), \(bytes.count) bytes\n"
        )
    }
}
