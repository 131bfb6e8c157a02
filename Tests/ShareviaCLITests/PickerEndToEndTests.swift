import Foundation
import ProcessRunning
import TestSupport
import Testing

/// `--pick` with the built binary: a real zenity window on Xvfb driven with xdotool, and the
/// terminal prompt through a real pseudo-terminal.
@Suite struct PickerEndToEndTests {
    let folder = TemporaryFolder("picker")
    var state: String { folder.file("state") }
    var out: String { folder.file("out") }
    var lastPick: String { "\(state)/sharevia/last-pick" }
    /// A session bus address where nothing listens: `--pick` adds `--notify` (its stdout is a
    /// pipe), and no test here should reach the desktop's notifications.
    var noBus: String { "unix:path=\(folder.file("no-bus"))" }

    /// Writes `id` as the last choice, so the picker preselects it.
    func rememberPick(_ id: String) throws {
        try FileManager.default.createDirectory(
            atPath: "\(state)/sharevia",
            withIntermediateDirectories: true,
            attributes: [.posixPermissions: 0o700]
        )
        try Data("\(id)\n".utf8).write(to: URL(fileURLWithPath: lastPick))
    }

    @Test func aDestinationPickedInZenityGetsTheShare() async throws {
        let tools = try RequiredTools.paths(["zenity": "zenity", "xdotool": "xdotool", "import": "imagemagick"])
        try rememberPick("file")
        try await XvfbServer.with(extraArguments: ["-screen", "0", "1024x768x24"]) { server in
            let desktop = XdotoolDriver(xdotool: tools["xdotool"]!, display: server.display)
            async let share = ShareviaProcess.run(
                ["--pick", PackageRoot.exampleCard, "--out", out, "--no-fallback"],
                environment: ["DISPLAY": server.display, "XDG_STATE_HOME": state, "DBUS_SESSION_BUS_ADDRESS": noBus],
                timeout: .seconds(120)
            )
            let list = try await desktop.window(named: "Share with sharevia")
            let screenshot = folder.file("picker.png")
            let shot = try await ProcessRunner().run(
                tools["import"]!,
                arguments: ["-display", server.display, "-window", list, screenshot],
                timeout: .seconds(60)
            )
            #expect(shot.succeeded, "\(shot.errorText)")
            if ProcessInfo.processInfo.environment["SHAREVIA_UPDATE_SCREENSHOTS"] == "1" {
                let target = "\(PackageRoot.path)/docs/images/picker.png"
                try? FileManager.default.removeItem(atPath: target)
                try FileManager.default.copyItem(atPath: screenshot, toPath: target)
            }
            // The last choice, file, is checked: OK takes it.
            try await desktop.clickOK(in: list)
            // The file export takes text: the second dialog asks for it (zenity again; X may give
            // its window the list's id, so the list must be gone first).
            try await desktop.waitUntilGone(named: "Share with sharevia")
            let entry = try await desktop.window(named: "Share with sharevia")
            try await desktop.type("Sent from the picker", into: entry)
            let run = try await share
            #expect(run.status == 0, "\(run.stderr)")
            #expect(
                FileManager.default.contents(atPath: "\(out)/card.png")
                    == FileManager.default.contents(atPath: PackageRoot.exampleCard)
            )
            #expect(FileManager.default.contents(atPath: "\(out)/card.txt") == Data("Sent from the picker\n".utf8))
            #expect(
                String(decoding: FileManager.default.contents(atPath: lastPick) ?? Data(), as: UTF8.self) == "file\n"
            )
            // Standard output is not a terminal: the result went to a notification and the report file.
            #expect(run.stderr.contains("note: --notify: no desktop notification was shown"), "\(run.stderr)")
            #expect(FileManager.default.fileExists(atPath: "\(state)/sharevia/last-report.json"))
        }
    }

    @Test func escapeInZenitySharesNothing() async throws {
        let tools = try RequiredTools.paths(["zenity": "zenity", "xdotool": "xdotool"])
        try await XvfbServer.with(extraArguments: ["-screen", "0", "1024x768x24"]) { server in
            let desktop = XdotoolDriver(xdotool: tools["xdotool"]!, display: server.display)
            async let share = ShareviaProcess.run(
                ["--pick", PackageRoot.exampleCard, "--out", out],
                environment: ["DISPLAY": server.display, "XDG_STATE_HOME": state, "DBUS_SESSION_BUS_ADDRESS": noBus],
                timeout: .seconds(120)
            )
            let list = try await desktop.window(named: "Share with sharevia")
            try await desktop.key("Escape", in: list)
            let run = try await share
            #expect(run.status == 5, "\(run.stderr)")
            #expect(run.stderr.contains("sharevia: cancelled: nothing was shared"), "\(run.stderr)")
            #expect(!FileManager.default.fileExists(atPath: out))
            #expect(!FileManager.default.fileExists(atPath: "\(state)/sharevia/last-report.json"))
        }
    }

    @Test func theTerminalPromptTakesANumber() async throws {
        let listing = try await ShareviaProcess.run(["destinations", "--json"])
        let entries = try #require(
            try JSONSerialization.jsonObject(with: Data(listing.stdoutBytes)) as? [[String: Any]]
        )
        let number = try #require(entries.firstIndex { $0["id"] as? String == "file" }) + 1
        let run = try await PseudoTerminal.run(
            [ShareviaProcess.binary, "--pick", PackageRoot.exampleCard, "--out", out, "--no-fallback"],
            typing: "\(number)\nTyped at the prompt\n",
            environment: ["XDG_STATE_HOME": state, "SHAREVIA_NO_HISTORY": "1"]
        )
        #expect(run.status == 0, "\(run.output)")
        #expect(run.output.contains("\(number)) file"), "\(run.output)")
        #expect(run.output.contains("Number"), "\(run.output)")
        #expect(
            FileManager.default.contents(atPath: "\(out)/card.png")
                == FileManager.default.contents(atPath: PackageRoot.exampleCard)
        )
        #expect(FileManager.default.contents(atPath: "\(out)/card.txt") == Data("Typed at the prompt\n".utf8))
        // On a terminal, --pick does not add --notify.
        #expect(!FileManager.default.fileExists(atPath: "\(state)/sharevia/last-report.json"))
    }

    @Test func endOfInputAtThePromptCancels() async throws {
        let run = try await PseudoTerminal.run(
            [ShareviaProcess.binary, "--pick", PackageRoot.exampleCard, "--out", out],
            typing: "\u{4}",
            environment: ["XDG_STATE_HOME": state, "SHAREVIA_NO_HISTORY": "1"]
        )
        #expect(run.status == 5, "\(run.output)")
        #expect(run.output.contains("cancelled: nothing was shared"), "\(run.output)")
        #expect(!FileManager.default.fileExists(atPath: out))
    }

    @Test func withNeitherADialogNorATerminalItSaysWhatToDo() async throws {
        // setsid: no controlling terminal, whatever runs the tests; stdin is /dev/null.
        let setsid = try RequiredTools.path("setsid", package: "util-linux")
        let run = try await ProcessRunner().run(
            setsid,
            arguments: ["--wait", ShareviaProcess.binary, "--pick", PackageRoot.exampleCard, "--out", out],
            environment: [
                "PATH": ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin", "XDG_STATE_HOME": state,
                "SHAREVIA_NO_HISTORY": "1",
            ],
            timeout: .seconds(60)
        )
        #expect(run.exitStatus == 64, "\(run.errorText)")
        #expect(
            run.errorText.contains(
                "--pick found no way to ask: no desktop session (neither DISPLAY nor WAYLAND_DISPLAY is set) "
                    + "and there is no terminal; name the destination with --to"
            ),
            "\(run.errorText)"
        )
        #expect(!FileManager.default.fileExists(atPath: out))
    }
}

