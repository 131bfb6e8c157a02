import ImagePipeline
import ShareCards

/// Writing a rendered card through ``PNGOutput``: all or nothing into a regular file (a staged
/// file beside it, replacing an existing file only with `--force`, once the new one is complete),
/// or to standard output for `-o -`.
enum CardOutputFile {
    /// Checks, before rendering, that `path` names a regular file (or nothing yet, unless `force`)
    /// in a folder that exists, or is `-`.
    ///
    /// - Throws: ``CommandFailure``: 64 for an empty `-o`, 65 (printed) naming the file and what to do.
    static func check(_ path: String, force: Bool) throws {
        if let problem = PNGOutput.emptyPathProblem(path) { throw usageFailure(problem) }
        do {
            try PNGOutput(path: path, overwrite: force).check()
        } catch {
            throw failure(error, path)
        }
    }

    /// Writes `bytes` to `path` atomically, or to standard output for `-`.
    ///
    /// - Throws: ``CommandFailure`` (65, printed) naming the file and the system error.
    static func write(_ bytes: [UInt8], to path: String, force: Bool) throws {
        do {
            try PNGOutput(path: path, overwrite: force).write(bytes)
        } catch {
            throw failure(error, path)
        }
    }

    /// Prints the summary after writing: on standard error when the image went to standard output.
    static func announce(_ text: String, output path: String) {
        PNGOutput(path: path, overwrite: true).announce(text)
    }

    private static func failure(_ error: any Error, _ path: String) -> CommandFailure {
        // An existing file is refused as `image fit` refuses it, with the same words and code.
        if let error = error as? ImageError, error.code == .outputExists {
            let line = ImageFailure.line(for: error)
            StandardStreams.printError("error: " + line)
            return CommandFailure(exitCode: ImageFailure.exitCode(for: error.code), message: line)
        }
        let reason = (error as? ImageError)?.message ?? "\(error)"
        return CardSpecFile.failure(
            CardError(
                .writeFailed,
                "can't write the card: \(reason) Check that -o names a writable regular file, or pass -o - for standard output."
            )
        )
    }
}
