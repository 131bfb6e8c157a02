import ArgumentParser
import ShareCards

/// `sharevia card render SPEC -o card.png`.
struct CardRenderCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "render",
        abstract: "Render a card spec to a PNG or JPEG.",
        discussion: """
            Writes JPEG (quality 90) for an -o name ending .jpg or .jpeg, PNG for .png or no \
            extension, and refuses other extensions; an existing \
            file is replaced only with --force. Prints the image's path, size, and the share text and \
            alt text that go with the card (share the image with --alt and that text; --card draws it \
            with its alt text). The spec \
            is a regular file, a pipe that ends within 30 s, or standard input ('-'); at most 1 MiB.
            """
    )

    @Argument(
        help: ArgumentHelp("The card spec (JSON; '-' reads standard input).", valueName: "spec.json"),
        completion: .file(extensions: ["json"])
    )
    var spec: String

    @OptionGroup var output: CardOutputOptions

    @OptionGroup var look: CardLookOptions

    @Option(help: ArgumentHelp("Render and encode N times and print the medians to stderr.", visibility: .private))
    var repeatCount: Int?

    func validate() throws {
        if let repeatCount, repeatCount < 1 { throw ValidationError("--repeat-count must be at least 1.") }
    }

    func run() throws {
        let spec = look.apply(to: try CardSpecFile.load(spec))
        try output.check()
        var bytes: [UInt8] = []
        var renders: [Duration] = []
        var encodes: [Duration] = []
        do throws(CardError) {
            for _ in 0..<(repeatCount ?? 1) {
                let start = ContinuousClock.now
                let card = try CardRenderer().render(spec)
                let rendered = ContinuousClock.now
                bytes = try output.encode(card.image)
                renders.append(rendered - start)
                encodes.append(ContinuousClock.now - rendered)
            }
        } catch {
            throw CardSpecFile.failure(error.located(in: self.spec))
        }
        if repeatCount != nil {
            let both = zip(renders, encodes).map { $0 + $1 }
            StandardStreams.printError(
                "rendered and encoded \(both.count) cards: median \(Self.median(both)) ms a card "
                    + "(render \(Self.median(renders)) ms, encode \(Self.median(encodes)) ms), "
                    + "total \(Self.milliseconds(both.reduce(.zero, +))) ms"
            )
        }
        try output.write(bytes)
        output.announce(
            "wrote \(output.shownName): \(spec.size) \(output.format.rawValue), "
                + "\(bytes.count) bytes, \(spec.theme.name) theme\n"
                + "share text: \(ShareTextTemplates.text(for: spec))\n"
                + "alt text: \(spec.altText)\n"
        )
    }

    private static func milliseconds(_ duration: Duration) -> Double {
        let (seconds, attoseconds) = duration.components
        return ((Double(seconds) * 1000 + Double(attoseconds) / 1e15) * 10).rounded() / 10
    }

    private static func median(_ durations: [Duration]) -> Double {
        milliseconds(durations.sorted()[durations.count / 2])
    }
}
