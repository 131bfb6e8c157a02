import LocalFiles
import ShareCards
import ShareCore

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Reading a spec file for the card commands, with errors that name the file.
enum CardSpecFile {
    /// The parsed spec at `path` ('-' reads standard input).
    ///
    /// - Throws: ``CommandFailure``, already printed: 64 when the file can't be read, 65 when it
    ///   is not a valid spec.
    static func load(_ path: String, pipeWait: Duration = defaultPipeWait) throws -> CardSpec {
        let bytes: [UInt8]
        do throws(CardError) {
            bytes = try readFile(path, pipeWait: pipeWait)
        } catch {
            throw usageFailure(error.message)
        }
        do throws(CardError) {
            return try CardSpecParser.parse(bytes)
        } catch {
            throw failure(ErrorAdvice.card(error).located(in: path))
        }
    }

    /// The failure for a card error: printed, with its exit code.
    static func failure(_ error: CardError) -> CommandFailure {
        let message = "\(error.message) [\(error.code)]"
        StandardStreams.printError("error: \(message)")
        let code = error.code == .libraryMissing ? ShareviaExitCode.internalError : ShareviaExitCode.inputError
        return CommandFailure(exitCode: code, message: message)
    }

    /// How long a spec given as a pipe (`<(command)`) may take to arrive, unless a share's
    /// --timeout says otherwise.
    static let defaultPipeWait = Duration.seconds(30)

    /// The bytes of the spec, at most ``CardSpecParser/maximumBytes`` (checked while reading): a
    /// regular file, a pipe (waited on for at most `pipeWait`), or standard input for `-`.
    private static func readFile(_ path: String, pipeWait: Duration) throws(CardError) -> [UInt8] {
        let limit = InputLimit(
            bytes: CardSpecParser.maximumBytes,
            rule: "the \(InputLimit.describe(CardSpecParser.maximumBytes)) limit of a card spec"
        )
        do throws(InputFileError) {
            if path == "-" { return try InputFile(standardInputNamed: "-").readAll(limit: limit) }
            let input = try InputFile(path: path)
            try input.requireReadable(allowingPipes: true)
            return try input.readAll(limit: limit, deadline: .now + pipeWait)
        } catch {
            if error.problem == .timedOut {
                throw CardError(
                    .invalidSpec,
                    "can't read the card spec: '\(path)' is a pipe that sent no end of file within \(pipeWait.formatted); close its writer, or save the spec to a file"
                )
            }
            let advice: String
            switch error.problem {
            case .tooLarge: advice = "a card spec is a small JSON file"
            case .notAFile: advice = "pass the path of a JSON spec"
            default: advice = "pass the path of a readable JSON spec"
            }
            throw CardError(.invalidSpec, "can't read the card spec: \(error.message); \(advice)")
        }
    }
}
