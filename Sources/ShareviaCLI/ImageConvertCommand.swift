import ArgumentParser
import ImagePipeline

/// `sharevia image convert IN -o OUT`: decode and re-encode as PNG.
struct ImageConvertCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "convert",
        abstract: "Decode an image and write it again as an 8-bit RGB or RGBA PNG.",
        discussion: """
            Every PNG bit depth and colour type is accepted. 8-bit images keep their pixels exactly; \
            16-bit samples keep their high byte; low bit depths, palettes and grey become 8-bit RGBA.
            """
    )

    @Argument(help: "The PNG image to convert.", completion: .file())
    var input: String

    @OptionGroup var output: ImageOutputOptions

    func run() throws {
        try ImageFailure.reporting {
            try output.checkDestination()
            let image = try ImageDecoder().decode(path: input)
            let count = try output.write(image)
            output.destination.announce("wrote \(output.shownName): \(image.width)x\(image.height) PNG, \(count) bytes")
        }
    }
}
