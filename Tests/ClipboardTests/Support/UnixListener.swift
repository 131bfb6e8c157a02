#if canImport(Glibc)
import Glibc
#endif

/// A Unix socket bound at a path, listening or not: a stand-in compositor, or a stale socket
/// left behind by a crashed server. Closed and unlinked by ``close()``.
final class UnixListener {
    let path: String
    private let fd: Int32

    struct Failure: Error {}

    init(path: String, listening: Bool) throws {
        self.path = path
        fd = socket(AF_UNIX, Int32(SOCK_STREAM.rawValue | SOCK_CLOEXEC.rawValue), 0)
        guard fd >= 0 else { throw Failure() }
        var address = sockaddr_un()
        address.sun_family = sa_family_t(AF_UNIX)
        let bytes = Array(path.utf8)
        withUnsafeMutableBytes(of: &address.sun_path) { $0.copyBytes(from: bytes) }
        let rc = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                bind(fd, $0, socklen_t(MemoryLayout<sockaddr_un>.size))
            }
        }
        guard rc == 0, !listening || listen(fd, 4) == 0 else {
            Glibc.close(fd)
            throw Failure()
        }
    }

    func close() {
        Glibc.close(fd)
        unlink(path)
    }
}
