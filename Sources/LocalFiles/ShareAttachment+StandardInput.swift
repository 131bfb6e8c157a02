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
    /// The file name an attachment read from standard input gets, before its type's extension.
    package static let standardInputName = "stdin"

    /// An attachment read from standard input (`-` on the command line), its type decided by its
    /// bytes as ``file(_:mimeType:pipeWait:)`` decides it: a PNG, JPEG, GIF or WebP signature gives
    /// that image type and the name `stdin.png` (`.jpg`, `.gif`, `.webp`); other bytes travel as
    /// `mimeType`, else `application/octet-stream`, named `stdin`.
    ///
    /// Standard input is read once, to its end, into memory, up to ``memoryByteLimit`` (the cap of
    /// an attachment read from a pipe), checked as the bytes arrive.
    ///
    /// - Parameter mimeType: The type to use when the bytes show none.
    /// - Throws: ``ShareError`` `badInput` when standard input is a terminal (nothing was piped in;
    ///   reading would wait for typing), is empty, can't be read or holds more than the limit.
    public static func standardInput(mimeType: String? = nil) throws(ShareError) -> ShareAttachment {
        if isatty(STDIN_FILENO) == 1 {
            throw ShareError(
                .badInput,
                message: "standard input is a terminal, not bytes piped in, so reading it would wait for typing"
            )
        }
        let input = InputFile(standardInputNamed: "standard input")
        let bytes: [UInt8]
        do throws(InputFileError) {
            bytes = try input.readAll(
                limit: InputLimit(
                    bytes: ShareAttachment.memoryByteLimit,
                    rule: "sharevia's limit for an attachment read from standard input"
                )
            )
        } catch {
            if case .tooLarge = error.problem {
                throw ShareError(
                    .badInput,
                    message: "\(error.message); save it to a file and attach the file",
                    underlying: error
                )
            }
            throw ShareError(.badInput, message: error.message, underlying: error)
        }
        guard !bytes.isEmpty else {
            throw ShareError(.badInput, message: "standard input is empty (0 bytes), so there is nothing to attach")
        }
        return try typed(
            path: standardInputName,
            head: Array(bytes.prefix(16)),
            source: .bytes(Data(bytes)),
            mimeType: mimeType,
            reader: nil
        )
    }
}
