import Clipboard
import Foundation
import ProcessRunning

#if canImport(Glibc)
import Glibc
#endif

/// A private Wayland compositor for tests: sway headless (with the primary selection) or weston
/// nested in a private Xvfb (without it, as weston 10 is).
///
/// sway refuses to run as root, so under root both run as the unprivileged user that
/// `SHAREVIA_TEST_WAYLAND_USER` names (scripts/test.sh creates `sharevia-wayland`), started with
/// `setpriv` (which execs, so ``process`` is the compositor itself). Each gets its own
/// `XDG_RUNTIME_DIR`; tests reach the socket by its absolute path (``socket``), which root can
/// open whoever owns it. Use it through ``with(_:_:)``, which always stops it and removes its
/// folder; stopping it also ends every wl-copy serving a selection on it.
package final class WaylandCompositor: Sendable {
    /// Which compositor.
    package enum Kind: String, Sendable, CaseIterable {
        /// sway 1.7, headless, pixman renderer: has a seat and the primary selection.
        case sway
        /// weston 10 with its X11 backend in a private Xvfb: has a seat, no primary selection.
        case weston
        /// weston 10 with its headless backend: no input devices, so no seat at all.
        case westonWithoutSeat

        /// The program.
        var program: String { self == .sway ? "sway" : "weston" }
    }

    /// The variable naming the user compositors run as under root.
    package static let userVariable = "SHAREVIA_TEST_WAYLAND_USER"

    /// The socket's absolute path: a value for `WAYLAND_DISPLAY`.
    package let socket: String
    /// The compositor, for fault injection (`SIGSTOP`, `SIGCONT`, `SIGKILL`).
    package let process: BackgroundProcess
    /// Its `XDG_RUNTIME_DIR`.
    package let runtimeDirectory: String

    private init(socket: String, process: BackgroundProcess, runtimeDirectory: String) {
        self.socket = socket
        self.process = process
        self.runtimeDirectory = runtimeDirectory
    }

    /// The compositor could not be started.
    package struct StartFailure: Error, CustomStringConvertible {
        package var description: String
    }

    /// Runs `body` with a fresh compositor of `kind`, then stops it and removes its folder,
    /// whether `body` returned or threw.
    package static func with<R>(_ kind: Kind, _ body: (WaylandCompositor) async throws -> R) async throws -> R {
        switch kind {
        case .sway:
            return try await run(kind, display: nil, body)
        case .weston:
            return try await XvfbServer.with { x in try await run(kind, display: x.display, body) }
        case .westonWithoutSeat:
            return try await run(kind, display: nil, body)
        }
    }

    private static func run<R>(
        _ kind: Kind,
        display: String?,
        _ body: (WaylandCompositor) async throws -> R
    ) async throws -> R {
        let compositor = try await start(kind, display: display)
        let result: R
        do {
            result = try await body(compositor)
        } catch {
            await compositor.stop()
            throw error
        }
        await compositor.stop()
        return result
    }

    private static func start(_ kind: Kind, display: String?) async throws -> WaylandCompositor {
        let program = try RequiredTools.path(kind.program)
        var template = Array("/tmp/sharevia-wayland-XXXXXX".utf8CString)
        guard let made = template.withUnsafeMutableBufferPointer({ mkdtemp($0.baseAddress!) }) else {
            throw StartFailure(description: "can't create a runtime folder in /tmp")
        }
        let runtime = String(cString: made)
        var environment = [
            "XDG_RUNTIME_DIR": runtime, "HOME": runtime, "PATH": "/usr/bin:/bin",
        ]
        var executable = program
        var arguments: [String]
        switch kind {
        case .sway:
            environment["WLR_BACKENDS"] = "headless"
            environment["WLR_RENDERER"] = "pixman"
            environment["WLR_LIBINPUT_NO_DEVICES"] = "1"
            arguments = ["-c", "/dev/null"]
        case .weston:
            environment["DISPLAY"] = display
            arguments = [
                "--backend=x11-backend.so", "--socket=wayland-0", "--idle-time=0", "--no-config",
                "--width=320", "--height=240",
            ]
        case .westonWithoutSeat:
            arguments = ["--backend=headless-backend.so", "--socket=wayland-0", "--idle-time=0", "--no-config"]
        }
        if getuid() == 0 {
            let name = ProcessInfo.processInfo.environment[userVariable] ?? "sharevia-wayland"
            guard let user = getpwnam(name) else {
                throw StartFailure(
                    description:
                        "\(kind) refuses to run as root and the user \(name) does not exist; run scripts/test.sh, or useradd --system \(name) and set \(userVariable)"
                )
            }
            chown(runtime, user.pointee.pw_uid, user.pointee.pw_gid)
            arguments =
                [
                    "--reuid=\(user.pointee.pw_uid)", "--regid=\(user.pointee.pw_gid)", "--clear-groups", "--",
                    program,
                ] + arguments
            executable = try RequiredTools.path("setpriv", package: "util-linux")
        }
        chmod(runtime, 0o700)
        let process = try await BackgroundProcess.start(
            executable,
            arguments: arguments,
            environment: environment,
            logPath: runtime + ".log"
        )
        // sway names its socket wayland-N for the first free N; weston takes the name it is given.
        let clock = ContinuousClock()
        let deadline = clock.now + .seconds(60)
        while clock.now < deadline, process.isRunning {
            let names = (try? FileManager.default.contentsOfDirectory(atPath: runtime)) ?? []
            if let name = names.first(where: { $0.hasPrefix("wayland-") && !$0.hasSuffix(".lock") }),
                let socket = WaylandSocket(name: "\(runtime)/\(name)", runtimeDirectory: nil),
                socket.compositorAnswers()
            {
                let compositor = WaylandCompositor(socket: socket.path, process: process, runtimeDirectory: runtime)
                // weston answers before its seat is in place: wait until wl-paste stops missing it.
                if kind == .westonWithoutSeat { return compositor }
                if await compositor.hasSeat(until: deadline) { return compositor }
                break
            }
            try? await Task.sleep(for: .milliseconds(10))
        }
        let log = (try? String(contentsOfFile: runtime + ".log", encoding: .utf8)) ?? ""
        await process.stop()
        try? FileManager.default.removeItem(atPath: runtime)
        try? FileManager.default.removeItem(atPath: runtime + ".log")
        throw StartFailure(description: "\(kind) did not start within 60 s: \(log.suffix(600))")
    }

    /// True once `wl-paste --list-types` no longer says "Missing a seat".
    private func hasSeat(until deadline: ContinuousClock.Instant) async -> Bool {
        guard let paste = try? RequiredTools.path("wl-paste", package: "wl-clipboard") else { return false }
        while ContinuousClock().now < deadline {
            let output = try? await ProcessRunner().run(
                paste,
                arguments: ["--list-types"],
                environment: ["WAYLAND_DISPLAY": socket, "PATH": "/usr/bin:/bin"],
                timeout: .seconds(5)
            )
            if let output, !output.errorText.contains("Missing a seat") { return true }
            try? await Task.sleep(for: .milliseconds(20))
        }
        return false
    }

    /// Stops the compositor (resuming it first if frozen) and removes its folder and log.
    private func stop() async {
        process.signal(SIGCONT)
        await process.stop()
        try? FileManager.default.removeItem(atPath: runtimeDirectory)
        try? FileManager.default.removeItem(atPath: runtimeDirectory + ".log")
    }
}
