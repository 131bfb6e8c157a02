import ArgumentParser
import Foundation
import ImagePipeline

/// `sharevia image inspect FILE...`: what each image declares, validated, with edge colours.
struct ImageInspectCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "inspect",
        abstract: "Show the format, size, depth, colour type, interlacing and edge colours of images.",
        discussion: """
            Each file is validated (PNG: signature, header and every chunk's CRC; JPEG: markers up to \
            the frame header). Edge colours need a decode and are shown for PNG only. A file that \
            fails is reported and the others are still inspected; the exit code is then 1.
            """
    )

    @Argument(help: "The image files to inspect.")
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
        if let repeatCount { try time(repeatCount) }
        let reports = files.map { ImageReport(file: $0, edges: !noEdges) }
        if json {
            let encoder = JSONEncoder()
            encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
            print(String(decoding: try encoder.encode(reports), as: UTF8.self))
        } else {
            for report in reports {
                if let error = report.error {
                    FileHandle.standardError.write(Data("Error: \(error.message) [\(error.code)]\n".utf8))
                } else {
                    print(report.line)
                }
            }
        }
        if reports.contains(where: { $0.error != nil }) { throw ExitCode.failure }
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
        FileHandle.standardError.write(
            Data("inspect+validate \(files[0]): median \(String(format: "%.3f", median)) ms over \(count) runs\n".utf8)
        )
    }
}

/// One file's inspection, for text and JSON output.
struct ImageReport: Encodable {
    struct Failure: Encodable {
        var code: String
        var message: String
    }

    var file: String
    var info: ImageInfo?
    var edgeColors: EdgeColors?
    var edgeColorsUnavailable: String?
    var error: Failure?
    var includeEdges: Bool

    /// Inspects `file`, and measures its edge colours if `edges` is true.
    init(file: String, edges: Bool) {
        self.file = file
        self.includeEdges = edges
        do {
            let info = try ImageInspector().inspect(path: file)
            self.info = info
            if !edges {
                return
            } else if info.format == .png {
                edgeColors = try EdgeColors(path: file)
            } else {
                edgeColorsUnavailable = "\(info.format) is not decoded"
            }
        } catch let error as ImageError {
            self.error = Failure(code: error.code.description, message: error.message)
        } catch {
            self.error = Failure(code: "unknown", message: "\(file): \(error)")
        }
    }

    var line: String {
        guard let info else { return "\(file): \(error?.message ?? "unknown error")" }
        var text =
            "\(file): \(info.format) \(info.width)x\(info.height), \(info.bitDepth)-bit \(info.colorType), "
            + (info.interlaced ? (info.format == .png ? "Adam7 interlaced" : "progressive") : "not interlaced")
            + (info.hasTransparency ? ", transparency" : "") + ", \(info.fileSize) bytes"
        if includeEdges {
            if let edgeColors {
                text += ", edges top \(edgeColors.top) bottom \(edgeColors.bottom)"
            } else if let edgeColorsUnavailable {
                text += ", edges n/a (\(edgeColorsUnavailable))"
            }
        }
        return text
    }

    private enum Keys: String, CodingKey {
        case file, format, width, height, bitDepth, colorType, interlaced, hasTransparency, fileSize, edgeColors, error
    }

    func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: Keys.self)
        try container.encode(file, forKey: .file)
        if let info {
            try container.encode(info.format.rawValue, forKey: .format)
            try container.encode(info.width, forKey: .width)
            try container.encode(info.height, forKey: .height)
            try container.encode(info.bitDepth, forKey: .bitDepth)
            try container.encode(info.colorType.rawValue, forKey: .colorType)
            try container.encode(info.interlaced, forKey: .interlaced)
            try container.encode(info.hasTransparency, forKey: .hasTransparency)
            try container.encode(info.fileSize, forKey: .fileSize)
            if includeEdges {
                if let edgeColors {
                    try container.encode(edgeColors, forKey: .edgeColors)
                } else {
                    try container.encodeNil(forKey: .edgeColors)
                }
            }
        }
        try container.encodeIfPresent(error, forKey: .error)
    }
}
