import ArgumentParser
import ImagePipeline

/// `sharevia image convert IN -o OUT`: decode and re-encode as PNG.
struct ImageConvertCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "convert",
        abstract: "Decode an image and write it again as an 8-bit RGB or RGBA PNG.",
        discussion: "Every PNG bit depth and colour type is accepted; the pixels come out unchanged in 8-bit RGBA."
    )

    @Argument(help: "The PNG image to convert.")
    var input: String

    @OptionGroup var output: ImageOutputOptions

    func run() throws {
        try output.writer.checkDestination(output.output)
        let image = try PNGDecoder().decode(path: input)
        let count = try output.write(image)
        print("wrote \(output.output): \(image.width)x\(image.height) PNG, \(count) bytes")
    }
}