/// Drives windows on an X display with xdotool, as a person with a mouse and keyboard would.
struct XdotoolDriver {
    let xdotool: String
    let display: String

    @discardableResult
    func run(_ arguments: [String]) async throws -> ProcessOutput {
        try await ProcessRunner().run(
            xdotool,
            arguments: arguments,
            environment: ["DISPLAY": display, "PATH": "/usr/bin:/bin"],
            timeout: .seconds(60)
        )
    }

    /// The ids of the visible windows titled `name`.
    func windows(named name: String) async throws -> [String] {
        let found = try await run(["search", "--onlyvisible", "--name", name])
        return String(decoding: found.standardOutput, as: UTF8.self).split(separator: "\n").map(String.init)
    }

    /// The id of the window titled `name`, once it is mapped: polled for up to 60 s (a hang guard).
    func window(named name: String) async throws -> String {
        let deadline = ContinuousClock.now + .seconds(60)
        while ContinuousClock.now < deadline {
            if let id = try await windows(named: name).last { return id }
            try await Task.sleep(for: .milliseconds(100))
        }
        throw XdotoolFailure(description: "no window named '\(name)' appeared within 60 s")
    }

    /// Returns once no window titled `name` is visible: polled for up to 60 s (a hang guard).
    func waitUntilGone(named name: String) async throws {
        let deadline = ContinuousClock.now + .seconds(60)
        while ContinuousClock.now < deadline {
            if try await windows(named: name).isEmpty { return }
            try await Task.sleep(for: .milliseconds(100))
        }
        throw XdotoolFailure(description: "the window named '\(name)' did not close within 60 s")
    }

    /// Clicks a zenity dialog's OK button (its bottom-right corner).
    func clickOK(in window: String) async throws {
        let geometry = String(
            decoding: try await run(["getwindowgeometry", "--shell", window]).standardOutput,
            as: UTF8.self
        )
        func value(_ key: String) -> Int {
            geometry.split(separator: "\n").first { $0.hasPrefix(key + "=") }.flatMap {
                Int($0.dropFirst(key.count + 1))
            }
                ?? 0
        }
        try await run(["mousemove", "--window", window, String(value("WIDTH") - 50), String(value("HEIGHT") - 25)])
        try await run(["click", "1"])
    }

    /// Gives `window` the keyboard focus and presses `key`.
    func key(_ key: String, in window: String) async throws {
        try await run(["windowfocus", "--sync", window])
        try await run(["key", key])
    }

    /// Types `text` over the field of `window` (its text selected first), then presses Return.
    func type(_ text: String, into window: String) async throws {
        try await run(["windowfocus", "--sync", window])
        try await run(["key", "ctrl+a"])
        try await run(["type", text])
        try await run(["key", "Return"])
    }
}

struct XdotoolFailure: Error, CustomStringConvertible {
    var description: String
}
