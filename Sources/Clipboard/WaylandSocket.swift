/// The socket a Wayland compositor listens on: `$XDG_RUNTIME_DIR/$WAYLAND_DISPLAY`, or
/// `WAYLAND_DISPLAY` itself when it is an absolute path.
package struct WaylandSocket: Sendable, Hashable, CustomStringConvertible {
    /// The display name as given, such as `wayland-0`.
    package var name: String
    /// The socket's path.
    package var path: String

    /// The socket for a display name, or nil when the name is relative and there is no runtime dir.
    package init?(name: String, runtimeDirectory: String?) {
        if name.hasPrefix("/") {
            path = name
        } else if let runtimeDirectory, !runtimeDirectory.isEmpty {
            path = "\(runtimeDirectory)/\(name)"
        } else {
            return nil
        }
        self.name = name
    }

    /// Whether a compositor accepts connections on the socket (one non-blocking `connect`).
    package func compositorAnswers() -> Bool {
        SocketProbe.unixSocketAnswers(Array(path.utf8))
    }

    package var description: String { name }
}
