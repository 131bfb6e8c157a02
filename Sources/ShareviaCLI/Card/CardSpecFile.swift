import ShareCards

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Reading a spec file for the card commands, with errors that name the file.
enum CardSpecFile {
    /// The parsed spec at `path` ('-' reads standard input).
    ///
    /// - Throws: ``CommandFailure``, already printed: 64 when the file can't be read, 65 when it
    ///   is not a valid spec.
    static func load(_ path: String) throws -> CardSpec {
        let bytes: [UInt8]
        do throws(CardError) {
            bytes = try readFile(path)
        } catch {
            throw usageFailure(error.message)
        }
        do throws(CardError) {
            return try CardSpecParser.parse(bytes)
        } catch {
            throw failure(error.located(in: path))
        }
    }

    /// The failure for a card error: printed, with its exit code.
    static func failure(_ error: CardError) -> CommandFailure {
        let message = "\(error.message) [\(error.code)]"
        StandardStreams.printError("error: \(message)")
        let code = error.code == .libraryMissing ? ShareviaExitCode.internalError : ShareviaExitCode.inputError
        return CommandFailure(exitCode: code, message: message)
    }

    private static func readFile(_ path: String) throws(CardError) -> [UInt8] {
        let descriptor = path == "-" ? dup(0) : open(path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else {
            let reason = String(cString: strerror(errno))
            throw CardError(.invalidSpec, "can't read the card spec '\(path)': \(reason); pass the path of a JSON spec")
        }
        defer { close(descriptor) }
        var bytes: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 65536)
        while true {
            let count = chunk.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
            if count < 0 && errno == EINTR { continue }
            guard count >= 0 else {
                let reason = String(cString: strerror(errno))
                throw CardError(
                    .invalidSpec,
                    "can't read the card spec '\(path)': \(reason); check the file is readable"
                )
            }
            if count == 0 { break }
            bytes += chunk[..<count]
            if bytes.count > CardSpecParser.maximumBytes {
                throw CardError(
                    .invalidSpec,
                    "'\(path)' is larger than \(CardSpecParser.maximumBytes) bytes; a card spec is a small JSON file"
                )
            }
        }
        return bytes
    }
}
