import Foundation
import TestSupport

/// A folder with plugins installed where the built `sharevia` finds them (`XDG_DATA_HOME`), a
/// private `TMPDIR`, and the environment that points a run there.
struct PluginSandbox {
    let folder: TemporaryFolder

    init(_ label: String) throws {
        folder = TemporaryFolder(label)
        try FileManager.default.createDirectory(atPath: plugins, withIntermediateDirectories: true)
        try FileManager.default.createDirectory(atPath: temporary, withIntermediateDirectories: true)
    }

    var plugins: String { folder.file("data/sharevia/plugins") }
    /// The runs' `TMPDIR`: plugins get their private folders here.
    var temporary: String { folder.file("tmp") }

    /// The environment of a run: plugins from ``plugins``, temporary files in ``temporary``.
    func environment(_ extra: [String: String] = [:]) -> [String: String] {
        ["HOME": folder.path, "XDG_DATA_HOME": folder.file("data"), "TMPDIR": temporary].merging(extra) { $1 }
    }

    /// Installs a shell plugin `sharevia-dest-<id>` answering describe with `describe` (a JSON
    /// object), check with `{"available":true}` after saving its request as `check-<id>.json`,
    /// and running `deliver` (a shell snippet, stdin unread) for deliver.
    @discardableResult
    func install(id: String, describe: String, deliver: String) throws -> String {
        let script = """
            #!/bin/sh
            case "$1" in
            describe) cat >/dev/null; printf '%s\\n' '\(describe)' ;;
            check) cat > '\(folder.file("check-\(id).json"))'; printf '%s\\n' '{"available":true}' ;;
            deliver)
            \(deliver)
            ;;
            esac
            """
        let path = "\(plugins)/sharevia-dest-\(id)"
        try script.write(toFile: path, atomically: true, encoding: .utf8)
        chmod(path, 0o755)
        return path
    }

    /// A describe answer for a text plugin, with `secrets` declared when given.
    static func describe(secrets: [String]? = nil) -> String {
        let declared = secrets.map { ",\"secrets\":[" + $0.map { "\"\($0)\"" }.joined(separator: ",") + "]" } ?? ""
        return #"{"protocol":{"min":1,"max":1},"name":"Test plugin","accepts":{"text":true},"outcomes":["delivered"]"#
            + declared + "}"
    }

    /// The `sharevia-plugin-*` folders left in ``temporary``.
    var leftoverFolders: [String] {
        ((try? FileManager.default.contentsOfDirectory(atPath: temporary)) ?? []).filter {
            $0.hasPrefix("sharevia-plugin")
        }
    }

    /// A text file written by a plugin, or "" when it is not there.
    func text(_ name: String) -> String {
        folder.read(name).map { String(decoding: $0, as: UTF8.self) } ?? ""
    }
}

/// Whether process `pid` is still alive (a zombie waiting for its reaper counts as gone).
func processIsAlive(_ pid: Int32) -> Bool {
    guard pid > 0, kill(pid, 0) == 0 else { return false }
    guard let stat = try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8),
        let close = stat.lastIndex(of: ")")
    else { return false }
    let state = stat[stat.index(close, offsetBy: 2)]
    return state != "Z" && state != "X"
}

/// Whether any process of group `group` is alive.
func processGroupIsAlive(_ group: Int32) -> Bool {
    guard group > 0 else { return false }
    let pids = ((try? FileManager.default.contentsOfDirectory(atPath: "/proc")) ?? []).compactMap { Int32($0) }
    return pids.contains { pid in
        guard let stat = try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8),
            let close = stat.lastIndex(of: ")")
        else { return false }
        // Fields after the name: state ppid pgrp ...
        let fields = stat[stat.index(after: close)...].split(separator: " ")
        return fields.count > 2 && Int32(fields[2]) == group && fields[0] != "Z"
    }
}

/// Waits up to `limit` for `condition` to become false; returns whether it did.
func eventually(within limit: Duration = .seconds(3), _ condition: () -> Bool) async -> Bool {
    let clock = ContinuousClock()
    let deadline = clock.now + limit
    while condition() {
        if clock.now >= deadline { return false }
        try? await Task.sleep(for: .milliseconds(50))
    }
    return true
}

extension ShareviaProcess.Run {
    /// Both streams: the report goes to stderr when stdout (the written paths) is not a terminal.
    var output: String { stdout + stderr }
}
