import ArgumentParser
import ImagePipeline

extension CanvasSize: ExpressibleByArgument {}

/// `sharevia image fit IN -o OUT`: place an image on a story canvas.
struct ImageFitCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "fit",
        abstract: "Fit an image onto a canvas over a gradient of its edge colours, and write a PNG.",
        discussion: """
            The image is scaled to fit (area averaging when shrinking), centred, and drawn over a \
            vertical gradient from the average colour of its top rows to that of its bottom rows.
            """
    )

    @Argument(help: "The PNG image to fit.", completion: .file())
    var input: String

    @OptionGroup var output: ImageOutputOptions

    @Option(help: ArgumentHelp("The canvas size in pixels, WIDTHxHEIGHT.", valueName: "WxH"))
    var canvas: CanvasSize = .story

    func validate() throws {
        let maximum = CanvasSize.maximumSide
        guard canvas.width <= maximum, canvas.height <= maximum else {
            throw ValidationError("--canvas \(canvas) is too large; each side can be at most \(maximum).")
        }
        let limit = DecodeLimits.default.maxMemoryBytes
        if canvas.byteCount > limit {
            let mebibyte = 1024 * 1024
            let needed = (canvas.byteCount + mebibyte - 1) / mebibyte
            throw ValidationError(
                "--canvas \(canvas) needs \(needed) MB, more than the \(limit / mebibyte) MB limit; use a smaller --canvas."
            )
        }
    }

    func run() throws {
        try ImageFailure.reporting(canvasOption: true) {
            try output.checkDestination()
            let fitted = try CanvasFitter(canvas: canvas).fit(path: input)
            let count = try output.write(fitted.image)
            output.destination.announce(
                "wrote \(output.shownName): \(canvas) PNG, \(count) bytes; \(fitted.sourceSize) image at "
                    + "\(fitted.placement), gradient \(fitted.edgeColors.top) to \(fitted.edgeColors.bottom)"
            )
        }
    }
}
