import Foundation
import ShareCore

/// Environments for the destination under test.
enum Environments {
    /// The real PATH (where xclip, xsel and Xvfb are), with `DISPLAY` set and `TMPDIR` private.
    static func x11(display: String, tmp: String) -> ShareEnvironment {
        var environment = ShareEnvironment()
        environment["PATH"] = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"
        environment["DISPLAY"] = display
        environment["TMPDIR"] = tmp
        return environment
    }
}
