import ProcessRunning
import ShareCore
import ShareCoreTesting
import TestSupport
import Testing

@testable import Clipboard

/// Which backend is picked from the environment and what is installed, and what availability
/// says when something is missing. Uses stand-in executables on a private PATH and a stand-in
/// answer for whether libxcb loads; spawns nothing.
struct BackendSelectionTests {
    struct Case: Sendable, CustomTestStringConvertible {
        var label: String
        var variables: [String: String]
        var tools: [String]
        var preference: ClipboardDestination.BackendPreference = .automatic
        /// Whether libxcb.so.1 loads, for the built-in X11 client.
        var libxcb = false
        var backend: String
        /// The availability reason: what is missing, or, when everything is installed, the
        /// display server that does not answer.
        var reason: String
        var testDescription: String { label }
    }

    static let noServer = FreeDisplay.name()
    static let missingLibrary = "libxcb.so.1 can't be loaded (apt-get install libxcb1)"

    static let cases: [Case] = [
        Case(
            label: "X11 with libxcb picks the built-in client over xclip",
            variables: ["DISPLAY": noServer],
            tools: ["xclip", "xsel"],
            libxcb: true,
            backend: "x11",
            reason: "no X server answers on \(noServer)"
        ),
        Case(
            label: "the built-in client needs no tool",
            variables: ["DISPLAY": noServer],
            tools: [],
            libxcb: true,
            backend: "x11",
            reason: "no X server answers on \(noServer)"
        ),
        Case(
            label: "the built-in client asked for without libxcb",
            variables: ["DISPLAY": noServer],
            tools: ["xclip"],
            preference: .x11,
            backend: "x11",
            reason: Self.missingLibrary
        ),
        Case(
            label: "SHAREVIA_CLIPBOARD_BACKEND picks xclip over the built-in client",
            variables: ["DISPLAY": noServer, "SHAREVIA_CLIPBOARD_BACKEND": " XClip "],
            tools: [],
            libxcb: true,
            backend: "xclip",
            reason: "xclip not found (apt-get install xclip)"
        ),
        Case(
            label: "SHAREVIA_CLIPBOARD_BACKEND=auto picks as if unset",
            variables: ["DISPLAY": noServer, "SHAREVIA_CLIPBOARD_BACKEND": "auto"],
            tools: [],
            libxcb: true,
            backend: "x11",
            reason: "no X server answers on \(noServer)"
        ),
        Case(
            label: "an unknown SHAREVIA_CLIPBOARD_BACKEND is named",
            variables: ["DISPLAY": noServer, "SHAREVIA_CLIPBOARD_BACKEND": "klipper"],
            tools: ["xclip"],
            libxcb: true,
            backend: "x11",
            reason:
                "SHAREVIA_CLIPBOARD_BACKEND=klipper is not a clipboard backend (use auto, x11, xclip, xsel or wl-copy)"
        ),
        Case(
            label: "an explicit preference wins over SHAREVIA_CLIPBOARD_BACKEND",
            variables: ["DISPLAY": noServer, "SHAREVIA_CLIPBOARD_BACKEND": "xclip"],
            tools: ["xsel"],
            preference: .xsel,
            libxcb: true,
            backend: "xsel",
            reason: "no X server answers on \(noServer)"
        ),
        Case(
            label: "X11 without libxcb, with xclip and xsel, picks xclip",
            variables: ["DISPLAY": noServer],
            tools: ["xclip", "xsel"],
            backend: "xclip",
            reason: "no X server answers on \(noServer)"
        ),
        Case(
            label: "X11 without xclip falls back to xsel",
            variables: ["DISPLAY": noServer],
            tools: ["xsel"],
            backend: "xsel",
            reason: "no X server answers on \(noServer)"
        ),
        Case(
            label: "X11 with no tool names xclip",
            variables: ["DISPLAY": noServer],
            tools: [],
            backend: "xclip",
            reason: "xclip not found (apt-get install xclip)"
        ),
        Case(
            label: "no display at all",
            variables: [:],
            tools: ["xclip", "xsel"],
            libxcb: true,
            backend: "x11",
            reason: "DISPLAY is not set"
        ),
        Case(
            label: "an empty DISPLAY counts as unset",
            variables: ["DISPLAY": ""],
            tools: ["xclip"],
            backend: "x11",
            reason: "DISPLAY is not set"
        ),
        Case(
            label: "a malformed DISPLAY",
            variables: ["DISPLAY": "nonsense"],
            tools: ["xclip"],
            libxcb: true,
            backend: "x11",
            reason: "DISPLAY=nonsense is not an X display name (expected something like :0)"
        ),
        Case(
            label: "A stale WAYLAND_DISPLAY beside DISPLAY gives way to X11",
            variables: ["DISPLAY": noServer, "WAYLAND_DISPLAY": "wayland-test", "XDG_RUNTIME_DIR": "/nonexistent"],
            tools: ["wl-copy", "wl-paste", "xclip"],
            backend: "xclip",
            reason: "no X server answers on \(noServer)"
        ),
        Case(
            label: "A stale WAYLAND_DISPLAY alone is reported",
            variables: ["WAYLAND_DISPLAY": "wayland-test", "XDG_RUNTIME_DIR": "/nonexistent"],
            tools: ["wl-copy", "wl-paste", "xclip"],
            backend: "wl-copy",
            reason: "no Wayland compositor answers on wayland-test"
        ),
        Case(
            label: "Wayland without wl-copy uses xclip on XWayland",
            variables: ["DISPLAY": noServer, "WAYLAND_DISPLAY": "wayland-test", "XDG_RUNTIME_DIR": "/nonexistent"],
            tools: ["xclip"],
            backend: "xclip",
            reason: "no X server answers on \(noServer)"
        ),
        Case(
            label: "Wayland only, without wl-copy",
            variables: ["WAYLAND_DISPLAY": "wayland-test", "XDG_RUNTIME_DIR": "/nonexistent"],
            tools: ["xclip"],
            backend: "wl-copy",
            reason: "wl-copy not found (apt-get install wl-clipboard)"
        ),
        Case(
            label: "Wayland without a runtime dir",
            variables: ["WAYLAND_DISPLAY": "wayland-test"],
            tools: ["wl-copy", "wl-paste"],
            backend: "wl-copy",
            reason: "XDG_RUNTIME_DIR is not set, so the Wayland socket wayland-test can't be found"
        ),
        Case(
            label: "xsel asked for but missing",
            variables: ["DISPLAY": noServer],
            tools: ["xclip"],
            preference: .xsel,
            backend: "xsel",
            reason: "xsel not found (apt-get install xsel)"
        ),
        Case(
            label: "wl-copy asked for without Wayland",
            variables: ["DISPLAY": noServer],
            tools: ["wl-copy", "wl-paste"],
            preference: .wlCopy,
            backend: "wl-copy",
            reason: "WAYLAND_DISPLAY is not set"
        ),
        Case(
            label: "xclip asked for on Wayland",
            variables: ["DISPLAY": noServer, "WAYLAND_DISPLAY": "wayland-test"],
            tools: ["xclip", "wl-copy", "wl-paste"],
            preference: .xclip,
            backend: "xclip",
            reason: "no X server answers on \(noServer)"
        ),
    ]

