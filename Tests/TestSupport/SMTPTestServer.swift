import Foundation
import ProcessRunning

/// A real SMTP server on loopback for tests: Debian's aiosmtpd (`python3-aiosmtpd`) running
/// `Tests/TestSupport/smtp-server.py` on a free port, keeping every message it accepts.
///
/// Use it through ``with(_:_:)``, which always stops it. The server answers as its
/// ``Options/mode`` says (accept, 451 once then accept, 550, or stall after DATA), offers
/// STARTTLS with a certificate when given one, and AUTH PLAIN/LOGIN for one known login.
package final class SMTPTestServer: Sendable {
    /// How the server answers a message.
    package enum Mode: String, Sendable {
        /// 250 for every message.
        case accept
        /// 451 for the first message, 250 afterwards.
        case tempfailOnce = "tempfail-once"
        /// 550 for every message.
        case reject
        /// Never answers after the message's final dot.
        case stall
    }

    /// What the server offers.
    package struct Options: Sendable {
        package var mode: Mode
        /// PEM certificate and key for STARTTLS; nil for none.
        package var certificate: (certificate: String, key: String)?
        /// Refuse everything but EHLO, STARTTLS and QUIT before TLS.
        package var requireStartTLS: Bool
        /// The one login AUTH accepts; nil for no AUTH.
        package var login: (user: String, password: String)?
        /// Offer only this mechanism (`PLAIN` or `LOGIN`); nil for both.
        package var mechanism: String?

        package init(
            mode: Mode = .accept,
            certificate: (certificate: String, key: String)? = nil,
            requireStartTLS: Bool = false,
            login: (user: String, password: String)? = nil,
            mechanism: String? = nil
        ) {
            self.mode = mode
            self.certificate = certificate
            self.requireStartTLS = requireStartTLS
            self.login = login
            self.mechanism = mechanism
        }
    }

    /// The loopback port it listens on.
    package let port: Int
    /// The server process.
    package let process: BackgroundProcess
    /// Where it keeps the messages: `N.eml` (raw bytes received) and `N.json` (envelope).
    package let folder: TemporaryFolder

    /// `smtp://127.0.0.1:PORT`.
    package var url: String { "smtp://127.0.0.1:\(port)" }

    private init(port: Int, process: BackgroundProcess, folder: TemporaryFolder) {
        self.port = port
        self.process = process
        self.folder = folder
    }

    /// The server script.
    package static var script: String { "\(PackageRoot.path)/Tests/TestSupport/smtp-server.py" }
    /// The Python that has aiosmtpd: Debian's, not the one first on PATH.
    package static let python = "/usr/bin/python3"

    /// Runs `body` with a fresh server, then stops it.
    package static func with<R>(
        _ options: Options = Options(),
        _ body: (SMTPTestServer) async throws -> R
    )
        async throws -> R
    {
        let server = try await start(options)
        do {
            let result = try await body(server)
            await server.process.stop()
            return result
        } catch {
            await server.process.stop()
            throw error
        }
    }

    /// The server could not be started.
    package struct StartFailure: Error, CustomStringConvertible {
        package var description: String
    }

    private static func start(_ options: Options) async throws -> SMTPTestServer {
        guard FileManager.default.isExecutableFile(atPath: python) else {
            throw RequiredTools.Missing(names: [python], packages: ["python3-aiosmtpd"])
        }
        let folder = TemporaryFolder("smtp")
        let portFile = folder.file("port")
        let messages = folder.file("messages")
        try FileManager.default.createDirectory(atPath: messages, withIntermediateDirectories: true)
        var arguments = [script, "--port-file", portFile, "--dir", messages, "--mode", options.mode.rawValue]
        if let certificate = options.certificate {
            arguments += ["--tls-cert", certificate.certificate, "--tls-key", certificate.key]
            if options.requireStartTLS { arguments.append("--require-starttls") }
        }
        var environment = ProcessInfo.processInfo.environment
        if let login = options.login {
            // The login goes through the environment, not argv, where `ps` would show it.
            environment["SMTP_TEST_AUTH"] = "\(login.user):\(login.password)"
            arguments.append("--auth-from-environment")
            if let mechanism = options.mechanism { arguments += ["--mechanism", mechanism] }
        }
        let process = try await BackgroundProcess.start(
            python,
            arguments: arguments,
            environment: environment,
            logPath: folder.file("server.log")
        )
        let clock = ContinuousClock()
        let deadline = clock.now + .seconds(60)
        while clock.now < deadline {
            if let text = folder.read("port").map({ String(decoding: $0, as: UTF8.self) }), let port = Int(text) {
                return SMTPTestServer(port: port, process: process, folder: folder)
            }
            guard process.isRunning else { break }
            try await Task.sleep(for: .milliseconds(20))
        }
        let log = folder.read("server.log").map { String(decoding: $0, as: UTF8.self) } ?? ""
        await process.stop()
        throw StartFailure(description: "the SMTP test server did not start: \(log.suffix(600))")
    }

    /// The paths of the messages received so far, in order.
    package var messagePaths: [String] {
        folder.names(in: "messages").filter { $0.hasSuffix(".eml") }
            .sorted { Int($0.dropLast(4)) ?? 0 < Int($1.dropLast(4)) ?? 0 }
            .map { folder.file("messages/\($0)") }
    }

    /// The envelope of message `path` (`mail_from`, `rcpt_tos`, `tls`, `auth`).
    package func envelope(of path: String) throws -> [String: Any] {
        let data = try Data(contentsOf: URL(fileURLWithPath: String(path.dropLast(4)) + ".json"))
        return try JSONSerialization.jsonObject(with: data) as? [String: Any] ?? [:]
    }

    /// How many clients connected since the server was ready (aiosmtpd logs `Peer:` for each).
    package var clientConnections: Int {
        guard let ready = log.range(of: "sharevia test server ready") else { return 0 }
        return log[ready.upperBound...].components(separatedBy: "Peer: ").count - 1
    }

    /// What the server logged (for failure messages).
    package var log: String { folder.read("server.log").map { String(decoding: $0, as: UTF8.self) } ?? "" }
}
