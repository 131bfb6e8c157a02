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

    /// The programs to run and the server they talk to, once nothing is missing.
    struct Tools: Sendable, Hashable {
        /// The copying program's absolute path.
        var copyPath: String
        /// The reading program's absolute path.
        var pastePath: String
        var server: Server
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
    static func resolve(
        _ preference: ClipboardDestination.BackendPreference,
        in environment: ShareEnvironment
    ) -> ClipboardBackendResolution {
        if let kind = preference.kind { return resolve(kind, in: environment) }
        // Each candidate is resolved (and its programs looked up) at most once.
        let wayland = environment["WAYLAND_DISPLAY"] == nil ? nil : Self.wayland(environment)
        if let wayland, wayland.copyPath != nil { return wayland }
        if environment["DISPLAY"] != nil {
            let xclip = x11(.xclip, environment)
            if xclip.copyPath == nil {
                let xsel = x11(.xsel, environment)
                if xsel.copyPath != nil { return xsel }
            }
            return xclip
        }
        return wayland ?? ClipboardBackendResolution(kind: .xclip, failure: "DISPLAY is not set")
    }

    /// Resolves exactly this backend, as `deliver` does for the one a plan names.
    static func resolve(_ kind: ClipboardBackendKind, in environment: ShareEnvironment) -> ClipboardBackendResolution {
        switch kind {
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

    private static func x11(_ kind: ClipboardBackendKind, _ environment: ShareEnvironment) -> ClipboardBackendResolution
    {
        var resolution = ClipboardBackendResolution(kind: kind, failure: "DISPLAY is not set")
        resolution.findPrograms(in: environment)
        guard let name = environment["DISPLAY"] else { return resolution }
        guard let display = X11Display(name) else {
            resolution.readiness = .failure(
                Problem(reason: "DISPLAY=\(name) is not an X display name (expected something like :0)")
            )
            return resolution
        }
        resolution.settle(on: .x11(display))
        return resolution
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
        let backend = kind.backend
        copyPath = environment.executable(named: backend.copyExecutable)
        pastePath = environment.executable(named: backend.pasteExecutable)
    }

    /// Records the server and, when both programs were found, the tools.
    private mutating func settle(on server: Server) {
        self.server = server
        let backend = kind.backend
        guard let copyPath else {
            readiness = .failure(Problem(reason: kind.notFoundReason()))
            return
        }
        guard let pastePath else {
            readiness = .failure(Problem(reason: kind.notFoundReason(backend.pasteExecutable)))
            return
        }
        readiness = .success(Tools(copyPath: copyPath, pastePath: pastePath, server: server))
    }

    /// The full availability: ``problem`` first, then whether the display server answers.
    func availability() -> Availability {
        let tools: Tools
        switch readiness {
        case .success(let found): tools = found
        case .failure(let problem): return .unavailable(problem.reason)
        }
        let textOnly = kind.backend.carriesImages ? "" : ", text only (apt-get install xclip for images)"
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
