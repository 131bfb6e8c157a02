import Foundation
import ShareCore

/// The system programs the X11 tests need, found on the real `PATH`.
///
/// A missing one is a test *failure* with the command that installs it, never a skip.
enum RequiredTools {
    /// The install command printed when something is missing.
    static let installHint = "install xvfb xclip xsel: apt-get install -y xvfb xclip xsel"

    struct Missing: Error, CustomStringConvertible {
        var names: [String]
        var description: String { "\(names.joined(separator: ", ")) not found on PATH; \(RequiredTools.installHint)" }
    }

    /// The real process environment.
    static var processEnvironment: ShareEnvironment {
        ShareEnvironment(ProcessInfo.processInfo.environment)
    }

    /// The absolute path of each program, or throws ``Missing`` naming every missing one.
    static func paths(_ names: [String] = ["Xvfb", "xclip", "xsel"]) throws -> [String: String] {
        var found: [String: String] = [:]
        var missing: [String] = []
        for name in names {
            if let path = processEnvironment.executable(named: name) {
                found[name] = path
            } else {
                missing.append(name)
            }
        }
        guard missing.isEmpty else { throw Missing(names: missing) }
        return found
    }

    static func path(_ name: String) throws -> String {
        try paths([name])[name]!
    }
}
