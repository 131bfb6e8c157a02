import ArgumentParser
import ImagePipeline

/// How hard `image fit` and `image convert` compress their PNG output.
enum ImageCompression: String, ExpressibleByArgument, CaseIterable {
    case fast
    case balanced
    case smallest

    var options: PNGEncoder.Options {
        switch self {
        case .fast: .fast
        case .balanced: .balanced
        case .smallest: .smallest
        }
    }
}

/// The output flags `image fit` and `image convert` share.
struct ImageOutputOptions: ParsableArguments {
    @Option(
        name: [.short, .customLong("output")],
        help: "The PNG file to write (a regular file; '-' for standard output).",
        completion: .file()
    )
    var output: String

    @Flag(help: "Replace the output file if it already exists.")
    var force = false

    @Option(
        help: ArgumentHelp(
            "PNG compression: fast (zlib level 1, run-length strategy, SUB filter), balanced (level 6, adaptive "
                + "filters) or smallest (level 9, adaptive filters).",
            valueName: "preset"
        )
    )
    var compression: ImageCompression = .fast

    var destination: PNGOutput { PNGOutput(path: output, overwrite: force) }

    /// The output's name in messages.
    var shownName: String { destination.isStandardOutput ? "standard output" : output }

    func validate() throws {
        if let problem = PNGOutput.emptyPathProblem(output) { throw ValidationError(problem) }
    }

    /// Fails early, before any decoding, if the output cannot be written (it exists without
    /// `--force`, it is not a regular file, its folder is missing, or `-` is a terminal).
    func checkDestination() throws {
        try destination.check()
    }

    /// Encodes and writes atomically (or to standard output).
    func write(_ image: RGBAImage) throws -> Int {
        let bytes = try PNGEncoder(options: compression.options).encode(image)
        try destination.write(bytes)
        return bytes.count
    }
}
