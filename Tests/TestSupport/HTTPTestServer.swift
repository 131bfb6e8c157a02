import Foundation
import ProcessRunning

/// A real HTTP(S) server on loopback for tests: `http-server.py` beside this file (Python's standard
/// library only) on a free port, answering as a script says and recording every request.
///
/// Use it through ``with(_:_:)``, which always stops it.
public final class HTTPTestServer: Sendable {
    /// One answer of the script (see the server's doc string).
    public struct Answer: Sendable {
        public var fields: [String: any Sendable]

        /// An answer with these fields of the server's script (`status`, `headers`, `json_text`, ...).
        public init(fields: [String: any Sendable]) { self.fields = fields }

        public static func status(_ status: Int, json: String? = nil, headers: [String: String] = [:]) -> Answer {
            var fields: [String: any Sendable] = ["status": status, "headers": headers]
            if let json { fields["json_text"] = json }
            return Answer(fields: fields)
        }

        /// A JSON answer in which each `{{key}}` is replaced by that top-level field of the
        /// request's JSON body, such as the record key a client chose.
        public static func echoing(_ status: Int, json: String, keys: [String]) -> Answer {
            Answer(fields: ["status": status, "headers": [String: String](), "json_text": json, "echo": keys])
        }

        public static func stall(_ how: String = "after-request") -> Answer { Answer(fields: ["stall": how]) }

        public static func bytes(_ count: Int, declared: Bool = true) -> Answer {
            Answer(fields: ["status": 200, "body_size": count, "no_length": !declared])
        }

        public var jsonObject: [String: Any] {
            var object: [String: Any] = [:]
            for (key, value) in fields {
                if key == "json_text", let text = value as? String {
                    object["json"] = try? JSONSerialization.jsonObject(
                        with: Data(text.utf8),
                        options: [.fragmentsAllowed]
                    )
                } else {
                    object[key] = value
                }
            }
            return object
        }
    }

    /// How the server runs.
    public struct Options: Sendable {
        public var routes: [String: [Answer]] = [:]
        public var mode = "serve"
        public var certificate: (certificate: String, key: String)?
        /// Paths that honour the `Idempotency-Key` header as Mastodon does: a key that already got
        /// a 2xx answer there gets that answer again (see ``Received/replayed``).
        public var idempotentRoutes: [String] = []

        /// A server answering `routes` (path without query to answers), in `mode` (`serve`,
        /// `no-accept`, `silent`), over TLS with `certificate` when given, replaying the answer to
        /// a repeated `Idempotency-Key` on `idempotentRoutes`.
        public init(
            routes: [String: [Answer]] = [:],
            mode: String = "serve",
            certificate: (certificate: String, key: String)? = nil,
            idempotentRoutes: [String] = []
        ) {
            self.routes = routes
            self.mode = mode
            self.certificate = certificate
            self.idempotentRoutes = idempotentRoutes
        }
    }

    /// A request the server received.
    public struct Received: Sendable {
        public var method: String
        public var path: String
        public var headers: [(String, String)]
        public var body: [UInt8]
        public var bodySHA256: String
        /// Multipart parts: name, filename, content_type, size, sha256, value (for fields).
        public var parts: [[String: String]]
        /// True when the server answered with the stored answer of an `Idempotency-Key` it had
        /// seen (an idempotent route): a repeat, not a new post.
        public var replayed: Bool = false
        /// When the server read it, seconds since 1970.
        public var time: Double = 0

        public func header(_ name: String) -> String? { headers.first { $0.0.lowercased() == name.lowercased() }?.1 }
    }

    public let port: Int
    let process: BackgroundProcess
    let folder: TemporaryFolder

    private init(port: Int, process: BackgroundProcess, folder: TemporaryFolder) {
        self.port = port
        self.process = process
        self.folder = folder
    }

    static var script: String { "\(PackageRoot.path)/Tests/TestSupport/http-server.py" }
    static let python = "/usr/bin/python3"

    /// `http://127.0.0.1:PORT` (or `https://localhost:PORT` with a certificate).
    public var origin: String { "http://127.0.0.1:\(port)" }

    /// Runs `body` with a fresh server, then stops it.
    public static func with<R>(
        _ options: Options = Options(),
        _ body: (HTTPTestServer) async throws -> R
    ) async throws -> R {
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

    public struct StartFailure: Error, CustomStringConvertible { public var description: String }

    private static func start(_ options: Options) async throws -> HTTPTestServer {
        let folder = TemporaryFolder("http")
        let routes = options.routes.mapValues { $0.map(\.jsonObject) }
        let scriptData = try JSONSerialization.data(withJSONObject: [
            "routes": routes, "idempotent": options.idempotentRoutes,
        ])
        let scriptPath = try folder.write(scriptData, named: "script.json")
        var arguments = [
            script, "--port-file", folder.file("port"), "--log", folder.file("requests.jsonl"), "--script", scriptPath,
            "--mode", options.mode,
        ]
        if let certificate = options.certificate {
            arguments += ["--tls-cert", certificate.certificate, "--tls-key", certificate.key]
        }
        let process = try await BackgroundProcess.start(
            python,
            arguments: arguments,
            logPath: folder.file("server.log")
        )
        let clock = ContinuousClock()
        let deadline = clock.now + .seconds(60)
        while clock.now < deadline {
            if let text = folder.read("port").map({ String(decoding: $0, as: UTF8.self) }), let port = Int(text) {
                return HTTPTestServer(port: port, process: process, folder: folder)
            }
            guard process.isRunning else { break }
            try await Task.sleep(for: .milliseconds(20))
        }
        let log = folder.read("server.log").map { String(decoding: $0, as: UTF8.self) } ?? ""
        await process.stop()
        throw StartFailure(description: "the HTTP test server did not start: \(log.suffix(600))")
    }

    /// Every request received so far, in order.
    public var received: [Received] {
        let text = folder.read("requests.jsonl").map { String(decoding: $0, as: UTF8.self) } ?? ""
        return text.split(separator: "\n").compactMap { line in
            guard let object = try? JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any] else {
                return nil
            }
            let headers = (object["headers"] as? [[String]] ?? []).compactMap { $0.count == 2 ? ($0[0], $0[1]) : nil }
            let parts = (object["parts"] as? [[String: Any]] ?? []).map { part in
                part.mapValues { "\($0)" }
            }
            return Received(
                method: object["method"] as? String ?? "",
                path: object["path"] as? String ?? "",
                headers: headers,
                body: Array(Data(base64Encoded: object["body"] as? String ?? "") ?? Data()),
                bodySHA256: object["body_sha256"] as? String ?? "",
                parts: parts,
                replayed: object["replayed"] as? Bool ?? false,
                time: object["time"] as? Double ?? 0
            )
        }
    }

    /// Everything the server logged (its stdout and stderr).
    public var log: String { folder.read("server.log").map { String(decoding: $0, as: UTF8.self) } ?? "" }
}
