import ImagePipeline
import ShareCards

/// Writing a rendered PNG through ``PNGOutput``: all or nothing into a regular file (a staged
/// file beside it, replacing an existing file only once the new one is complete), or to standard
/// output for `-o -`.
enum CardOutputFile {
    /// Checks, before rendering, that `path` names a regular file (or nothing yet) in a folder
    /// that exists, or is `-`.
    ///
    /// - Throws: ``CommandFailure``: 64 for an empty `-o`, 65 (printed) naming the file and what to do.
    static func check(_ path: String) throws {
        if let problem = PNGOutput.emptyPathProblem(path) { throw usageFailure(problem) }
        do {
            try PNGOutput(path: path, overwrite: true).check()
        } catch {
            throw failure(error, path)
        }
    }

    /// Writes `bytes` to `path` atomically, or to standard output for `-`.
    ///
    /// - Throws: ``CommandFailure`` (65, printed) naming the file and the system error.
    static func write(_ bytes: [UInt8], to path: String) throws {
        do {
            try PNGOutput(path: path, overwrite: true).write(bytes)
        } catch {
            throw failure(error, path)
        }
    }

    /// Prints the summary after writing: on standard error when the PNG went to standard output.
    static func announce(_ text: String, output path: String) {
        PNGOutput(path: path, overwrite: true).announce(text)
    }

    private static func failure(_ error: any Error, _ path: String) -> CommandFailure {
        let reason = (error as? ImageError)?.message ?? "\(error)"
        return CardSpecFile.failure(
            CardError(
                .writeFailed,
                "can't write the card: \(reason) Check that -o names a writable regular file, or pass -o - for standard output."
            )
        )
    }
}
