#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Reads attachment files through ``InputFile``, with errors that name the file, the rule and
/// what to do.
enum AttachmentFile {
    /// The attachment for `path`, read once: a regular file stays on disk (its first bytes sniffed
    /// for the type), a pipe or FIFO is read into memory up to ``ShareAttachment/memoryByteLimit``,
    /// anything else is refused.
    static func open(
        _ path: String,
        pipeWait: Duration
    ) throws(ShareError) -> (source: ShareAttachment.Source, head: [UInt8]) {
        let input = try opened(path)
        if input.kind == .regular {
            guard input.size <= ShareAttachment.fileByteLimit else {
                throw shareError(InputFileError(path: path, problem: .tooLarge(fileLimit)))
            }
            var head = [UInt8](repeating: 0, count: 16)
            let count = head.withUnsafeMutableBytes { pread(input.descriptor, $0.baseAddress, $0.count, 0) }
            guard count >= 0 else {
                throw shareError(InputFileError(path: path, problem: .unreadable(String(cString: strerror(errno)))))
            }
            return (.file(path: path), Array(head[0..<count]))
        }
        let bytes: [UInt8]
        do throws(InputFileError) {
            bytes = try input.readAll(limit: pipeLimit, deadline: .now + pipeWait)
        } catch {
            throw shareError(error, wait: pipeWait)
        }
        guard !bytes.isEmpty else {
            throw ShareError(
                .badInput,
                message:
                    "'\(path)' is a pipe that sent nothing (a FIFO with no writer reads as empty); start its writer first, or save the content to a file and pass that file"
            )
        }
        return (.bytes(Data(bytes)), Array(bytes.prefix(16)))
    }

    /// The regular file or pipe at `path`, opened without blocking.
    private static func opened(_ path: String) throws(ShareError) -> InputFile {
        do throws(InputFileError) {
            let input = try InputFile(path: path)
            try input.requireReadable(allowingPipes: true)
            return input
        } catch {
            throw shareError(error)
        }
    }

    /// The whole file, up to `limit`, checked while reading.
    static func readAll(_ path: String, limit: InputLimit) throws(ShareError) -> Data {
        do throws(InputFileError) {
            let input = try InputFile(path: path)
            try input.requireReadable(allowingPipes: false)
            return Data(try input.readAll(limit: limit))
        } catch {
            throw shareError(error, code: error.problem.isOverLimit ? .contentRejected : .badInput)
        }
    }

    /// The file (or pipe) at `path` a chunk at a time, up to `limit`; see
    /// ``ShareAttachment/forEachChunk(limit:rule:isCancelled:_:)``.
    static func forEachChunk(
        _ path: String,
        limit: InputLimit,
        isCancelled: () -> Bool,
        _ body: (UnsafeRawBufferPointer) throws(ShareError) -> Void
    ) throws(ShareError) {
        var bodyError: ShareError?
        do throws(InputFileError) {
            let input = try InputFile(path: path)
            // A pipe is read until its end, the limit or cancellation (the router's timeout).
            try input.requireReadable(allowingPipes: true)
            try input.forEachChunk(limit: limit, isCancelled: isCancelled) { chunk throws(InputFileError) in
                do throws(ShareError) {
                    try body(UnsafeRawBufferPointer(chunk))
                } catch {
                    bodyError = error
                    throw InputFileError(path: path, problem: .cancelled)
                }
            }
        } catch {
            if let bodyError { throw bodyError }
            throw shareError(error, code: error.problem.isOverLimit ? .contentRejected : .badInput)
        }
    }

    /// The size of the file at `path`, or nil when it can't be examined.
    static func size(of path: String) -> Int? {
        var info = stat()
        return stat(path, &info) == 0 ? Int(info.st_size) : nil
    }

    /// The limit of a regular file attached to a share.
    static let fileLimit = InputLimit(
        bytes: ShareAttachment.fileByteLimit,
        rule: "sharevia's limit for one attachment"
    )

    /// The limit of a pipe read into memory.
    static let pipeLimit = InputLimit(
        bytes: ShareAttachment.memoryByteLimit,
        rule: "sharevia's limit for an attachment read from a pipe"
    )

    /// The share error for an input error, with what to do.
    static func shareError(
        _ error: InputFileError,
        wait: Duration? = nil,
        code: ShareError.Code = .badInput
    ) -> ShareError {
        let path = error.path
        let message: String
        var detail: ShareError.Detail?
        switch error.problem {
        case .missing:
            message = "\(path): no such file. Check the path."
            detail = .init(.missingFile, value: path)
        case .notAFile(.directory):
            message = "\(path) is a directory; pass an image or other file to attach."
        case .notAFile:
            message = "\(error.message); save what you want to share to a file and pass that file"
        case .unreadable(let reason):
            message = "\(path) can't be read: \(reason). Check its permissions with ls -l and fix them with chmod."
        case .tooLarge(let limit) where limit == pipeLimit:
            message =
                "\(error.message); save it to a file and pass that file (files up to \(InputLimit.describe(ShareAttachment.fileByteLimit)) can be attached)"
        case .tooLarge:
            message = "\(error.message); pass a smaller file"
        case .timedOut:
            let within = wait.map { " within \($0.formatted)" } ?? ""
            message =
                "'\(path)' is a pipe that sent no end of file\(within); close its writer, or save the content to a file and pass that file"
        case .cancelled:
            return ShareError(.cancelled, message: error.message)
        }
        return ShareError(code, message: message, detail: detail, underlying: error)
    }
}

extension InputFileError.Problem {
    /// True for ``tooLarge(_:)``.
    package var isOverLimit: Bool {
        if case .tooLarge = self { return true }
        return false
    }
}
