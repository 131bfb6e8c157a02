import LocalFiles
import ShareCore

/// Which backend a destination would use in an environment, found without spawning anything:
/// only the environment variables and the `PATH` are read.
///
/// ``kind`` is always set, so `prepare` can shape a share (and a dry run can show it) even when
/// the tool or display is missing; ``problem`` then says what is missing.
struct ClipboardBackendResolution: Sendable, Hashable {
    /// Where the tool connects.
    enum Server: Sendable, Hashable, CustomStringConvertible {
        case x11(X11Display)
        case wayland(WaylandSocket)

        var description: String {
            switch self {
            case .x11(let display): display.name
            case .wayland(let socket): socket.name
            }
        }
    }

    /// What a usable backend talks through, once nothing is missing.
    struct Tools: Sendable, Hashable {
        /// The tool's programs, or nil for the built-in ``ClipboardBackendKind/x11`` client.
        var programs: Programs?
        var server: Server
    }

    /// A tool's programs, by absolute path.
    struct Programs: Sendable, Hashable {
        /// The copying program.
        var copyPath: String
        /// The reading program.
        var pastePath: String
    }

    /// The backend that would be used.
    var kind: ClipboardBackendKind
    /// The display server, when the environment names a valid one (also when a program is missing).
    var server: Server?
    /// The tools when the backend can be used, or why it can't, in the words `availability()` reports.
    var readiness: Result<Tools, Problem>

    /// Why a backend can't be used.
    struct Problem: Error, Sendable, Hashable {
        var reason: String
    }

    /// Why it can't be used, or nil.
    var problem: String? {
        if case .failure(let problem) = readiness { return problem.reason }
        return nil
    }

    /// Resolves a preference in an environment, following the order documented on
    /// ``ClipboardDestination/BackendPreference/automatic``.
    ///
    /// - Parameter x11Library: Why libxcb can't be loaded, or nil when it can; asked only when
    ///   the built-in X11 client is a candidate.
    static func resolve(
        _ preference: ClipboardDestination.BackendPreference,
        in environment: ShareEnvironment,
        x11Library: () -> String? = X11SelectionClient.libraryProblem
    ) -> ClipboardBackendResolution {
        let variable = ClipboardDestination.BackendPreference.environmentVariable
        var preference = preference
        if preference == .automatic, let named = environment[variable] {
            guard let parsed = ClipboardDestination.BackendPreference(parsing: named) else {
                var resolution = pick(in: environment, x11Library: x11Library)
                resolution.readiness = .failure(
                    Problem(
                        reason:
                            "\(variable)=\(named) is not a clipboard backend (use auto, x11, xclip, xsel or wl-copy)"
                    )
                )
                return resolution
            }
            preference = parsed
        }
        if let kind = preference.kind { return resolve(kind, in: environment, x11Library: x11Library) }
        return pick(in: environment, x11Library: x11Library)
    }

    /// The automatic choice. Each candidate is resolved (and its programs looked up) at most once.
    private static func pick(
        in environment: ShareEnvironment,
        x11Library: () -> String?
    ) -> ClipboardBackendResolution {
        let wayland = environment["WAYLAND_DISPLAY"] == nil ? nil : Self.wayland(environment)
        // A WAYLAND_DISPLAY whose socket no compositor answers (left over from another session)
        // gives way to DISPLAY: one non-blocking connect decides.
        if let wayland, wayland.copyPath != nil, environment["DISPLAY"] == nil || wayland.compositorAnswers {
            return wayland
        }
        if environment["DISPLAY"] != nil {
            let client = x11Client(environment, x11Library: x11Library)
            // A malformed DISPLAY is reported as it is; only a missing libxcb moves on to the tools.
            if client.problem == nil || client.server == nil { return client }
            let xclip = x11(.xclip, environment)
            if xclip.copyPath == nil {
                let xsel = x11(.xsel, environment)
                if xsel.copyPath != nil { return xsel }
            }
            return xclip
        }
        return wayland ?? ClipboardBackendResolution(kind: .x11, failure: "DISPLAY is not set")
    }

    /// Whether a compositor answers on the Wayland socket; false when there is none to ask.
    private var compositorAnswers: Bool {
        guard case .wayland(let socket)? = server else { return false }
        return socket.compositorAnswers()
    }

