import ArgumentParser
import ImagePipeline

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

    @Argument(help: "The PNG image to fit.")
    var input: String

    @OptionGroup var output: ImageOutputOptions

    @Option(help: ArgumentHelp("The canvas size in pixels, WIDTHxHEIGHT.", valueName: "WxH"))
    var canvas: String = CanvasSize.story.description

    func validate() throws {
        guard let size = CanvasSize(canvas) else {
            throw ValidationError("--canvas '\(canvas)' is not WIDTHxHEIGHT with positive numbers, e.g. 1080x1920.")
        }
        guard size.width <= 32768, size.height <= 32768 else {
            throw ValidationError("--canvas \(canvas) is too large; each side can be at most 32768.")
        }
    }

    func run() throws {
        let size = CanvasSize(canvas) ?? .story
        try output.writer.checkDestination(output.output)
        let fitted = try CanvasFitter(canvas: size).fit(path: input)
        let count = try output.write(fitted.image)
        print(
            "wrote \(output.output): \(size) PNG, \(count) bytes; \(fitted.sourceSize) image at \(fitted.placement), "
                + "gradient \(fitted.edgeColors.top) to \(fitted.edgeColors.bottom)"
        )
    }
}
