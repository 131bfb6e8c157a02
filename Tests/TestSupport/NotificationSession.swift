import Foundation
import ProcessRunning

/// A real notification service for tests: `dunst` on an X display, on a private session bus
/// (``PrivateSessionBus``), with `dbus-monitor` recording every call to
/// org.freedesktop.Notifications.
///
/// Use it through ``with(display:_:)``, which always stops the three daemons (their process
/// groups) and removes the folder.
package final class NotificationSession: Sendable {
    /// The Debian packages of the programs it runs.
    package static let tools = [
        "dbus-daemon": "dbus-daemon", "dbus-send": "dbus-bin", "dbus-monitor": "dbus-bin", "dunst": "dunst",
        "dunstctl": "dunst",
    ]

    /// The bus's address, `unix:path=...`.
    package let address: String
    /// The folder holding the bus socket, dunst's configuration and the daemons' logs.
    package let folder: TemporaryFolder
    private let daemons: [BackgroundProcess]
    private let paths: [String: String]

    private init(address: String, folder: TemporaryFolder, daemons: [BackgroundProcess], paths: [String: String]) {
        self.address = address
        self.folder = folder
        self.daemons = daemons
        self.paths = paths
    }

    /// The variables a client of this bus needs.
    package var environment: [String: String] { ["DBUS_SESSION_BUS_ADDRESS": address] }

    /// What `dbus-monitor` printed so far: each Notify call with its arguments, one per line.
    package var monitorLog: String {
        folder.read("monitor.log").map { String(decoding: $0, as: UTF8.self) } ?? ""
    }

    /// Runs `body` with dunst showing notifications on `display`, then stops everything.
    package static func with<R>(display: String, _ body: (NotificationSession) async throws -> R) async throws -> R {
        let session = try await start(display: display)
        do {
            let result = try await body(session)
            await session.stop()
            return result
        } catch {
            await session.stop()
            throw error
        }
    }

    private static func start(display: String) async throws -> NotificationSession {
        let paths = try RequiredTools.paths(tools)
        let folder = TemporaryFolder("notifications")
        let (bus, address) = try await PrivateSessionBus.start(dbusDaemon: paths["dbus-daemon"]!, in: folder)
        var daemons = [bus]
        do {
            // Notifications stay until closed, so a test can act on one.
            try folder.write(Data("[global]\n    timeout = 0\n".utf8), named: "dunstrc")
            let environment = [
                "PATH": "/usr/bin:/bin", "HOME": folder.path, "DISPLAY": display, "DBUS_SESSION_BUS_ADDRESS": address,
            ]
            daemons.append(
                try await BackgroundProcess.start(
                    paths["dunst"]!,
                    arguments: ["-config", folder.file("dunstrc")],
                    environment: environment,
                    logPath: folder.file("dunst.log")
                )
            )
            let clock = ContinuousClock()
            let deadline = clock.now + .seconds(20)
            var owned = false
            while clock.now < deadline {
                if await PrivateSessionBus.hasOwner(
                    "org.freedesktop.Notifications",
                    address: address,
                    dbusSend: paths["dbus-send"]!
                ) {
                    owned = true
                    break
                }
                try await Task.sleep(for: .milliseconds(50))
            }
            guard owned else {
                let log = folder.read("dunst.log").map { String(decoding: $0, as: UTF8.self) } ?? ""
                throw PrivateSessionBus.StartFailure(description: "dunst did not serve notifications: \(log)")
            }
            daemons.append(
                try await BackgroundProcess.start(
                    paths["dbus-monitor"]!,
                    arguments: [
                        "--address", address,
                        "type='method_call',interface='org.freedesktop.Notifications',member='Notify'",
                    ],
                    environment: environment,
                    logPath: folder.file("monitor.log")
                )
            )
            // dbus-monitor prints the NameAcquired signal of its own connection once it listens.
            while clock.now < deadline && !FileManager.default.fileExists(atPath: folder.file("monitor.log")) {
                try await Task.sleep(for: .milliseconds(20))
            }
            while clock.now < deadline && (folder.read("monitor.log")?.isEmpty ?? true) {
                try await Task.sleep(for: .milliseconds(20))
            }
        } catch {
            for daemon in daemons.reversed() { await daemon.stop() }
            throw error
        }
        return NotificationSession(address: address, folder: folder, daemons: daemons, paths: paths)
    }

    /// Every Notify call recorded so far, once `count` have been (or 30 s have passed): the
    /// lines of each, from `member=Notify` to the next call.
    package func notifyCalls(atLeast count: Int) async throws -> [String] {
        let deadline = ContinuousClock.now + .seconds(30)
        while ContinuousClock.now < deadline {
            let calls = Self.calls(in: monitorLog)
            if calls.count >= count { return calls }
            try await Task.sleep(for: .milliseconds(50))
        }
        return Self.calls(in: monitorLog)
    }

    /// The Notify calls in a `dbus-monitor` log.
    static func calls(in log: String) -> [String] {
        log.components(separatedBy: "method call ").filter { $0.contains("member=Notify") }
    }

    /// Invokes the default action of the newest notification, as a click on it does
    /// (`dunstctl action 0`).
    package func clickNewest() async throws -> ProcessOutput {
        try await ProcessRunner().run(
            paths["dunstctl"]!,
            arguments: ["action", "0"],
            environment: ["PATH": "/usr/bin:/bin", "DBUS_SESSION_BUS_ADDRESS": address]
        )
    }

    /// Stops dbus-monitor, dunst, then the bus; returns once all have exited.
    package func stop() async {
        for daemon in daemons.reversed() { await daemon.stop() }
    }
}
