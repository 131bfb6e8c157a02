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

    /// Writes text to standard output as it is.
    static func write(_ text: String) {
        writeAll(text, to: STDOUT_FILENO)
    }

    /// Reads all of standard input and checks it is UTF-8.
    ///
    /// - Throws: ``CommandFailure`` (usage) naming the first bad byte when it is not UTF-8.
    static func readUTF8Input(purpose: String) throws -> String {
        let data = readAll(from: STDIN_FILENO)
        guard let text = String(validating: data, as: UTF8.self) else {
            let offset = UTF8Validation.firstInvalidOffset(in: data) ?? 0
            throw usageFailure(
                "\(purpose) from standard input is not valid UTF-8 (first bad byte at offset \(offset)); convert it with iconv -t UTF-8"
            )
        }
        return text
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

    /// Reads `descriptor` to its end (or its first error other than a signal).
    private static func readAll(from descriptor: Int32) -> [UInt8] {
        var bytes: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 64 << 10)
        while true {
            let count = chunk.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
            if count < 0 && errno == EINTR { continue }
            if count <= 0 { return bytes }
            bytes.append(contentsOf: chunk[0..<count])
        }
    }
}

/// Finds where bytes stop being UTF-8.
enum UTF8Validation {
    /// The offset of the first byte that does not start a valid UTF-8 sequence, or nil.
    static func firstInvalidOffset(in bytes: [UInt8]) -> Int? {
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
