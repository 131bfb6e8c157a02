import Clipboard
import Foundation
import ProcessRunning
import ShareCore
import Synchronization

/// A private Xvfb for one CLI test, on display numbers from 40000 up (the clipboard suite uses
/// a lower range in the same process, so the two never race for a number).
struct PrivateXServer {
    struct Failure: Error, CustomStringConvertible { var description: String }

    private static let next = Mutex(40000 + Int(getpid() % 1000) * 4)

    /// Runs `body` with the display name of a fresh Xvfb, then stops the server.
    static func with<T>(_ body: (String) async throws -> T) async throws -> T {
        let xvfb = try ToolPath.require("Xvfb", package: "xvfb")
        var lastFailure = "no free display between :40000 and :45000"
        for _ in 0..<20 {
            let number = next.withLock { value in
                defer { value += 1 }
                return value
            }
            let display = X11Display(":\(number)")!
            let free = [display.socketPath(), "/tmp/.X\(number)-lock"].allSatisfy {
                !FileManager.default.fileExists(atPath: $0)
            }
            guard free else { continue }
            let log = NSTemporaryDirectory() + "sharevia-cli-xvfb-\(number).log"
            defer { try? FileManager.default.removeItem(atPath: log) }
            let server = try BackgroundProcess.start(
                xvfb,
                arguments: [":\(number)", "-nolisten", "tcp", "-noreset", "-screen", "0", "320x240x24"],
                logPath: log
            )
            // Ready when the server accepts a connection; give up early if Xvfb exits.
            var ready = false
            for _ in 0..<1500 where !ready && server.isRunning {
                ready = display.serverAnswers() == true
                if !ready { try await Task.sleep(for: .milliseconds(10)) }
            }
            guard ready else {
                lastFailure =
                    "Xvfb :\(number) did not start: \((try? String(contentsOfFile: log, encoding: .utf8)) ?? "")"
                await server.stop()
                continue
            }
            do {
                let result = try await body(display.name)
                await server.stop()
                return result
            } catch {
                await server.stop()
                throw error
            }
        }
        throw Failure(description: lastFailure)
    }
}

/// Finds tools on the test process's PATH.
enum ToolPath {
    static func require(_ name: String, package: String) throws -> String {
        guard let path = ShareEnvironment(ProcessInfo.processInfo.environment).executable(named: name) else {
            throw PrivateXServer.Failure(
                description: "\(name) not found: apt-get install \(package) (scripts/test.sh does)"
            )
        }
        return path
    }
}
