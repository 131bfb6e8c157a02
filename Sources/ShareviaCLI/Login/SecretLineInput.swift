#if canImport(Glibc)
import Glibc
#endif

/// Reads one secret line from a descriptor (standard input): from a terminal with echo turned
/// off, from a pipe or file as it comes. At most ``maximumBytes`` are read, checked while reading.
///
/// With a terminal, echo is turned off for the read alone and turned back on on every way out:
/// the line read, end of input, an error, and SIGINT or SIGTERM (which sharevia turns into the
/// task's cancellation, see ``InterruptSignals``; the read polls for it ten times a second).
enum SecretLineInput {
    /// The longest line taken, in bytes: an app password is 19.
    static let maximumBytes = 256

    /// Why no line was read.
    enum Failure: Error, Equatable {
        /// Nothing before end of input.
        case empty
        /// More than ``maximumBytes`` before the end of the line.
        case tooLong
        /// The task was cancelled (a signal).
        case cancelled
        /// A read failed: the errno text.
        case failed(String)
    }

    /// Whether `descriptor` is a terminal.
    static func isTerminal(_ descriptor: Int32 = 0) -> Bool { isatty(descriptor) == 1 }

    /// The line on `descriptor`, without its line ending; from a terminal with echo off.
    ///
    /// - Parameters:
    ///   - prompt: Written to standard error first, when `descriptor` is a terminal.
    ///   - isCancelled: Asked between waits; true stops the read (echo is restored).
    static func read(
        from descriptor: Int32 = 0,
        prompt: String,
        isCancelled: () -> Bool
    ) -> Result<[UInt8], Failure> {
        guard isTerminal(descriptor) else { return readLine(descriptor, isCancelled: isCancelled) }
        var saved = termios()
        guard tcgetattr(descriptor, &saved) == 0 else { return .failure(.failed(String(cString: strerror(errno)))) }
        var quiet = saved
        quiet.c_lflag &= ~tcflag_t(ECHO)
        // Flushes what was typed before the prompt, so it is not taken as the password.
        guard tcsetattr(descriptor, TCSAFLUSH, &quiet) == 0 else {
            return .failure(.failed(String(cString: strerror(errno))))
        }
        writeError(prompt)
        let result = readLine(descriptor, isCancelled: isCancelled)
        _ = tcsetattr(descriptor, TCSANOW, &saved)
        // The Enter that was not echoed.
        writeError("\n")
        return result
    }

    /// Writes `text` to standard error as it is (a prompt stays on its line).
    private static func writeError(_ text: String) {
        var bytes = Array(text.utf8)[...]
        while !bytes.isEmpty {
            let written = bytes.withUnsafeBytes { Glibc.write(STDERR_FILENO, $0.baseAddress, $0.count) }
            if written < 0 && errno == EINTR { continue }
            guard written > 0 else { return }
            bytes = bytes.dropFirst(written)
        }
    }

    private static func readLine(_ descriptor: Int32, isCancelled: () -> Bool) -> Result<[UInt8], Failure> {
        var line: [UInt8] = []
        while true {
            if isCancelled() { return .failure(.cancelled) }
            var poller = pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)
            let ready = poll(&poller, 1, 100)
            if ready < 0 && errno == EINTR { continue }
            if ready < 0 { return .failure(.failed(String(cString: strerror(errno)))) }
            if ready == 0 { continue }
            var byte: UInt8 = 0
            let count = Glibc.read(descriptor, &byte, 1)
            if count < 0 && (errno == EINTR || errno == EAGAIN) { continue }
            if count < 0 { return .failure(.failed(String(cString: strerror(errno)))) }
            if count == 0 || byte == UInt8(ascii: "\n") { break }
            guard line.count < maximumBytes else { return .failure(.tooLong) }
            line.append(byte)
        }
        if line.last == UInt8(ascii: "\r") { line.removeLast() }
        return line.isEmpty ? .failure(.empty) : .success(line)
    }
}
