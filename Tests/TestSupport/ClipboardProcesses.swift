import Foundation

/// The clipboard tools' processes still running, found in `/proc`: what a test checks to see that
/// a share left nothing behind.
package enum ClipboardProcesses {
    /// The pids of running programs named `program` (`wl-copy`, `xclip`) whose environment
    /// holds `variable=value` (the socket or display they serve), for leftovers and pile-ups.
    package static func running(_ program: String, with variable: String, _ value: String) -> [Int32] {
        let files = FileManager.default
        let entry = Data("\(variable)=\(value)".utf8)
        var pids: [Int32] = []
        for name in (try? files.contentsOfDirectory(atPath: "/proc")) ?? [] {
            guard let pid = Int32(name),
                let comm = try? String(contentsOfFile: "/proc/\(name)/comm", encoding: .utf8),
                comm.trimmingCharacters(in: .whitespacesAndNewlines) == program,
                let environ = files.contents(atPath: "/proc/\(name)/environ")
            else { continue }
            // A zombie has no environment left; it serves nothing.
            if environ.split(separator: 0).contains(where: { $0 == entry }) { pids.append(pid) }
        }
        return pids
    }

    /// The programs ``running(_:with:_:)`` finds, other than `excluding`, once they are gone or
    /// `grace` has passed: a process just sent SIGKILL may take a moment to go on a busy machine,
    /// while one nobody killed stays and is returned.
    package static func lingering(
        _ program: String,
        with variable: String,
        _ value: String,
        excluding: [Int32] = [],
        grace: Duration = .seconds(2)
    ) async -> [Int32] {
        let deadline = ContinuousClock.now + grace
        while true {
            let left = running(program, with: variable, value).filter { !excluding.contains($0) }
            if left.isEmpty || ContinuousClock.now >= deadline { return left }
            try? await Task.sleep(for: .milliseconds(20))
        }
    }

    /// The private folders the clipboard left in `folder` (`sharevia-clipboard-*`).
    package static func temporaryFolders(in folder: String) -> [String] {
        ((try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []).filter {
            $0.hasPrefix("sharevia-clipboard-")
        }
    }
}
