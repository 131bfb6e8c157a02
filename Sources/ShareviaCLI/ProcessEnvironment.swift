#if canImport(Glibc)
import Glibc
#elseif canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// The variables of this process.
enum ProcessEnvironment {
    /// Every `NAME=value` entry of the environment, split at its first `=`; entries without one
    /// are skipped and a later duplicate wins, as in `ProcessInfo.processInfo.environment`.
    ///
    /// On Linux it reads `environ` directly and splits on the `=` byte, which costs a start-up a
    /// fraction of what `ProcessInfo`'s copy does (that one splits by grapheme cluster).
    static func variables() -> [String: String] {
        #if canImport(Glibc)
        var variables: [String: String] = [:]
        var entry = environ
        while let pointer = entry.pointee {
            let text = String(cString: pointer)
            if let equals = text.utf8.firstIndex(of: UInt8(ascii: "=")) {
                variables[String(text[..<equals])] = String(text[text.utf8.index(after: equals)...])
            }
            entry += 1
        }
        return variables
        #else
        return ProcessInfo.processInfo.environment
        #endif
    }
}