    /// Resolves exactly this backend, as `deliver` does for the one a plan names.
    static func resolve(
        _ kind: ClipboardBackendKind,
        in environment: ShareEnvironment,
        x11Library: () -> String? = X11SelectionClient.libraryProblem
    ) -> ClipboardBackendResolution {
        switch kind {
        case .x11: x11Client(environment, x11Library: x11Library)
        case .xclip, .xsel: x11(kind, environment)
        case .wlCopy: wayland(environment)
        }
    }

    private init(kind: ClipboardBackendKind, failure reason: String) {
        self.kind = kind
        self.readiness = .failure(Problem(reason: reason))
    }

    /// Where the programs are; kept only to pick among backends and to build ``Tools``.
    private var copyPath: String?
    private var pastePath: String?

    /// The built-in client: needs a valid `DISPLAY` and libxcb.
    private static func x11Client(
        _ environment: ShareEnvironment,
        x11Library: () -> String?
    ) -> ClipboardBackendResolution {
        var resolution = ClipboardBackendResolution(kind: .x11, failure: "DISPLAY is not set")
        guard let display = resolution.readDisplay(environment) else { return resolution }
        if let problem = x11Library() {
            resolution.readiness = .failure(Problem(reason: problem))
        } else {
            resolution.readiness = .success(Tools(programs: nil, server: .x11(display)))
        }
        return resolution
    }

    /// xclip or xsel: needs a valid `DISPLAY` and the tool.
    private static func x11(_ kind: ClipboardBackendKind, _ environment: ShareEnvironment) -> ClipboardBackendResolution
    {
        var resolution = ClipboardBackendResolution(kind: kind, failure: "DISPLAY is not set")
        resolution.findPrograms(in: environment)
        guard let display = resolution.readDisplay(environment) else { return resolution }
        resolution.settle(on: .x11(display))
        return resolution
    }

    /// Parses `DISPLAY` into ``server``; nil (with ``readiness`` saying why) when it is unset or
    /// malformed.
    private mutating func readDisplay(_ environment: ShareEnvironment) -> X11Display? {
        guard let name = environment["DISPLAY"] else { return nil }
        guard let display = X11Display(name) else {
            readiness = .failure(
                Problem(reason: "DISPLAY=\(name) is not an X display name (expected something like :0)")
            )
            return nil
        }
        server = .x11(display)
        return display
    }

    private static func wayland(_ environment: ShareEnvironment) -> ClipboardBackendResolution {
        var resolution = ClipboardBackendResolution(kind: .wlCopy, failure: "WAYLAND_DISPLAY is not set")
        resolution.findPrograms(in: environment)
        guard let name = environment["WAYLAND_DISPLAY"] else { return resolution }
        guard let socket = WaylandSocket(name: name, runtimeDirectory: environment["XDG_RUNTIME_DIR"]) else {
            resolution.readiness = .failure(
                Problem(reason: "XDG_RUNTIME_DIR is not set, so the Wayland socket \(name) can't be found")
            )
            return resolution
        }
        resolution.settle(on: .wayland(socket))
        return resolution
    }

    private mutating func findPrograms(in environment: ShareEnvironment) {
        guard let tool = kind.tool else { return }
        copyPath = environment.executable(named: tool.copyExecutable)
        pastePath = environment.executable(named: tool.pasteExecutable)
    }

    /// Records the server and, when both programs were found, the tools.
    private mutating func settle(on server: Server) {
        self.server = server
        guard let copyPath else {
            readiness = .failure(Problem(reason: kind.notFoundReason()))
            return
        }
        guard let pastePath else {
            readiness = .failure(Problem(reason: kind.notFoundReason(kind.tool?.pasteExecutable)))
            return
        }
        readiness = .success(Tools(programs: Programs(copyPath: copyPath, pastePath: pastePath), server: server))
    }

    /// The full availability: ``problem`` first, then whether the display server answers.
    func availability() -> Availability {
        let tools: Tools
        switch readiness {
        case .success(let found): tools = found
        case .failure(let problem): return .unavailable(problem.reason)
        }
        let textOnly = kind.carriesImages ? "" : ", text only (apt-get install xclip for images)"
        switch tools.server {
        case .x11(let display):
            switch display.serverAnswers() {
            case false?: return .unavailable("no X server answers on \(display.name)")
            case true?: return .available("\(kind) on \(display.name)\(textOnly)")
            case nil: return .available("\(kind) on \(display.name) (remote display, not checked)\(textOnly)")
            }
        case .wayland(let socket):
            guard socket.compositorAnswers() else {
                return .unavailable("no Wayland compositor answers on \(socket.name)")
            }
            return .available("\(kind) on \(socket.name)")
        }
    }
}