    @Test(arguments: cases)
    func picksTheBackendAndNamesWhatIsMissing(_ testCase: Case) async throws {
        let bin = TemporaryFolder("bin")
        defer { bin.remove() }
        try bin.fakeExecutables(testCase.tools)
        var variables = testCase.variables
        variables["PATH"] = bin.path
        var destination = ClipboardDestination(
            configuration: .init(backend: testCase.preference),
            environment: ShareEnvironment(variables),
            runner: ScriptedRunner { _, _ in .success(ProcessOutput()) }
        )
        let libxcb = testCase.libxcb
        destination.x11Library = { libxcb ? nil : Self.missingLibrary }

        let prepared = try destination.prepare(ShareRequest(content: ShareContent(text: "hi")))
        #expect(prepared[field: "backend"] == testCase.backend)

        #expect(await destination.availability() == .unavailable(testCase.reason))
    }

    @Test func aWaylandCompositorThatAnswersWinsOverX11() async throws {
        let bin = TemporaryFolder("bin")
        defer { bin.remove() }
        try bin.fakeExecutables(["wl-copy", "wl-paste", "xclip"])
        let compositor = try UnixListener(path: bin.path + "/wayland-test", listening: true)
        defer { compositor.close() }
        let destination = ClipboardDestination(
            environment: ShareEnvironment([
                "DISPLAY": FreeDisplay.name(from: 7100), "WAYLAND_DISPLAY": "wayland-test",
                "XDG_RUNTIME_DIR": bin.path, "PATH": bin.path,
            ]),
            runner: ScriptedRunner { _, _ in .success(ProcessOutput()) }
        )
        let prepared = try destination.prepare(ShareRequest(content: ShareContent(text: "hi")))
        #expect(prepared[field: "backend"] == "wl-copy")
        #expect(await destination.availability() == .available("wl-copy on wayland-test"))
    }

