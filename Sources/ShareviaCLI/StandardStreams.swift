import LocalFiles
import ShareCore

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Writing to stdout and stderr, and reading stdin, for the commands.
///
/// Plain `write(2)` and `read(2)` on descriptors 0, 1 and 2, unbuffered like `FileHandle`, so the
/// command line needs no `FileHandle` (which full Foundation has and FoundationEssentials lacks).
enum StandardStreams {
    /// Writes a line to standard error.
    static func printError(_ line: String) {
        writeAll(line + "\n", to: STDERR_FILENO)
    }

    /// Writes text to standard error as it is: a prompt, without a line ending.
    static func writeError(_ text: String) {
        writeAll(text, to: STDERR_FILENO)
    }

    /// Writes text to standard output as it is.
    static func write(_ text: String) {
        writeAll(text, to: STDOUT_FILENO)
    }

    /// The most bytes read from standard input when it is read whole (`--text -`, `text count -`,
    /// `sms count -`): 64 MiB. `sms count --lines` reads a regular file in chunks instead.
    static let inputByteLimit = 64 << 20

    /// Reads all of standard input and checks it is UTF-8.
    ///
    /// - Throws: ``CommandFailure`` (usage) naming the first bad byte when it is not UTF-8, or the
    ///   limit when standard input holds more than ``inputByteLimit``.
    static func readUTF8Input(purpose: String) throws -> String {
        let data = try readAll(purpose: purpose)
        guard let text = String(validating: data, as: UTF8.self) else {
            throw invalidUTF8Failure(data, purpose: purpose)
        }
        return text
    }

    /// What a counting command reads: `text` itself, or (for nil or `-`) all of standard input
    /// without its final line ending, or with `lines` each line of it. A line ends with LF or
    /// CRLF (``LineEnding``); neither is part of the text counted.
    ///
    /// - Throws: ``CommandFailure`` (usage) when standard input is not UTF-8.
    static func inputs(text: String?, lines: Bool) throws -> [String] {
        if let text, text != "-" { return [text] }
        let input = try readUTF8Input(purpose: "the text")
        // Lines split on the byte: splitting a String on "\n" walks grapheme clusters, which is
        // slow, and would not split at CRLF, which is one Character.
        guard lines else { return [String(Substring(LineEnding.withoutFinalLineEnding(input.utf8)))] }
        return LineEnding.lines(of: input.utf8).map { String(Substring($0)) }
    }

    /// Runs `body` with all of standard input, from its current offset, read into one buffer
    /// (a regular file's size at once; `sms count --lines` reads regular files as
    /// ``FileLineChunks`` instead). Not mapped: a mapped file that another process truncates
    /// meanwhile would stop sharevia with SIGBUS.
    ///
    /// - Throws: ``CommandFailure`` (usage) when standard input holds more than ``inputByteLimit``,
    ///   or what `body` throws.
    static func withAllInput<Result>(
        purpose: String,
        _ body: (UnsafeBufferPointer<UInt8>) throws -> Result
    ) throws -> Result {
        try readAll(purpose: purpose).withUnsafeBufferPointer(body)
    }

    /// Prints the usage error for `data` (read from standard input for `purpose`) not being
    /// UTF-8, naming the first bad byte, and returns the failure to throw.
    static func invalidUTF8Failure(_ data: some Sequence<UInt8>, purpose: String) -> CommandFailure {
        let offset = UTF8Validation.firstInvalidOffset(in: data) ?? 0
        return usageFailure(
            "\(purpose) from standard input is not valid UTF-8 (first bad byte at offset \(offset)); convert it with iconv -t UTF-8"
        )
    }

    /// Writes bytes to standard output as they are.
    static func write(bytes: [UInt8]) {
        bytes.withUnsafeBufferPointer { writeAll($0, to: STDOUT_FILENO) }
    }

    /// Writes every byte of `text`, retrying after a signal; gives up silently on any other
    /// error (a closed pipe), as there is nowhere left to report it.
    private static func writeAll(_ text: String, to descriptor: Int32) {
        var text = text
        text.withUTF8 { writeAll($0, to: descriptor) }
    }

    private static func writeAll(_ bytes: UnsafeBufferPointer<UInt8>, to descriptor: Int32) {
        guard let base = bytes.baseAddress else { return }
        var offset = 0
        while offset < bytes.count {
            #if canImport(Glibc)
            let count = Glibc.write(descriptor, base + offset, bytes.count - offset)
            #else
            let count = Darwin.write(descriptor, base + offset, bytes.count - offset)
            #endif
            if count < 0 && errno == EINTR { continue }
            if count <= 0 { return }
            offset += count
        }
    }

    /// Reads standard input to its end, at most ``inputByteLimit`` bytes, checked as they arrive
    /// (so `< /dev/zero` stops at the limit): a regular file straight into one buffer of its size.
    ///
    /// - Throws: ``CommandFailure`` (usage) naming the limit, or the reason the read failed.
    private static func readAll(purpose: String) throws -> [UInt8] {
        let input = InputFile(standardInputNamed: "standard input")
        let limit = InputLimit(bytes: inputByteLimit, rule: "sharevia's limit for standard input read whole")
        do throws(InputFileError) {
            return try input.readAll(limit: limit)
        } catch {
            switch error.problem {
            case .tooLarge:
                throw usageFailure(
                    "\(purpose) from standard input is larger than \(InputLimit.describe(inputByteLimit)) (\(limit.rule)); pass less text"
                )
            default:
                throw usageFailure(
                    "\(purpose) from standard input: \(error.message); pass the text as an argument or through a pipe"
                )
            }
        }
    }
}

/// Finds where bytes stop being UTF-8.
enum UTF8Validation {
    /// The offset of the first byte that does not start a valid UTF-8 sequence, or nil.
    static func firstInvalidOffset(in bytes: some Sequence<UInt8>) -> Int? {
        var offset = 0
        var iterator = bytes.makeIterator()
        var decoder = UTF8()
        while true {
            switch decoder.decode(&iterator) {
            case .scalarValue(let scalar):
                offset += UTF8.width(scalar)
            case .emptyInput:
                return nil
            case .error:
                return offset
            }
        }
    }
}
