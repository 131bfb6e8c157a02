#if canImport(Glibc)
import Glibc
#endif

/// Cheap "is anyone listening?" checks: one non-blocking `connect`, no protocol spoken.
///
/// A local X server or Wayland compositor listens on a Unix socket; connecting to it costs a
/// few microseconds and tells a live server from a stale socket file left by a crashed one
/// (`ECONNREFUSED`) or none at all (`ENOENT`). A server that is alive but busy may refuse with
/// `EAGAIN` (its backlog is full): that still counts as answering.
enum SocketProbe {
    /// True when something accepts connections on the Unix socket at `path`. A leading NUL
    /// byte in `path` means Linux's abstract namespace (where X servers also listen).
    static func unixSocketAnswers(_ path: [UInt8]) -> Bool {
        var address = sockaddr_un()
        address.sun_family = sa_family_t(AF_UNIX)
        let capacity = MemoryLayout.size(ofValue: address.sun_path)
        guard !path.isEmpty, path.count < capacity else { return false }
        withUnsafeMutableBytes(of: &address.sun_path) { raw in
            raw.copyBytes(from: path)
        }
        let isAbstract = path.first == 0
        let length = socklen_t(MemoryLayout<sa_family_t>.size + path.count + (isAbstract ? 0 : 1))
        let fd = socket(AF_UNIX, Int32(SOCK_STREAM.rawValue | SOCK_CLOEXEC.rawValue | SOCK_NONBLOCK.rawValue), 0)
        guard fd >= 0 else { return false }
        defer { close(fd) }
        let rc = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { connect(fd, $0, length) }
        }
        return rc == 0 || errno == EAGAIN || errno == EINPROGRESS
    }

    /// True when something accepts TCP connections on 127.0.0.1:`port` within `timeoutMilliseconds`.
    static func loopbackTCPAnswers(port: Int, timeoutMilliseconds: Int32 = 200) -> Bool {
        guard (1...65535).contains(port) else { return false }
        let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue | SOCK_CLOEXEC.rawValue | SOCK_NONBLOCK.rawValue), 0)
        guard fd >= 0 else { return false }
        defer { close(fd) }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = in_port_t(UInt16(port).bigEndian)
        address.sin_addr.s_addr = in_addr_t(UInt32(0x7F00_0001).bigEndian)
        let rc = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                connect(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
            }
        }
        if rc == 0 { return true }
        guard errno == EINPROGRESS else { return false }
        var descriptor = pollfd(fd: fd, events: Int16(POLLOUT), revents: 0)
        guard poll(&descriptor, 1, timeoutMilliseconds) == 1 else { return false }
        var error: Int32 = 0
        var size = socklen_t(MemoryLayout<Int32>.size)
        getsockopt(fd, SOL_SOCKET, SO_ERROR, &error, &size)
        return error == 0
    }
}
