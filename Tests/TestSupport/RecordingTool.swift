import Foundation

/// A stand-in for a command-line tool: a shell script that records the exact arguments of each
/// call (newlines, tabs and all) and then runs a given shell body to answer.
///
/// Put ``folder`` first on a destination's `PATH` (through its `ShareEnvironment`) and compare
/// ``calls()`` with the command lines expected.
package struct RecordingTool: Sendable {
    /// The folder holding the tool, for `PATH`.
    package let folder: String
    /// The tool's path.
    package let path: String
    private let log: String

    /// Writes the tool `name` into `parent/tools-NAME`; `body` is shell run after recording, with
    /// the arguments in `"$@"` (for example `case "$1" in --help) echo usage;; esac`).
    package init(_ name: String, in parent: TemporaryFolder, body: String = "exit 0") throws {
        folder = parent.file("tools-\(name)")
        log = parent.file("calls-\(name)")
        path = "\(folder)/\(name)"
        for directory in [folder, log] {
            try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        }
        let script = """
            #!/bin/sh
            call="\(log)/$(ls '\(log)' | wc -l | tr -d ' ')"
            for argument in "$@"; do printf '%s\\0' "$argument"; done > "$call.tmp" && mv "$call.tmp" "$call"
            \(body)

            """
        try Data(script.utf8).write(to: URL(fileURLWithPath: path))
        try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: path)
    }

    /// The arguments of every call so far, in order.
    package func calls() -> [[String]] {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: log)) ?? []
        return names.compactMap(Int.init).sorted().map { number in
            let data = FileManager.default.contents(atPath: "\(log)/\(number)") ?? Data()
            return data.split(separator: 0, omittingEmptySubsequences: false).dropLast().map {
                String(decoding: $0, as: UTF8.self)
            }
        }
    }
}
