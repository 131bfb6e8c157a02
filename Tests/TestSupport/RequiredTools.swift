import Foundation
import LocalFiles
import ShareCore

/// The system programs tests need, found on the test process's real `PATH`.
///
/// A missing one is a test *failure* that says how to install it, never a skip.
package enum RequiredTools {
    /// The X11 tools and the Debian packages that provide them.
    package static let x11: [String: String] = ["Xvfb": "xvfb", "xclip": "xclip", "xsel": "xsel"]

    /// One or more programs are not on `PATH`.
    package struct Missing: Error, CustomStringConvertible {
        /// The missing programs.
        package var names: [String]
        /// The Debian packages that provide them.
        package var packages: [String]

        package var description: String {
            "\(names.joined(separator: ", ")) not found on PATH; install: apt-get install -y "
                + "\(packages.joined(separator: " ")) (scripts/test.sh does)"
        }
    }

    /// The real process environment.
    package static var processEnvironment: ShareEnvironment {
        ShareEnvironment(ProcessInfo.processInfo.environment)
    }

    /// The absolute path of each program in `tools` (name to Debian package), or throws
    /// ``Missing`` naming every missing one. By default the X11 tools.
    package static func paths(_ tools: [String: String] = x11) throws -> [String: String] {
        var found: [String: String] = [:]
        var missing: [String] = []
        for name in tools.keys.sorted() {
            if let path = processEnvironment.executable(named: name) {
                found[name] = path
            } else {
                missing.append(name)
            }
        }
        guard missing.isEmpty else { throw Missing(names: missing, packages: missing.map { tools[$0]! }) }
        return found
    }

    /// The absolute path of `name`, or throws ``Missing`` naming `package` (by default the
    /// program's own name, lowercased) as what to install.
    package static func path(_ name: String, package: String? = nil) throws -> String {
        try paths([name: package ?? x11[name] ?? name.lowercased()])[name]!
    }
}
