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

    @Option(
        name: [.short, .customLong("output")],
        help: ArgumentHelp("The PNG file to write (a regular file; '-' for standard output).", valueName: "file"),
        completion: .file()
    )
    var output: String

    @Option(help: ArgumentHelp("The cards' shape: story, square, landscape, link or WxH.", valueName: "size"))
    var size: String?

    @Flag(name: .customLong("private"), help: "Hide exact values: percentages and relative progress only.")
    var isPrivate = false

    func validate() throws {
        if let size { _ = try CardLookOptions.parsedSize(size) }
    }

    func run() throws {
        var spec = try CardSpecFile.load(spec)
        try CardOutputFile.check(output)
        if let size { spec.size = try CardLookOptions.parsedSize(size) }
        if isPrivate { spec.isPrivate = true }
        let png: [UInt8]
        do throws(CardError) {
            let sheet = try ContactSheet.render(spec)
            do {
                png = try PNGEncoder(options: .fast).encode(sheet)
            } catch {
                throw CardError(.renderFailed, "encoding the contact sheet failed: \(error)")
            }
        } catch {
            throw CardSpecFile.failure(error.located(in: self.spec))
        }
        try CardOutputFile.write(png, to: output)
        CardOutputFile.announce(
            "wrote \(output == PNGOutput.standardOutputName ? "standard output" : output): "
                + "\(CardTheme.presets.count) themes, \(png.count) bytes\n",
            output: output
        )
    }
}
