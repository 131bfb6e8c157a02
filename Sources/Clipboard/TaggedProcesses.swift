import CX11Selection

#if canImport(Glibc)
import Glibc
#endif

/// Finds and kills the processes whose environment carries one variable with one value.
///
/// A clipboard tool forks the process that owns the selection (xclip's child, wl-copy's child),
/// and that process outlives the one sharevia started and waited for, so neither its pid nor a
/// wait can reach it. Every program a clipboard attempt runs gets
/// `SHAREVIA_CLIPBOARD_ATTEMPT=<random tag>` in its environment, which its forked children
/// inherit, so the attempt can find all of them in `/proc/PID/environ` (readable for processes
/// of the same user) however they forked or whichever process group they joined. A tagged process
/// may exit and its pid be reused between the scan and the kill, so each one is killed through a
/// pidfd opened *before* its environment is read again: the signal reaches the process whose
/// environment matched or, if that one has exited, nobody; an unrelated process can't match, the
/// tag being 128 random bits.
enum TaggedProcesses {
    /// Sends `SIGKILL` to every process (other than this one) whose environment holds
    /// `variable=value`, and looks again (up to five times) until none is left, so a child forked
    /// while the first look ran is caught too. Idempotent: a second call finds what started since.
    ///
    /// - Returns: How many processes were killed.
    @discardableResult
    static func kill(variable: String, value: String) -> Int {
        let needle = Array("\(variable)=\(value)".utf8) + [0]
        var killed = 0
        for _ in 0..<5 {
            let found = matching(needle)
            if found.isEmpty { break }
            for pid in found where kill(pid, ifEnvironmentHolds: needle) { killed += 1 }
        }
        return killed
    }

    /// Kills `pid` with `SIGKILL` through a pidfd, only if its environment (read after the pidfd
    /// was opened) still holds `needle`: a pid reused by an unrelated process is never signalled.
    ///
    /// - Returns: Whether the signal was sent.
    static func kill(_ pid: pid_t, ifEnvironmentHolds needle: [UInt8]) -> Bool {
        let pidfd = pidfd(pid)
        guard pidfd >= 0 else { return false }
        defer { close(pidfd) }
        // The pidfd names the process that had `pid` when it was opened. If that process exits
        // and `pid` is reused after this point, the environment read below is the newcomer's
        // (no match), or the signal goes to the exited process (ESRCH): nobody else is hit.
        guard environment(of: pid, contains: needle) else { return false }
        return send(SIGKILL, through: pidfd)
    }

    /// A pidfd (close-on-exec) for `pid`, or -1 when there is no such process.
    static func pidfd(_ pid: pid_t) -> Int32 {
        cxs_pidfd_open(pid)
    }

    /// Sends `signal` through `pidfd`.
    ///
    /// - Returns: Whether it was sent (false once that process has exited).
    static func send(_ signal: Int32, through pidfd: Int32) -> Bool {
        cxs_pidfd_send_signal(pidfd, signal) == 0
    }

    /// The pids whose environment block holds `needle` (`NAME=VALUE` and its terminating NUL) as
    /// one whole entry.
    static func matching(_ needle: [UInt8]) -> [pid_t] {
        guard let directory = opendir("/proc") else { return [] }
        defer { closedir(directory) }
        let own = getpid()
        var pids: [pid_t] = []
        while let entry = readdir(directory) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) { raw in
                String(decoding: raw.prefix { $0 != 0 }, as: UTF8.self)
            }
            guard let pid = pid_t(name), pid != own, environment(of: pid, contains: needle) else { continue }
            pids.append(pid)
        }
        return pids
    }

    /// Whether `/proc/PID/environ` holds `needle` as a whole entry; false when it can't be read.
    private static func environment(of pid: pid_t, contains needle: [UInt8]) -> Bool {
        let fd = open("/proc/\(pid)/environ", O_RDONLY | O_CLOEXEC)
        guard fd >= 0 else { return false }
        defer { close(fd) }
        var block: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 16 << 10)
        while block.count < 1 << 20 {
            let n = chunk.withUnsafeMutableBytes { read(fd, $0.baseAddress, $0.count) }
            if n < 0 && errno == EINTR { continue }
            guard n > 0 else { break }
            block.append(contentsOf: chunk[0..<n])
        }
        // Entries are NUL-separated; match at the start of one.
        var start = 0
        while start < block.count {
            let end = block[start...].firstIndex(of: 0) ?? block.count
            if end + 1 - start == needle.count, block[start...end].elementsEqual(needle) { return true }
            start = end + 1
        }
        return false
    }

    /// A fresh random tag: 32 hex digits.
    static func newTag() -> String {
        var generator = SystemRandomNumberGenerator()
        let high = generator.next() as UInt64
        let low = generator.next() as UInt64
        return hex(high) + hex(low)
    }

    private static func hex(_ value: UInt64) -> String {
        let digits = String(value, radix: 16)
        return String(repeating: "0", count: 16 - digits.count) + digits
    }
}
