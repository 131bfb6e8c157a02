import ShareCore

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The listener of a loopback redirect: a TCP socket on 127.0.0.1 on a free port, open for one
/// sign-in, that takes exactly one `GET /callback?code=…&state=…` (``MastodonOAuthCallback``).
///
/// - A request for anything else is answered 404 and the listener waits on (a browser may ask
///   for `/favicon.ico`).
/// - A callback whose `state` is not the one sent is answered 400 and ends the sign-in
///   (`state-mismatch`): the redirect is not this sign-in's.
/// - A refusal (`error=access_denied`) is answered with a short page and ends it (`denied`).
/// - The wait is bounded by a deadline (`timed-out`); one connection's head must arrive within
///   ``readTimeout``, in at most ``MastodonOAuthCallback/maximumHeadBytes``.
package final class MastodonOAuthLoopbackListener: Sendable {
    /// The port the socket listens on.
    package let port: Int
    private let socket: Int32

    /// How long one connection may take to send its request head: 10 s.
    package static let readTimeout: Duration = .seconds(10)

    /// Opens the socket on 127.0.0.1, on a free port the system picks.
    ///
    /// - Throws: ``MastodonOAuthError`` `listen-failed`.
    package init() throws(MastodonOAuthError) {
        let descriptor = Glibc.socket(AF_INET, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
        guard descriptor >= 0 else { throw Self.failure("socket") }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = 0
        address.sin_addr.s_addr = UInt32(0x7F00_0001).bigEndian
        let bound = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                bind(descriptor, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
            }
        }
        guard bound == 0, listen(descriptor, 8) == 0 else {
            let error = Self.failure("bind/listen")
            close(descriptor)
            throw error
        }
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        let named = withUnsafeMutablePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(descriptor, $0, &length) }
        }
        guard named == 0 else {
            let error = Self.failure("getsockname")
            close(descriptor)
            throw error
        }
        socket = descriptor
        port = Int(UInt16(bigEndian: address.sin_port))
    }

    deinit { close(socket) }

    /// The redirect this listener serves.
    package var redirect: MastodonOAuthRedirect { .loopback(port: port) }

    /// Waits for the callback and returns its code.
    ///
    /// - Parameters:
    ///   - state: The `state` the authorize URL carried.
    ///   - timeout: How long to wait for the browser.
    /// - Throws: ``MastodonOAuthError``: `timed-out`, `state-mismatch`, `denied`.
    package func waitForCode(state: String, timeout: Duration) async throws(MastodonOAuthError) -> Secret {
        // The wait blocks in poll(2) and read(2), so it runs on a thread of its own: the calling
        // task suspends, and never holds one of the few threads of the concurrency pool.
        let outcome: Result<Secret, MastodonOAuthError>
        do throws(ShareError) {
            outcome = try await CancellableBlockingWork.run { isCancelled in
                Result { () throws(MastodonOAuthError) -> Secret in
                    try self.blockingWait(state: state, timeout: timeout, isCancelled: isCancelled)
                }
            }
        } catch {
            outcome = .failure(MastodonOAuthError(.timedOut, "the sign-in was cancelled while waiting for the browser"))
        }
        return try outcome.get()
    }

    /// ``waitForCode(state:timeout:)``'s wait, blocking the calling thread.
    private func blockingWait(
        state: String,
        timeout: Duration,
        isCancelled: () -> Bool
    ) throws(MastodonOAuthError) -> Secret {
        let clock = ContinuousClock()
        let deadline = clock.now + timeout
        while true {
            let left = deadline - clock.now
            guard left > .zero else {
                throw MastodonOAuthError(
                    .timedOut,
                    "no browser came back to \(redirect.uri) within \(Self.seconds(timeout)) s"
                )
            }
            if isCancelled() {
                throw MastodonOAuthError(.timedOut, "the sign-in was cancelled while waiting for the browser")
            }
            // Short waits, so cancellation is seen between them.
            guard Self.poll(socket, milliseconds: min(250, Self.milliseconds(left))) else { continue }
            // accept4 needs _GNU_SOURCE, which Glibc's module lacks; sharevia starts no program
            // while it waits, so setting close-on-exec just after is as good.
            let connection = accept(socket, nil, nil)
            guard connection >= 0 else { continue }
            _ = fcntl(connection, F_SETFD, FD_CLOEXEC)
            defer { close(connection) }
            let head = Self.readHead(connection, until: min(deadline, clock.now + Self.readTimeout))
            switch MastodonOAuthCallback.read(head) {
            case .other:
                Self.answer(
                    connection,
                    status: "404 Not Found",
                    "Not found. This address only takes the sign-in's redirect."
                )
            case .refused(let error, let description, _):
                Self.answer(connection, status: "200 OK", "sharevia was not signed in. You can close this page.")
                let why = description.map { "\(error): \($0)" } ?? error
                throw MastodonOAuthError(.denied, "the server did not authorize sharevia: \"\(Self.shown(why))\"")
            case .code(let code, let received):
                guard received == state else {
                    Self.answer(
                        connection,
                        status: "400 Bad Request",
                        "This redirect is not from the sign-in sharevia started. Nothing was signed in."
                    )
                    throw MastodonOAuthError(
                        .stateMismatch,
                        "the redirect to \(redirect.uri) carried a state that is not this sign-in's; nothing was signed in (start the sign-in again)"
                    )
                }
                Self.answer(
                    connection,
                    status: "200 OK",
                    "sharevia is signed in. You can close this page and go back to the terminal."
                )
                return Secret(code)
            }
        }
    }

    // MARK: Sockets

    private static func poll(_ descriptor: Int32, milliseconds: Int) -> Bool {
        var entry = pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)
        return Glibc.poll(&entry, 1, Int32(max(0, milliseconds))) == 1 && entry.revents & Int16(POLLIN) != 0
    }

    /// The bytes up to the end of the head (`\r\n\r\n`), the cap, the peer's close, or the deadline.
    private static func readHead(_ connection: Int32, until deadline: ContinuousClock.Instant) -> [UInt8] {
        var head: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 2048)
        let clock = ContinuousClock()
        while head.count < MastodonOAuthCallback.maximumHeadBytes, !head.ends(with: [0x0D, 0x0A, 0x0D, 0x0A]) {
            let left = deadline - clock.now
            guard left > .zero, poll(connection, milliseconds: milliseconds(left)) else { break }
            let count = buffer.withUnsafeMutableBytes {
                recv(connection, $0.baseAddress, min($0.count, MastodonOAuthCallback.maximumHeadBytes - head.count), 0)
            }
            guard count > 0 else { break }
            head += buffer[0..<count]
        }
        return head
    }

    private static func answer(_ connection: Int32, status: String, _ text: String) {
        let page = "<!doctype html><meta charset=utf-8><title>sharevia</title><p>\(text)</p>\n"
        let response =
            "HTTP/1.1 \(status)\r\nContent-Type: text/html; charset=utf-8\r\nContent-Length: \(page.utf8.count)\r\n"
            + "Cache-Control: no-store\r\nConnection: close\r\n\r\n" + page
        var bytes = Array(response.utf8)[...]
        while !bytes.isEmpty {
            let sent = bytes.withUnsafeBytes { send(connection, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
            guard sent > 0 else { return }
            bytes = bytes.dropFirst(sent)
        }
    }

    private static func failure(_ call: String) -> MastodonOAuthError {
        MastodonOAuthError(
            .listenFailed,
            "can't listen on 127.0.0.1 for the redirect (\(call): \(String(cString: strerror(errno))))"
        )
    }

    private static func milliseconds(_ duration: Duration) -> Int {
        let (seconds, attoseconds) = duration.components
        return Int(clamping: seconds) &* 1000 &+ Int(attoseconds / 1_000_000_000_000_000)
    }

    private static func seconds(_ duration: Duration) -> Int64 { duration.components.seconds }

    /// An error text from the browser's redirect, shortened and without control characters.
    private static func shown(_ text: String) -> String {
        let clean = String(
            String.UnicodeScalarView(text.unicodeScalars.filter { $0.value >= 0x20 && $0.value != 0x7F })
        )
        return clean.count > 300 ? String(clean.prefix(299)) + "…" : clean
    }
}

extension Array where Element == UInt8 {
    fileprivate func ends(with suffix: [UInt8]) -> Bool {
        count >= suffix.count && Array(self[(count - suffix.count)...]) == suffix
    }
}
