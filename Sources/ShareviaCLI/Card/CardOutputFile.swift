import ImagePipeline
import ShareCards

/// Writing a rendered PNG: all or nothing, through ImagePipeline's ``AtomicFileWriter`` (a
/// staged file beside the output), replacing an existing file only once the new one is complete.
enum CardOutputFile {
    /// Checks, before rendering, that `path` names a file in a folder that exists.
    ///
    /// - Throws: ``CommandFailure`` (65, printed) naming the file and what to do.
    static func check(_ path: String) throws {
        do {
            try AtomicFileWriter(overwrite: true).checkDestination(path)
        } catch {
            throw failure(error, path)
        }
    }

    /// Writes `bytes` to `path` atomically.
    ///
    /// - Throws: ``CommandFailure`` (65, printed) naming the file and the system error.
    static func write(_ bytes: [UInt8], to path: String) throws {
        do {
            try AtomicFileWriter(overwrite: true).write(bytes, to: path)
        } catch {
            throw failure(error, path)
        }
    }

    private static func failure(_ error: any Error, _ path: String) -> CommandFailure {
        let reason = (error as? ImageError)?.message ?? "\(error)"
        return CardSpecFile.failure(
            CardError(.writeFailed, "can't write the card: \(reason) Check that -o names a writable file.")
        )
    }
}
