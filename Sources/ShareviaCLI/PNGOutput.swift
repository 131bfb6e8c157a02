import ImagePipeline

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Where `card render`, `card themes`, `image fit` and `image convert` put their PNG: a regular
/// file, written atomically by ImagePipeline's ``AtomicFileWriter`` (which refuses devices, FIFOs,
/// sockets and folders, and writes through a symlink to its target), or standard output for `-o -`.
struct PNGOutput {
    /// The `-o` value that means standard output.
    static let standardOutputName = "-"

    /// The `-o` value.
    var path: String
    /// Whether an existing file may be replaced.
    var overwrite: Bool

    var isStandardOutput: Bool { path == Self.standardOutputName }

    /// The usage error for an empty `-o`, or nil.
    static func emptyPathProblem(_ path: String) -> String? {
        path.isEmpty ? "-o needs a file name, such as -o card.png (or -o - for standard output)" : nil
    }

    /// Checks, before any work, that the PNG can go where `-o` says.
    /// - Throws: ``ImageError``: the writer's refusals, or `writeFailed` when standard output is
    ///   a terminal (a PNG would garble it).
    func check() throws {
        if isStandardOutput {
            if isatty(STDOUT_FILENO) == 1 {
                throw ImageError(
                    .writeFailed,
                    "standard output is a terminal, which can't show a PNG; redirect it to a file or a program"
                )
            }
            return
        }
        try AtomicFileWriter(overwrite: overwrite).checkDestination(path)
    }

    /// Writes the PNG.
    /// - Throws: ``ImageError`` (`writeFailed`) naming the system error.
    func write(_ bytes: [UInt8]) throws {
        guard isStandardOutput else {
            try AtomicFileWriter(overwrite: overwrite).write(bytes, to: path)
            return
        }
        try check()
        var offset = 0
        while offset < bytes.count {
            let count = bytes.withUnsafeBytes { buffer in
                systemWrite(STDOUT_FILENO, buffer.baseAddress! + offset, buffer.count - offset)
            }
            if count < 0 {
                if errno == EINTR { continue }
                let reason = String(cString: strerror(errno))
                throw ImageError(.writeFailed, "cannot write the PNG to standard output: \(reason).")
            }
            offset += count
        }
    }

    /// Prints the command's summary line: on standard output, unless the PNG went there.
    func announce(_ text: String) {
        if isStandardOutput {
            StandardStreams.printError(text.hasSuffix("\n") ? String(text.dropLast()) : text)
        } else {
            StandardStreams.write(text.hasSuffix("\n") ? text : text + "\n")
        }
    }
}

#if canImport(Glibc)
private let systemWrite = Glibc.write
#elseif canImport(Darwin)
private let systemWrite = Darwin.write
#endif
