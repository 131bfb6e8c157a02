import ArgumentParser
import ImagePipeline

#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// `sharevia image inspect FILE...`: what each image declares, validated, with edge colours.
struct ImageInspectCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "inspect",
        abstract: "Show the format, size, depth, colour type, interlacing and edge colours of images.",
        discussion: """
            Each file is validated (PNG: signature, header and every chunk's CRC; JPEG: markers up to \
            the frame header). Edge colours need a decode and are shown for PNG only. A file that \
            fails is reported and the others are still inspected; the exit code is then 64 if a \
            file is missing or unreadable, otherwise 65.
            """
    )

    @Argument(help: "The image files to inspect.", completion: .file())
    var files: [String]

    @Flag(help: "Print JSON (an array with one object per file) instead of text.")
    var json = false

    @Flag(help: "Skip the edge colours, so only headers and checksums are read (no decode).")
    var noEdges = false

    @Option(help: ArgumentHelp("Time the inspection over N runs and print the median to stderr.", visibility: .private))
    var repeatCount: Int?

    func validate() throws {
        if files.isEmpty { throw ValidationError("give at least one image file to inspect.") }
        if let repeatCount, repeatCount < 1 { throw ValidationError("--repeat-count must be at least 1.") }
    }

    func run() throws {
        if let repeatCount { try ImageFailure.reporting { try time(repeatCount) } }
        let reports = files.map { ImageReport(file: $0, edges: !noEdges) }
        if json {
            let encoder = JSONEncoder()
            encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
            print(String(decoding: try encoder.encode(reports), as: UTF8.self))
        } else {
            for report in reports {
                switch report.outcome {
                case .success(let inspected): print(report.line(inspected))
                case .failure(let error): StandardStreams.printError("error: " + ImageFailure.line(for: error))
                }
            }
        }
        let codes = reports.compactMap { report -> Int32? in
            guard case .failure(let error) = report.outcome else { return nil }
            return ImageFailure.exitCode(for: error.code)
        }
        // A missing file (64) outranks a damaged one (65): it is the more basic mistake.
        if let code = codes.min() { throw CommandFailure(exitCode: code) }
    }

    /// Inspects the first file `count` times and prints the median time to stderr.
    private func time(_ count: Int) throws {
        let inspector = ImageInspector()
        var times: [Double] = []
        for _ in 0..<count {
            let start = ContinuousClock.now
            _ = try inspector.inspect(path: files[0])
            let elapsed = ContinuousClock.now - start
            times.append(Double(elapsed.components.attoseconds) / 1e15 + Double(elapsed.components.seconds) * 1000)
        }
        let median = times.sorted()[times.count / 2]
        StandardStreams.printError(
            "inspect+validate \(files[0]): median \(Self.milliseconds(median)) ms over \(count) runs"
        )
    }

    /// A non-negative number with three decimals, as `%.3f` prints it.
    static func milliseconds(_ value: Double) -> String {
        let thousandths = Int((value * 1000).rounded())
        let fraction = String(thousandths % 1000)
        return "\(thousandths / 1000)." + String(repeating: "0", count: 3 - fraction.count) + fraction
    }
}

/// One file's inspection, for text and JSON output.
///
/// JSON: `file`, then on success the ``ImageInfo`` fields and (unless edges were skipped)
/// `edgeColors` (null for a JPEG, which is not decoded); on failure `error` with `code` and
/// `message`.
struct ImageReport: Encodable {
    /// What inspecting found.
    struct Inspected {
        var info: ImageInfo
        /// Nil when edges were skipped or the format is not decoded.
        var edgeColors: EdgeColors?
    }

    var file: String
    var includeEdges: Bool
    var outcome: Result<Inspected, ImageError>

    /// Inspects `file`, and measures its edge colours if `edges` is true and it is a PNG.
    init(file: String, edges: Bool) {
        self.file = file
        self.includeEdges = edges
        outcome = Result {
            let info = try ImageInspector().inspect(path: file)
            let colors = edges ? try EdgeColors(path: file) : nil
            return Inspected(info: info, edgeColors: colors)
        }.mapError { error in
            // The pipeline throws only ImageError; anything else is reported the same way.
            error as? ImageError ?? ImageError(.readFailed, "cannot inspect '\(file)': \(error).", path: file)
        }
    }

    func line(_ inspected: Inspected) -> String {
        let info = inspected.info
        var text =
            "\(file): \(info.format) \(info.width)x\(info.height), \(info.bitDepth)-bit \(info.colorType), "
            + (info.interlaced ? (info.format == .png ? "Adam7 interlaced" : "progressive") : "not interlaced")
            + (info.hasTransparency ? ", transparency" : "") + ", \(info.fileSize) bytes"
        if includeEdges {
            if let colors = inspected.edgeColors {
                text += ", edges top \(colors.top) bottom \(colors.bottom)"
            } else {
                text += ", edges n/a (\(info.format) is not decoded)"
            }
        }
        return text
    }

    private enum Keys: String, CodingKey {
        case file, edgeColors, error, code, message
    }

    func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: Keys.self)
        try container.encode(file, forKey: .file)
        switch outcome {
        case .success(let inspected):
            try inspected.info.encode(to: encoder)  // its fields sit beside `file`
            if includeEdges { try container.encode(inspected.edgeColors, forKey: .edgeColors) }
        case .failure(let error):
            var failure = container.nestedContainer(keyedBy: Keys.self, forKey: .error)
            try failure.encode(error.code.description, forKey: .code)
            try failure.encode(error.message, forKey: .message)
        }
    }
}
