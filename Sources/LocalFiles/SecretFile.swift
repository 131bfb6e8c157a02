import ShareCore

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

extension SecretReference {
    /// The secret, reading a `file` source from this machine, or a message saying which rule it
    /// breaks and what to do. See ``SecretFile/read(_:)`` for the rules a secret file must meet.
    package func resolve(environment: ShareEnvironment) -> Result<Secret, SecretReferenceError> {
        resolve(environment: environment, readingFilesWith: SecretFile.read)
    }
}

/// Reads a secret file: readable by its owner only, a regular UTF-8 text file of at most 64 KiB.
enum SecretFile {
    /// The file's text, or why it can't be a secret's file (`names PATH, which ...`).
    static func read(_ path: String) -> Result<String, SecretReferenceError> {
        func problem(_ message: String) -> Result<String, SecretReferenceError> {
            .failure(SecretReferenceError(message: message))
        }
        var info = stat()
        guard stat(path, &info) == 0 else {
            return problem("names \(path), which can't be read: \(String(cString: strerror(errno)))")
        }
        guard info.st_mode & 0o077 == 0 else {
            return problem("names \(path), which group or others can read; run 'chmod 600 \(path)'")
        }
        // Opened without blocking and read under the cap: a FIFO named here can't hang a command.
        let limit = InputLimit(bytes: 65536, rule: "the limit of a secret file")
        guard let input = try? InputFile(path: path), (try? input.requireReadable(allowingPipes: false)) != nil,
            let bytes = try? input.readAll(limit: limit), let text = String(validating: bytes, as: UTF8.self)
        else { return problem("names \(path), which is not a regular UTF-8 text file of at most 64 KiB") }
        return .success(text)
    }
}
