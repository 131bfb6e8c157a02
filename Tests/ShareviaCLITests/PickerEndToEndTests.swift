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
            let listSize = try await desktop.size(of: list)
            try await desktop.clickOK(in: list)
            // The file export takes text: the second dialog asks for it (zenity again, with the
            // same title; X may give its window the list's id, so it is told apart by its size).
            let entry = try await desktop.window(named: "Share with sharevia") { size in
                size.width != listSize?.width || size.height != listSize?.height
            }
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
            // Written again by sharevia (the test wrote it with mode 0644), owner-only.
            let mode = try FileManager.default.attributesOfItem(atPath: lastPick)[.posixPermissions] as? Int
            #expect(mode == 0o600)
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
        let unavailable = try #require(entries.firstIndex { $0["available"] as? Bool == false }) + 1
        let unavailableID = try #require(entries[unavailable - 1]["id"] as? String)
        // An unavailable choice is explained and asked again; then the file export, then the text.
        let run = try await PseudoTerminal.run(
            [ShareviaProcess.binary, "--pick", PackageRoot.exampleCard, "--out", out, "--no-fallback"],
            typing: "\(unavailable)\n\(number)\nTyped at the prompt\n",
            environment: ["XDG_STATE_HOME": state, "SHAREVIA_NO_HISTORY": "1"]
        )
        #expect(run.status == 0, "\(run.output)")
        #expect(run.output.contains("\(number)) file"), "\(run.output)")
        #expect(run.output.contains("Number"), "\(run.output)")
        #expect(run.output.contains("\(unavailableID) is not available here: "), "\(run.output)")
        #expect(
            FileManager.default.contents(atPath: "\(out)/card.png")
                == FileManager.default.contents(atPath: PackageRoot.exampleCard)
        )
        #expect(FileManager.default.contents(atPath: "\(out)/card.txt") == Data("Typed at the prompt\n".utf8))
        // On a terminal, --pick does not add --notify.
        #expect(!FileManager.default.fileExists(atPath: "\(state)/sharevia/last-report.json"))
    }

    @Test func theTextIsPrefilledWithTheCardsShareText() async throws {
        let spec = "\(PackageRoot.path)/examples/cards/achievement.json"
        let direct = folder.file("direct")
        let plain = try await ShareviaProcess.run(["--to", "file", "--card", spec, "--out", direct, "--no-fallback"])
        #expect(plain.status == 0, "\(plain.stderr)")
        let listing = try await ShareviaProcess.run(["destinations", "--json"])
        let entries = try #require(
            try JSONSerialization.jsonObject(with: Data(listing.stdoutBytes)) as? [[String: Any]]
        )
        let number = try #require(entries.firstIndex { $0["id"] as? String == "file" }) + 1
        // Enter at the text prompt keeps the prefilled text: the share is the card's, as without --pick.
        let run = try await PseudoTerminal.run(
            [ShareviaProcess.binary, "--pick", "--card", spec, "--out", out, "--no-fallback"],
            typing: "\(number)\n\n",
            environment: ["XDG_STATE_HOME": state, "SHAREVIA_NO_HISTORY": "1"]
        )
        #expect(run.status == 0, "\(run.output)")
        #expect(run.output.contains("Text: I unlocked \"Night Owl\""), "\(run.output)")
        let picked = try #require(FileManager.default.contents(atPath: "\(out)/card.txt"))
        #expect(picked == FileManager.default.contents(atPath: "\(direct)/card.txt"))
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

    @Test func onKDEKdialogAsksWithEveryTextAsAnArgument() async throws {
        // A recording stand-in: kdialog itself needs KDE's libraries, which the test machine lacks.
        let kdialog = try RecordingTool(
            "kdialog",
            in: folder,
            body: #"case "$3" in --radiolist) echo file ;; --inputbox) echo "from kdialog" ;; *) exit 1 ;; esac"#
        )
        let strange = try folder.write(
            try #require(FileManager.default.contents(atPath: PackageRoot.exampleCard)),
            named: "a <b>&\\ 'q'.png"
        )
        try rememberPick("file")
        let run = try await ShareviaProcess.run(
            ["--pick", strange, "--out", out, "--no-fallback"],
            environment: [
                "DISPLAY": ":0", "XDG_CURRENT_DESKTOP": "KDE", "XDG_STATE_HOME": state,
                "DBUS_SESSION_BUS_ADDRESS": noBus,
                "PATH": kdialog.folder + ":" + (ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"),
            ]
        )
        #expect(run.status == 0, "\(run.stderr)")
        let calls = kdialog.calls()
        try #require(calls.count == 2, "\(calls)")
        #expect(
            calls[0].prefix(4) == [
                "--title", "Share with sharevia", "--radiolist", "Share a &lt;b&gt;&amp;\\\\ 'q'.png with:",
            ]
        )
        let file = try #require(calls[0].firstIndex(of: "file"))
        #expect(calls[0][file + 1] == "File export (file): available")
        #expect(calls[0][file + 2] == "on")
        #expect(calls[1].prefix(3) == ["--title", "Share with sharevia", "--inputbox"])
        #expect(FileManager.default.contents(atPath: "\(out)/a <b>&\\ 'q'.txt") == Data("from kdialog\n".utf8))
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

    /// The id of a window titled `name` whose size `matches`, once it is mapped: polled for up
    /// to 60 s (a hang guard).
    func window(
        named name: String,
        sized matches: ((width: Int, height: Int)) -> Bool = { _ in true }
    ) async throws -> String {
        let deadline = ContinuousClock.now + .seconds(60)
        while ContinuousClock.now < deadline {
            for id in try await windows(named: name).reversed() {
                if let size = try await size(of: id), matches(size) { return id }
            }
            try await Task.sleep(for: .milliseconds(100))
        }
        throw XdotoolFailure(description: "no window named '\(name)' appeared within 60 s")
    }

    /// The window's size, from `xdotool getwindowgeometry`; nil once it is gone.
    func size(of window: String) async throws -> (width: Int, height: Int)? {
        let output = try await run(["getwindowgeometry", "--shell", window])
        guard output.succeeded else { return nil }
        let lines = String(decoding: output.standardOutput, as: UTF8.self).split(separator: "\n")
        func value(_ key: String) -> Int? {
            lines.first { $0.hasPrefix(key + "=") }.flatMap { Int($0.dropFirst(key.count + 1)) }
        }
        guard let width = value("WIDTH"), let height = value("HEIGHT") else { return nil }
        return (width, height)
    }

    /// Clicks a zenity dialog's OK button (its bottom-right corner) until the dialog closes: a
    /// window just mapped may not take a click yet. Another window given the same id (X reuses
    /// them) is told apart by its size. Up to 60 s (a hang guard).
    func clickOK(in window: String) async throws {
        guard let first = try await size(of: window) else { return }
        let deadline = ContinuousClock.now + .seconds(60)
        while ContinuousClock.now < deadline {
            guard try await windows(named: "").contains(window), let now = try await size(of: window),
                now == first
            else { return }
            try await run(["mousemove", "--window", window, String(first.width - 50), String(first.height - 25)])
            try await run(["click", "1"])
            try await Task.sleep(for: .milliseconds(500))
        }
        throw XdotoolFailure(description: "the window \(window) did not close after clicks on OK within 60 s")
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
