import ArgumentParser
import ShareCards

/// `sharevia card render SPEC -o card.png`.
struct CardRenderCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "render",
        abstract: "Render a card spec to a PNG.",
        discussion: "Prints the PNG's path, size and the share text that goes with the card."
    )

    @Argument(help: ArgumentHelp("The card spec (JSON; '-' reads standard input).", valueName: "spec.json"))
    var spec: String

    @Option(name: [.short, .customLong("output")], help: ArgumentHelp("The PNG file to write.", valueName: "file"))
    var output: String

    @OptionGroup var look: CardLookOptions

    func run() throws {
        let spec = look.apply(to: try CardSpecFile.load(spec))
        let png: [UInt8]
        do throws(CardError) {
            png = try CardRenderer().render(spec).png()
        } catch {
            throw CardSpecFile.failure(error.located(in: self.spec))
        }
        try CardOutputFile.write(png, to: output)
        StandardStreams.write(
            "wrote \(output): \(spec.size) PNG, \(png.count) bytes, \(spec.theme.name) theme\n"
                + "share text: \(ShareTextTemplates.text(for: spec))\n"
        )
    }
}
