import ShareCore

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

extension ShareAttachment {
    /// An attachment read from a file, its type decided by its bytes.
    ///
    /// The path is opened without blocking and read once:
    /// - a regular file stays on disk and is read through a ``FileAttachmentReader`` when a
    ///   destination needs it (at most ``ShareAttachment/fileByteLimit``); what is read in full
    ///   is kept for the other destinations of the share;
    /// - a pipe or FIFO (such as the shell's `<(command)`) is read into memory now, up to
    ///   ``ShareAttachment/memoryByteLimit``, waiting at most `pipeWait` for its end;
    /// - a directory, a device or a socket is refused.
    ///
    /// The first bytes decide the type: a PNG, JPEG, GIF or WebP signature gives that image type
    /// whatever the name says. A file whose name or `mimeType` claims an image type but whose
    /// bytes are no image is refused, so a text file named `card.png` never travels as
    /// `image/png`. Anything else takes its type from `mimeType`, then the file name's extension.
    ///
    /// - Parameters:
    ///   - path: The file.
    ///   - mimeType: The type to use when the bytes show none.
    ///   - pipeWait: How long a pipe may take to send all of its bytes.
    /// - Throws: ``ShareError`` with code `badInput` naming the path when it does not exist, is
    ///   empty, is not a regular file or pipe, cannot be read, is over a limit, or claims an image type its
    ///   bytes don't have.
    public static func file(
        _ path: String,
        mimeType: String? = nil,
        pipeWait: Duration = .seconds(30)
    ) throws(ShareError) -> ShareAttachment {
        let input = try opened(path)
        if input.kind == .regular {
            guard input.size <= ShareAttachment.fileByteLimit else {
                throw AttachmentFileError.shareError(
                    InputFileError(path: path, problem: .tooLarge(AttachmentFileError.fileLimit))
                )
            }
            guard input.size > 0 else {
                throw ShareError(
                    .badInput,
                    message:
                        "'\(path)' is empty (0 bytes), so there is nothing to attach; check the path, or write the file first"
                )
            }
            var head = [UInt8](repeating: 0, count: 16)
            let count = head.withUnsafeMutableBytes { pread(input.descriptor, $0.baseAddress, $0.count, 0) }
            guard count >= 0 else {
                throw AttachmentFileError.shareError(
                    InputFileError(path: path, problem: .unreadable(String(cString: strerror(errno))))
                )
            }
            return try typed(
                path: path,
                head: Array(head[0..<count]),
                source: .file(path: path),
                mimeType: mimeType,
                reader: FileAttachmentReader(path: path)
            )
        }
        let bytes: [UInt8]
        do throws(InputFileError) {
            bytes = try input.readAll(limit: AttachmentFileError.pipeLimit, deadline: .now + pipeWait)
        } catch {
            throw AttachmentFileError.shareError(error, wait: pipeWait)
        }
        guard !bytes.isEmpty else {
            throw ShareError(
                .badInput,
                message:
                    "'\(path)' is a pipe that sent nothing (a FIFO with no writer reads as empty); start its writer first, or save the content to a file and pass that file"
            )
        }
        return try typed(
            path: path,
            head: Array(bytes.prefix(16)),
            source: .bytes(Data(bytes)),
            mimeType: mimeType,
            reader: nil
        )
    }

    /// The regular file or pipe at `path`, opened without blocking.
    private static func opened(_ path: String) throws(ShareError) -> InputFile {
        do throws(InputFileError) {
            let input = try InputFile(path: path)
            try input.requireReadable(allowingPipes: true)
            return input
        } catch {
            throw AttachmentFileError.shareError(error)
        }
    }
}
