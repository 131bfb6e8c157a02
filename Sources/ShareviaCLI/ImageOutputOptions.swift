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
    @Option(name: [.short, .customLong("output")], help: "The PNG file to write.")
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

    var writer: AtomicFileWriter { AtomicFileWriter(overwrite: force) }

    /// Fails early, before any decoding, if the output cannot be written (it exists without
    /// `--force`, or its folder is missing).
    func checkDestination() throws {
        try writer.checkDestination(output)
    }

    /// Encodes and writes atomically.
    func write(_ image: RGBAImage) throws -> Int {
        let bytes = try PNGEncoder(options: compression.options).encode(image)
        try writer.write(bytes, to: output)
        return bytes.count
    }
}
