import Foundation

/// Writing to stdout and stderr, and reading stdin, for the commands.
enum StandardStreams {
    /// Writes a line to standard error.
    static func printError(_ line: String) {
        FileHandle.standardError.write(Data((line + "\n").utf8))
    }

    /// Writes text to standard output as it is.
    static func write(_ text: String) {
        FileHandle.standardOutput.write(Data(text.utf8))
    }

    /// Reads all of standard input and checks it is UTF-8.
    ///
    /// - Throws: ``CommandFailure`` (usage) naming the first bad byte when it is not UTF-8.
    static func readUTF8Input(purpose: String) throws -> String {
        let data = FileHandle.standardInput.readDataToEndOfFile()
        guard let text = String(validating: data, as: UTF8.self) else {
            let offset = UTF8Validation.firstInvalidOffset(in: [UInt8](data)) ?? 0
            throw usageFailure(
                "\(purpose) from standard input is not valid UTF-8 (first bad byte at offset \(offset)); convert it with iconv -t UTF-8"
            )
        }
        return text
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
