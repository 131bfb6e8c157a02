import ArgumentParser
import ImagePipeline

/// `sharevia image`: inspect, fit and convert images.
///
/// Exit codes: 0 on success; 64 for a usage error or an input file that is missing or
/// unreadable; 65 when an image cannot be decoded or processed, or the output already exists
/// (the message names the file and the `ImageError` code).
struct ImageCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "image",
        abstract: "Inspect, fit and convert PNG and JPEG images.",
        discussion: """
            PNG files are validated, decoded and encoded with libpng. JPEG files can be inspected \
            (size from the frame header) but not decoded: convert them to PNG first. Images are read \
            in place, so the input must be a regular file (not a pipe or device).
            """,
        subcommands: [ImageInspectCommand.self, ImageFitCommand.self, ImageConvertCommand.self]
    )
}

/// How the image commands report an ``ImageError``: the library's neutral message plus advice for
/// this command line, and an exit code. The one place image errors meet the CLI.
enum ImageFailure {
    /// `message; advice. [code]`, without the `error: ` prefix.
    static func line(for error: ImageError, canvasOption: Bool = false) -> String {
        guard let advice = advice(for: error.code, canvasOption: canvasOption) else { return error.description }
        var message = error.message
        if message.hasSuffix(".") { message.removeLast() }
        return "\(message); \(advice). [\(error.code)]"
    }

    /// What a command-line user can do about `code`, if there is something.
    static func advice(for code: ImageError.Code, canvasOption: Bool) -> String? {
        switch code {
        case .outputExists:
            "pass --force to replace it"
        case .outputNotRegularFile:
            "name a regular file with -o, or pass -o - for standard output"
        case .pixelLimitExceeded, .memoryLimitExceeded:
            canvasOption ? "use a smaller image or a smaller --canvas" : "use a smaller image"
        default:
            nil
        }
    }

    /// 64 (usage) for an input that cannot be opened or read; 65 (input error) for the rest.
    static func exitCode(for code: ImageError.Code) -> Int32 {
        code == .readFailed ? ShareviaExitCode.usage : ShareviaExitCode.inputError
    }

    /// Runs `body`; an ``ImageError`` is printed as `error: ...` and becomes a
    /// ``CommandFailure`` with its exit code.
    static func reporting<Result>(canvasOption: Bool = false, _ body: () throws -> Result) throws -> Result {
        do {
            return try body()
        } catch let error as ImageError {
            StandardStreams.printError("error: " + line(for: error, canvasOption: canvasOption))
            throw CommandFailure(exitCode: exitCode(for: error.code))
        }
    }
}
