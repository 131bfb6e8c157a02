/// An X11 display name such as `:0`, `:1.0`, `unix:2` or `localhost:10.0`, parsed.
package struct X11Display: Sendable, Hashable, CustomStringConvertible {
    /// The name as given in `DISPLAY`.
    package var name: String
    /// The host part: empty or `unix` for a local server.
    package var host: String
    /// The display number.
    package var number: Int

    /// Parses a display name; nil when it has no `:N` part.
    package init?(_ name: String) {
        guard let colon = name.lastIndex(of: ":") else { return nil }
        let host = String(name[..<colon])
        let rest = name[name.index(after: colon)...]
        let digits = rest.prefix { $0 != "." }
        guard !digits.isEmpty, digits.allSatisfy(\.isASCII), let number = Int(digits), number >= 0 else { return nil }
        self.name = name
        self.host = host
        self.number = number
    }

    /// True when the server is on this machine and reached through a Unix socket.
    package var isLocal: Bool { host.isEmpty || host == "unix" }

    /// The Unix socket a local server listens on: `/tmp/.X11-unix/X<number>`.
    package func socketPath(in directory: String = "/tmp/.X11-unix") -> String {
        "\(directory)/X\(number)"
    }

    /// Whether an X server answers, checked with one non-blocking `connect` and no X protocol.
    ///
    /// A local display is checked on the abstract socket `@/tmp/.X11-unix/XN`, then on the socket
    /// file (so a stale file left by a crashed server counts as silent); `localhost:N` on TCP port
    /// 6000+N. Another host can't be checked without talking X, so it gives nil: unknown.
    package func serverAnswers(socketDirectory: String = "/tmp/.X11-unix") -> Bool? {
        if isLocal {
            let path = Array(socketPath(in: socketDirectory).utf8)
            return SocketProbe.unixSocketAnswers([0] + path) || SocketProbe.unixSocketAnswers(path)
        }
        if ["localhost", "127.0.0.1"].contains(host) {
            return SocketProbe.loopbackTCPAnswers(port: 6000 + number)
        }
        return nil
    }

    package var description: String { name }
}
