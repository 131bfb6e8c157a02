import Foundation
import ProcessRunning

/// A private D-Bus session bus with an unlocked GNOME Keyring serving the Secret Service on it,
/// for tests: `dbus-daemon` with a configuration of its own (no service activation, so nothing
/// else starts), and `gnome-keyring-daemon --foreground --unlock --components=secrets` whose
/// login keyring lives in a temporary folder.
///
/// Use it through ``with(_:)``, which always stops both daemons (their process groups) and
/// removes the folder.
package final class SecretServiceSession: Sendable {
    /// The Debian packages of the programs it runs.
    package static let tools = [
        "dbus-daemon": "dbus-daemon", "dbus-send": "dbus-bin", "gnome-keyring-daemon": "gnome-keyring",
        "secret-tool": "libsecret-tools",
    ]

    /// The bus's address, `unix:path=...`.
    package let address: String
    /// The folder holding the bus socket, the keyring's files and both daemons' logs.
    package let folder: TemporaryFolder
    private let bus: BackgroundProcess
    private let keyring: BackgroundProcess
    private let paths: [String: String]

    private init(
        address: String,
        folder: TemporaryFolder,
        bus: BackgroundProcess,
        keyring: BackgroundProcess,
        paths: [String: String]
    ) {
        self.address = address
        self.folder = folder
        self.bus = bus
        self.keyring = keyring
        self.paths = paths
    }

    /// The variables a client of this bus needs.
    package var environment: [String: String] { ["DBUS_SESSION_BUS_ADDRESS": address] }

    /// The process ids of both daemons, for checking they are gone after ``with(_:)``.
    package var processIDs: [Int32] { [bus.pid, keyring.pid] }

    /// Runs `body` with a fresh bus and keyring, then stops both.
    package static func with<R>(_ body: (SecretServiceSession) async throws -> R) async throws -> R {
        let session = try await start()
        do {
            let result = try await body(session)
            await session.stop()
            return result
        } catch {
            await session.stop()
            throw error
        }
    }

    /// The session could not be started.
    package struct StartFailure: Error, CustomStringConvertible {
        package var description: String
    }

    private static func start() async throws -> SecretServiceSession {
        let paths = try RequiredTools.paths(tools)
        let folder = TemporaryFolder("keyring")
        for name in ["run", "data", "config"] {
            try FileManager.default.createDirectory(
                atPath: folder.file(name),
                withIntermediateDirectories: true,
                attributes: [.posixPermissions: 0o700]
            )
        }
        let (bus, address) = try await PrivateSessionBus.start(dbusDaemon: paths["dbus-daemon"]!, in: folder)
        // The login keyring's password comes on stdin, from a file only this user reads.
        try folder.write(Data("sharevia-test-keyring".utf8), named: "password")
        chmod(folder.file("password"), 0o600)
        let environment = [
            "PATH": "/usr/bin:/bin", "HOME": folder.path, "XDG_DATA_HOME": folder.file("data"),
            "XDG_CONFIG_HOME": folder.file("config"), "XDG_RUNTIME_DIR": folder.file("run"),
            "DBUS_SESSION_BUS_ADDRESS": address,
        ]
        let keyring = try await BackgroundProcess.start(
            "/bin/sh",
            arguments: [
                "-c",
                "exec \"$0\" --foreground --unlock --components=secrets < \"$1\"",
                paths["gnome-keyring-daemon"]!, folder.file("password"),
            ],
            environment: environment,
            logPath: folder.file("keyring.log")
        )
        let session = SecretServiceSession(address: address, folder: folder, bus: bus, keyring: keyring, paths: paths)
        var owned = false
        let clock = ContinuousClock()
        let deadline = clock.now + .seconds(20)
        while clock.now < deadline && keyring.isRunning {
            if await session.hasSecretService() {
                owned = true
                break
            }
            try await Task.sleep(for: .milliseconds(50))
        }
        guard owned else {
            await session.stop()
            throw StartFailure(
                description: "gnome-keyring-daemon did not serve the Secret Service: \(folder.text("keyring.log"))"
            )
        }
        return session
    }

    /// Whether `org.freedesktop.secrets` has an owner on the bus.
    private func hasSecretService() async -> Bool {
        await PrivateSessionBus.hasOwner("org.freedesktop.secrets", address: address, dbusSend: paths["dbus-send"]!)
    }

    /// Stops the keyring, then the bus; returns once both have exited.
    package func stop() async {
        await keyring.stop()
        await bus.stop()
    }

    /// Runs `secret-tool` on this bus with `arguments` (and `input` on stdin).
    package func secretTool(_ arguments: [String], input: [UInt8]? = nil) async throws -> ProcessOutput {
        try await ProcessRunner().run(
            paths["secret-tool"]!,
            arguments: arguments,
            environment: ["PATH": "/usr/bin:/bin", "DBUS_SESSION_BUS_ADDRESS": address],
            input: input
        )
    }

    /// What `secret-tool lookup service sharevia network NETWORK account ACCOUNT` prints, or nil
    /// when it finds nothing.
    package func lookup(network: String, account: String) async throws -> String? {
        let output = try await secretTool(["lookup", "service", "sharevia", "network", network, "account", account])
        guard output.exitStatus == 0, !output.standardOutput.isEmpty else { return nil }
        return String(decoding: output.standardOutput, as: UTF8.self)
    }

    /// Both daemons' logs, for failure messages and for checking no secret reached them.
    package var logs: String { folder.text("bus.log") + folder.text("keyring.log") }
}

extension TemporaryFolder {
    /// The text of the file `name`, or "" when it can't be read.
    fileprivate func text(_ name: String) -> String {
        read(name).map { String(decoding: $0, as: UTF8.self) } ?? ""
    }
}
