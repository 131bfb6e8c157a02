import Foundation
import ProcessRunning
import Synchronization

/// A private Xvfb for one CLI test, on display numbers from 40000 up (the clipboard suite uses
/// a lower range in the same process, so the two never race for a number).
struct PrivateXServer {
    struct Failure: Error, CustomStringConvertible { var description: String }

    private static let next = Mutex(40000 + Int(getpid() % 1000) * 4)

    /// Runs `body` with the display name of a fresh Xvfb, then stops the server.
    static func with<T>(_ body: (String) async throws -> T) async throws -> T {
        guard let xvfb = ToolPath.find("Xvfb") else {
            throw Failure(description: "Xvfb not found: install it with apt-get install xvfb (scripts/test.sh does)")
        }
        for _ in 0..<20 {
            let number = next.withLock { value in
                defer { value += 1 }
                return value
            }
            if FileManager.default.fileExists(atPath: "/tmp/.X11-unix/X\(number)") { continue }
            let server = try BackgroundProcess.start(
                xvfb,
                arguments: [":\(number)", "-nolisten", "tcp", "-screen", "0", "320x240x24"]
            )
            var ready = false
            for _ in 0..<500 where !ready {
                ready = FileManager.default.fileExists(atPath: "/tmp/.X11-unix/X\(number)")
                if !ready { try await Task.sleep(for: .milliseconds(10)) }
            }
            guard ready else {
                await server.stop()
                continue
            }
            do {
                let result = try await body(":\(number)")
                await server.stop()
                return result
            } catch {
                await server.stop()
                throw error
            }
        }
        throw Failure(description: "no Xvfb display could be started between :40000 and :45000")
    }
}

/// Finds tools on the PATH of the test process.
enum ToolPath {
    static func find(_ name: String) -> String? {
        let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"
        return path.split(separator: ":").map { "\($0)/\(name)" }.first {
            FileManager.default.isExecutableFile(atPath: $0)
        }
    }
}
