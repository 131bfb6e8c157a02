import ShareCore

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

extension ShareEnvironment {
    /// The absolute path of an executable found on `PATH`, or nil.
    package func executable(named name: String) -> String? {
        ExecutableLookup.find(name, path: self["PATH"] ?? "/usr/local/bin:/usr/bin:/bin")
    }
}

/// Finds executables on a `PATH`-style list of folders.
enum ExecutableLookup {
    static func find(_ name: String, path: String) -> String? {
        if name.contains("/") { return access(name, X_OK) == 0 ? name : nil }
        // Split the bytes: splitting the String would break it into Characters, which costs far more.
        for folder in path.utf8.split(separator: UInt8(ascii: ":")) where !folder.isEmpty {
            let candidate = "\(Substring(folder))/\(name)"
            var info = stat()
            if stat(candidate, &info) == 0, (info.st_mode & S_IFMT) == S_IFREG, access(candidate, X_OK) == 0 {
                return candidate
            }
        }
        return nil
    }
}
