import Foundation
import ProcessRunning

/// A private D-Bus session bus for tests: `dbus-daemon` with a configuration of its own (no
/// service activation, so nothing else starts; eavesdropping allowed, for `dbus-monitor`),
/// listening on a socket in `folder`. ``SecretServiceSession`` and ``NotificationSession`` run
/// their daemons on one.
package enum PrivateSessionBus {
    /// The bus could not be started.
    package struct StartFailure: Error, CustomStringConvertible {
        package var description: String
    }

    /// Starts the bus with its socket and log in `folder`; returns the daemon and the bus's address.
    package static func start(
        dbusDaemon: String,
        in folder: TemporaryFolder
    ) async throws -> (
        process: BackgroundProcess, address: String
    ) {
        let socket = folder.file("bus")
        let configuration = """
            <!DOCTYPE busconfig PUBLIC "-//freedesktop//DTD D-Bus Bus Configuration 1.0//EN"
             "http://www.freedesktop.org/standards/dbus/1.0/busconfig.dtd">
            <busconfig>
              <type>session</type>
              <listen>unix:path=\(socket)</listen>
              <auth>EXTERNAL</auth>
              <policy context="default">
                <allow send_destination="*" eavesdrop="true"/>
                <allow eavesdrop="true"/>
                <allow own="*"/>
              </policy>
            </busconfig>
            """
        try folder.write(Data(configuration.utf8), named: "bus.conf")
        let bus = try await BackgroundProcess.start(
            dbusDaemon,
            arguments: ["--config-file=\(folder.file("bus.conf"))", "--nofork", "--nopidfile"],
            logPath: folder.file("bus.log")
        )
        guard await waitFor({ FileManager.default.fileExists(atPath: socket) }) else {
            await bus.stop()
            let log = folder.read("bus.log").map { String(decoding: $0, as: UTF8.self) } ?? ""
            throw StartFailure(description: "dbus-daemon did not start: \(log)")
        }
        return (bus, "unix:path=\(socket)")
    }

    /// Whether `name` has an owner on the bus at `address`.
    package static func hasOwner(_ name: String, address: String, dbusSend: String) async -> Bool {
        let output = try? await ProcessRunner().run(
            dbusSend,
            arguments: [
                "--bus=\(address)", "--print-reply", "--dest=org.freedesktop.DBus", "/org/freedesktop/DBus",
                "org.freedesktop.DBus.NameHasOwner", "string:\(name)",
            ],
            environment: ["PATH": "/usr/bin:/bin"]
        )
        return output.map { String(decoding: $0.standardOutput, as: UTF8.self).contains("boolean true") } ?? false
    }
}

/// Polls `condition` every 20 ms for up to 10 s.
private func waitFor(_ condition: () -> Bool) async -> Bool {
    let clock = ContinuousClock()
    let deadline = clock.now + .seconds(10)
    while clock.now < deadline {
        if condition() { return true }
        try? await Task.sleep(for: .milliseconds(20))
    }
    return condition()
}
