import CSpawn
import SystemPackage

#if canImport(Glibc)
import Glibc
#endif

/// Opens what a child reads on stdin as a descriptor, before anything is spawned.
enum ChildStandardInput {
    /// A read-only descriptor (close-on-exec) for `input`, or nil for `/dev/null`.
    ///
    /// Bytes go into an anonymous in-memory file (memfd) rather than a pipe: the child reads them
    /// at its own pace, nothing has to feed a pipe while the child runs, and a child that exits
    /// without reading them all can't raise `SIGPIPE` in this process (swift-subprocess writes a
    /// pipe from the task pool, where a `SIGPIPE` would end the whole process; the C runner had to
    /// block it on its own thread). A file is opened here, so a missing one is told apart from a
    /// missing program.
    ///
    /// - Returns: The descriptor, or the errno of the failure with the stage it failed at.
    static func open(_ input: ProcessInvocation.StandardInput) -> Result<FileDescriptor?, ChildInputFailure> {
        switch input {
        case .none:
            return .success(nil)
        case .file(let path):
            var fd: Int32
            repeat { fd = Glibc.open(path, O_RDONLY | O_CLOEXEC) } while fd < 0 && errno == EINTR
            guard fd >= 0 else { return .failure(ChildInputFailure(errno: errno, path: path)) }
            return .success(FileDescriptor(rawValue: fd))
        case .bytes(let bytes):
            let fd = csv_memfd_create("sharevia-stdin")
            guard fd >= 0 else { return .failure(ChildInputFailure(errno: errno, path: nil)) }
            var written = 0
            let failure: Int32? = bytes.withUnsafeBytes { raw in
                while written < raw.count {
                    let n = write(fd, raw.baseAddress! + written, raw.count - written)
                    if n < 0 && errno == EINTR { continue }
                    guard n > 0 else { return errno == 0 ? EIO : errno }
                    written += n
                }
                return nil
            }
            if let failure {
                close(fd)
                return .failure(ChildInputFailure(errno: failure, path: nil))
            }
            guard lseek(fd, 0, SEEK_SET) == 0 else {
                let saved = errno
                close(fd)
                return .failure(ChildInputFailure(errno: saved, path: nil))
            }
            return .success(FileDescriptor(rawValue: fd))
        }
    }
}

/// Why a child's stdin could not be opened: the errno, and the file when it was one.
struct ChildInputFailure: Error {
    var errno: Int32
    var path: String?
}
