import ArgumentParser
import ImagePipeline
import ShareCards

/// `-o` and `--force` for `card render` and `card themes`: where the image goes, in the format
/// its name asks for, and whether an existing file may be replaced (as `image fit --force`).
struct CardOutputOptions: ParsableArguments {
    @Option(
        name: [.short, .customLong("output")],
        help: ArgumentHelp(
            "The file to write: PNG, or JPEG for a name ending .jpg or .jpeg (a regular file; '-' for a PNG on standard output).",
            valueName: "file"
        ),
        completion: .file()
    )
    var output: String

    @Flag(help: "Replace the output file if it already exists.")
    var force = false

    /// The format `-o`'s name asks for (PNG for `-`).
    var format: CardFileFormat { CardFileFormat(fileName: output) ?? .png }

    /// The output's name in the summary line.
    var shownName: String { output == PNGOutput.standardOutputName ? "standard output" : output }

    func validate() throws {
        if let problem = PNGOutput.emptyPathProblem(output) { throw ValidationError(problem) }
        if output != PNGOutput.standardOutputName, CardFileFormat(fileName: output) == nil {
            throw ValidationError(
                "-o '\(output)': a card is written as PNG or JPEG, so its name must end "
                    + "\(CardFileFormat.acceptedExtensions) (or have no extension, for PNG)"
            )
        }
    }

    /// Checks, before rendering, that the file can be written (see ``CardOutputFile/check(_:force:)``).
    func check() throws { try CardOutputFile.check(output, force: force) }

    /// Encodes `image` in ``format``.
    ///
    /// - Throws: ``CardError`` from the encoder.
    func encode(_ image: RGBAImage) throws(CardError) -> [UInt8] { try format.encode(image) }

    /// Writes the encoded image (see ``CardOutputFile/write(_:to:force:)``).
    func write(_ bytes: [UInt8]) throws { try CardOutputFile.write(bytes, to: output, force: force) }

    /// Prints the summary after writing (on standard error when the image went to standard output).
    func announce(_ text: String) { CardOutputFile.announce(text, output: output) }
}
