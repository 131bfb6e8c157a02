import ShareCore

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Reads an attachment's bytes from a file on this machine, through ``InputFile``: opened
/// without blocking, refused unless a regular file or a pipe, capped while reading.
///
/// The attachment keeps what this reads in full (see `AttachmentReader`), so one share reads
/// the file once however many destinations need it.
public struct FileAttachmentReader: AttachmentReader {
    /// The file.
    public var path: String

    /// A reader of the file at `path`.
    public init(path: String) { self.path = path }

    /// The file's size from the file system, or nil when it can't be examined.
    public var byteCount: Int? {
        var info = stat()
        return stat(path, &info) == 0 ? Int(info.st_size) : nil
    }

    /// Reads the file (or a pipe, until its end, the limit or cancellation) a chunk at a time.
    ///
    /// - Throws: ``ShareError`` naming the file, with an `InputFileError` as its underlying
    ///   error when the file could not be read: `contentRejected` over the limit, `badInput`,
    ///   `cancelled`, or what `body` throws.
    public func read(
        limit: Int,
        rule: String,
        isCancelled: () -> Bool,
        _ body: (UnsafeRawBufferPointer) throws(ShareError) -> Void
    ) throws(ShareError) {
        let path = path
        var bodyError: ShareError?
        do throws(InputFileError) {
            let input = try InputFile(path: path)
            // A pipe is read until its end, the limit or cancellation (the router's timeout).
            try input.requireReadable(allowingPipes: true)
            try input.forEachChunk(limit: InputLimit(bytes: limit, rule: rule), isCancelled: isCancelled) {
                chunk throws(InputFileError) in
                do throws(ShareError) {
                    try body(UnsafeRawBufferPointer(chunk))
                } catch {
                    bodyError = error
                    throw InputFileError(path: path, problem: .cancelled)
                }
            }
        } catch {
            if let bodyError { throw bodyError }
            throw AttachmentFileError.shareError(error, code: error.problem.isOverLimit ? .contentRejected : .badInput)
        }
    }
}
