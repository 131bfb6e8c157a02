import ShareCore

#if canImport(Glibc)
import Glibc
#endif

/// A directory only we can read (0700), holding files only we can read (0600), created on the
/// first write and removed with everything in it by ``remove()``.
///
/// Text and in-memory images are written here so the clipboard tool can read them as a file
/// (`xclip -i FILE` reads it all before forking), and a plugin finds its attachments here;
/// nothing else on the machine can read them.
package final class PrivateTemporaryDirectory {
    /// The folder the directory is created in.
    package let parent: String
    /// The directory's path, once created.
    package private(set) var path: String?
    private var files: [String] = []
    private let prefix: String
    private let destination: DestinationID

    /// A directory to be created as `PREFIX-XXXXXX` under `parent` when first needed; errors
    /// name `destination`.
    package init(parent: String, prefix: String = "sharevia-clipboard", destination: DestinationID = .clipboard) {
        self.parent = parent
        self.prefix = prefix
        self.destination = destination
    }

    /// Writes `bytes` to a new file named `name` (mode 0600, never following or replacing
    /// anything) and returns its path.
    ///
    /// - Throws: ``ShareError`` (`permanent`) when the directory or the file can't be written.
    package func write(_ bytes: [UInt8], name: String) throws(ShareError) -> String {
        let directory = try create()
        let file = "\(directory)/\(name)"
        let fd = open(file, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0o600)
        guard fd >= 0 else { throw failure(file) }
        files.append(file)
        defer { close(fd) }
        var written = 0
        while written < bytes.count {
            let n = bytes.withUnsafeBytes { Glibc.write(fd, $0.baseAddress! + written, bytes.count - written) }
            if n < 0 && errno == EINTR { continue }
            guard n > 0 else { throw failure(file) }
            written += n
        }
        return file
    }

    /// Removes the files and the directory. Safe to call more than once, or when nothing was written.
    package func remove() {
        for file in files { unlink(file) }
        files = []
        if let path { rmdir(path) }
        path = nil
    }

    private func create() throws(ShareError) -> String {
        if let path { return path }
        var template = Array("\(parent)/\(prefix)-XXXXXX".utf8CString)
        let created = template.withUnsafeMutableBufferPointer { mkdtemp($0.baseAddress!) }
        guard created != nil else {
            throw ShareError(
                .permanent,
                destination: destination,
                message:
                    "can't create a private temporary folder in \(parent): \(String(cString: strerror(errno))). Set TMPDIR to a writable folder."
            )
        }
        let made = template.withUnsafeBufferPointer { String(cString: $0.baseAddress!) }
        path = made
        return made
    }

    private func failure(_ file: String) -> ShareError {
        ShareError(
            .permanent,
            destination: destination,
            message: "can't write \(file): \(String(cString: strerror(errno))). Check the free space in TMPDIR."
        )
    }
}
