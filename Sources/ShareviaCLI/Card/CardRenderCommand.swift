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

    @Option(help: ArgumentHelp("Render and encode N times and print the median to stderr.", visibility: .private))
    var repeatCount: Int?

    func validate() throws {
        if let repeatCount, repeatCount < 1 { throw ValidationError("--repeat-count must be at least 1.") }
    }

    func run() throws {
        let spec = look.apply(to: try CardSpecFile.load(spec))
        var png: [UInt8] = []
        var times: [Duration] = []
        do throws(CardError) {
            for _ in 0..<(repeatCount ?? 1) {
                let start = ContinuousClock.now
                png = try CardRenderer().render(spec).png()
                times.append(ContinuousClock.now - start)
            }
        } catch {
            throw CardSpecFile.failure(error.located(in: self.spec))
        }
        if repeatCount != nil {
            let sorted = times.sorted()
            let median = sorted[sorted.count / 2].components
            let total = times.reduce(Duration.zero, +).components
            let ms = { (c: (seconds: Int64, attoseconds: Int64)) in
                Double(c.seconds) * 1000 + Double(c.attoseconds) / 1e15
            }
            StandardStreams.printError(
                "rendered and encoded \(times.count) cards: median \(ms(median)) ms, total \(ms(total)) ms"
            )
        }
        try CardOutputFile.write(png, to: output)
        StandardStreams.write(
            "wrote \(output): \(spec.size) PNG, \(png.count) bytes, \(spec.theme.name) theme\n"
                + "share text: \(ShareTextTemplates.text(for: spec))\n"
        )
    }
}