    @Test func noXServerIsNamedWithTheDisplay() async throws {
        let bin = TemporaryFolder("bin")
        defer { bin.remove() }
        try bin.fakeExecutables(["xclip"])
        let display = FreeDisplay.name(from: 7000)
        for backend in [ClipboardDestination.BackendPreference.automatic, .x11, .xclip] {
            let destination = ClipboardDestination(
                configuration: .init(backend: backend),
                environment: ShareEnvironment(["DISPLAY": display, "PATH": bin.path])
            )
            #expect(await destination.availability() == .unavailable("no X server answers on \(display)"))
        }
    }

    @Test func aLiveWaylandSocketMakesWlCopyAvailable() async throws {
        let folder = TemporaryFolder("wayland")
        defer { folder.remove() }
        try folder.fakeExecutables(["wl-copy", "wl-paste"])
        let environment = ShareEnvironment([
            "WAYLAND_DISPLAY": "wayland-test", "XDG_RUNTIME_DIR": folder.path, "PATH": folder.path,
        ])
        let destination = ClipboardDestination(environment: environment)
        #expect(await destination.availability() == .unavailable("no Wayland compositor answers on wayland-test"))

        let compositor = try UnixListener(path: "\(folder.path)/wayland-test", listening: true)
        defer { compositor.close() }
        #expect(await destination.availability() == .available("wl-copy on wayland-test"))
    }

    @Test func anAbsoluteWaylandDisplayIsUsedAsTheSocketPath() async throws {
        let folder = TemporaryFolder("wayland")
        defer { folder.remove() }
        try folder.fakeExecutables(["wl-copy", "wl-paste"])
        let compositor = try UnixListener(path: "\(folder.path)/compositor", listening: true)
        defer { compositor.close() }
        let environment = ShareEnvironment(["WAYLAND_DISPLAY": "\(folder.path)/compositor", "PATH": folder.path])
        #expect(await ClipboardDestination(environment: environment).availability().isAvailable)
    }
}

/// The X server probe: one `connect`, no X protocol.
struct X11DisplayTests {
    @Test(arguments: [(":0", "", 0), (":12.0", "", 12), ("unix:3", "unix", 3), ("localhost:10.0", "localhost", 10)])
    func parsesDisplayNames(name: String, host: String, number: Int) throws {
        let display = try #require(X11Display(name))
        #expect(display.host == host)
        #expect(display.number == number)
    }

    @Test(arguments: ["", "0", ":", ":x", "host:-1"])
    func rejectsWhatIsNotADisplay(name: String) {
        #expect(X11Display(name) == nil)
    }

    @Test func aStaleSocketFileCountsAsNoServer() throws {
        let folder = TemporaryFolder("x11")
        defer { folder.remove() }
        let display = try #require(X11Display(":4242"))
        #expect(display.serverAnswers(socketDirectory: folder.path) == false)

        // A crashed server leaves its socket file behind: nobody accepts on it.
        let stale = try UnixListener(path: display.socketPath(in: folder.path), listening: false)
        #expect(display.serverAnswers(socketDirectory: folder.path) == false)
        stale.close()

        let live = try UnixListener(path: display.socketPath(in: folder.path), listening: true)
        defer { live.close() }
        #expect(display.serverAnswers(socketDirectory: folder.path) == true)
    }

    @Test func aRemoteDisplayIsNotProbed() throws {
        #expect(try #require(X11Display("example.org:0")).serverAnswers() == nil)
    }
}
