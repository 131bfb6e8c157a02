import Foundation
import ShareCore

/// Environments for the destination under test.
enum Environments {
    /// The real PATH (where xclip, xsel and Xvfb are), with `DISPLAY` set, `TMPDIR` private and,
    /// when given, the backend named in `SHAREVIA_CLIPBOARD_BACKEND`.
    static func x11(display: String, tmp: String, backend: String? = nil) -> ShareEnvironment {
        var environment = ShareEnvironment()
        environment["SHAREVIA_CLIPBOARD_BACKEND"] = backend
        environment["PATH"] = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"
        environment["DISPLAY"] = display
        environment["TMPDIR"] = tmp
        return environment
    }
}

/// The backends that reach a real X server, for tests that run against each.
enum Backends {
    /// Those that carry images: the built-in client and xclip.
    static let images = ["x11", "xclip"]
    /// Those that carry text: the built-in client, xclip and xsel.
    static let text = ["x11", "xclip", "xsel"]
}
