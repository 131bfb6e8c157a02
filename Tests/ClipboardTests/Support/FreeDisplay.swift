import Foundation

/// A display number no X server uses now: neither a socket nor a lock file exists for it.
enum FreeDisplay {
    static func name(from start: Int = 5000) -> String {
        var number = start + Int(getpid() % 500)
        while FileManager.default.fileExists(atPath: "/tmp/.X11-unix/X\(number)")
            || FileManager.default.fileExists(atPath: "/tmp/.X\(number)-lock")
        {
            number += 1
        }
        return ":\(number)"
    }
}
