#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Reads the authorization code of an out-of-band sign-in: from the terminal after a prompt, or
/// the first line of standard input when it is piped.
enum LoginCodeReader {
    /// The longest line read: 1024 bytes (Mastodon's codes are 43 characters).
    static let maximumLineBytes = 1024

    /// The first line of standard input without its line end and surrounding spaces, or nil at
    /// end of input; prompts on standard error first when standard input is a terminal.
    ///
    /// - Throws: ``CommandFailure`` (usage) when the line is longer than ``maximumLineBytes``.
    static func read(prompt: String) throws -> String? {
        if isatty(STDIN_FILENO) == 1 { StandardStreams.printError(prompt) }
        var line: [UInt8] = []
        var byte: UInt8 = 0
        while true {
            let count = Glibc.read(STDIN_FILENO, &byte, 1)
            if count < 0 && errno == EINTR { continue }
            guard count == 1 else {
                if line.isEmpty { return nil }
                break
            }
            if byte == 0x0A { break }
            line.append(byte)
            guard line.count <= maximumLineBytes else {
                throw usageFailure(
                    "the code read from standard input is longer than \(maximumLineBytes) bytes; paste only the code the page shows"
                )
            }
        }
        let text = String(decoding: line, as: UTF8.self)
        var trimmed = Substring(text)
        while let first = trimmed.first, first == " " || first == "\t" || first == "\r" { trimmed.removeFirst() }
        while let last = trimmed.last, last == " " || last == "\t" || last == "\r" { trimmed.removeLast() }
        return String(trimmed)
    }
}
