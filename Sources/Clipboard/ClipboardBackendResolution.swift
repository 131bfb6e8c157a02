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

    /// The backend that would be used.
    var kind: ClipboardBackendKind
    /// Why it can't be used, in the words `availability()` reports, or nil.
    var problem: String?
    /// The copying program's absolute path, when found.
    var copyPath: String?
    /// The reading program's absolute path, when found.
    var pastePath: String?
    /// The display server, when the environment names a valid one.
    var server: Server?

    /// Resolves a preference in an environment, following the order documented on
    /// ``ClipboardDestination/BackendPreference/automatic``.
    static func resolve(
        _ preference: ClipboardDestination.BackendPreference,
        in environment: ShareEnvironment
    ) -> ClipboardBackendResolution {
        switch preference {
        case .xclip: return x11(.xclip, environment)
        case .xsel: return x11(.xsel, environment)
        case .wlCopy: return wayland(environment)
        case .automatic:
            if environment["WAYLAND_DISPLAY"] != nil, environment.executable(named: "wl-copy") != nil {
                return wayland(environment)
            }
            if environment["DISPLAY"] != nil {
                let xclip = x11(.xclip, environment)
                if xclip.copyPath == nil, environment.executable(named: "xsel") != nil {
                    return x11(.xsel, environment)
                }
                return xclip
            }
            if environment["WAYLAND_DISPLAY"] != nil { return wayland(environment) }
            return ClipboardBackendResolution(kind: .xclip, problem: "DISPLAY is not set")
        }
    }

    private static func x11(_ kind: ClipboardBackendKind, _ environment: ShareEnvironment) -> ClipboardBackendResolution
    {
        var resolution = ClipboardBackendResolution(kind: kind)
        resolution.findPrograms(in: environment)
        guard let name = environment["DISPLAY"] else {
            resolution.problem = "DISPLAY is not set"
            return resolution
        }
        guard let display = X11Display(name) else {
            resolution.problem = "DISPLAY=\(name) is not an X display name (expected something like :0)"
            return resolution
        }
        resolution.server = .x11(display)
        resolution.problem = resolution.missingProgram
        return resolution
    }

    private static func wayland(_ environment: ShareEnvironment) -> ClipboardBackendResolution {
        var resolution = ClipboardBackendResolution(kind: .wlCopy)
        resolution.findPrograms(in: environment)
        guard let name = environment["WAYLAND_DISPLAY"] else {
            resolution.problem = "WAYLAND_DISPLAY is not set"
            return resolution
        }
        guard let socket = WaylandSocket(name: name, runtimeDirectory: environment["XDG_RUNTIME_DIR"]) else {
            resolution.problem = "XDG_RUNTIME_DIR is not set, so the Wayland socket \(name) can't be found"
            return resolution
        }
        resolution.server = .wayland(socket)
        resolution.problem = resolution.missingProgram
        return resolution
    }

    private mutating func findPrograms(in environment: ShareEnvironment) {
        let backend = kind.backend
        copyPath = environment.executable(named: backend.copyExecutable)
        pastePath = environment.executable(named: backend.pasteExecutable)
    }

    private var missingProgram: String? {
        let backend = kind.backend
        if copyPath == nil { return kind.notFoundReason }
        if pastePath == nil { return "\(backend.pasteExecutable) not found (apt-get install \(kind.package))" }
        return nil
    }

    /// The full availability: ``problem`` first, then whether the display server answers.
    func availability() -> Availability {
        if let problem { return .unavailable(problem) }
        let textOnly = kind.backend.carriesImages ? "" : ", text only (apt-get install xclip for images)"
        switch server {
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
        case nil:
            return .unavailable("no display server is configured")
        }
    }
}
