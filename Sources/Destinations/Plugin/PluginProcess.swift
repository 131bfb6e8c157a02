import ProcessRunning
import ShareCore

#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// Runs one plugin operation: one process, one JSON object in, one JSON object out.
///
/// The plugin gets no shell, an explicit minimal environment (``environment(from:temporaryFolder:)``),
/// its own process group (killed whole at the deadline, grandchildren included), and stdout read
/// concurrently with stderr and capped at ``PluginProtocol/maxOutputBytes``. Whatever it does
/// (crash, hang, exit non-zero, print invalid JSON, two objects, a flood) comes back as a
/// ``ShareError`` for the router, never as a crash or a hang of sharevia.
package struct PluginProcess: Sendable {
    /// The plugin's executable, an absolute path.
    package var path: String
    /// The destination id it serves, for errors.
    package var id: DestinationID
    /// Runs the process.
    package var runner: any CommandRunning
    /// Sees every message sent and received (tests validate them against the schemas).
    package var transcript: PluginTranscript?
    /// Takes known secrets out of the errors and logs this process makes.
    package var redactor: SecretRedactor

    package init(
        path: String,
        id: DestinationID,
        runner: any CommandRunning,
        transcript: PluginTranscript? = nil,
        redactor: SecretRedactor = SecretRedactor([])
    ) {
        self.path = path
        self.id = id
        self.runner = runner
        self.transcript = transcript
        self.redactor = redactor
    }

    /// The environment a plugin runs with: `PATH`, `HOME`, `LANG`, `LC_ALL`, `TZ` from ours
    /// (when set), `TMPDIR` and `SHAREVIA_PLUGIN_PROTOCOL`. Nothing else: no credentials.
    package static func environment(from environment: ShareEnvironment, temporaryFolder: String) -> [String: String] {
        var variables = [
            "PATH": environment["PATH"] ?? "/usr/local/bin:/usr/bin:/bin",
            "LANG": environment["LANG"] ?? "C.UTF-8",
            "TMPDIR": temporaryFolder,
            "SHAREVIA_PLUGIN_PROTOCOL": String(PluginProtocol.supportedVersions.upperBound),
        ]
        for name in ["HOME", "LC_ALL", "TZ"] {
            if let value = environment[name] { variables[name] = value }
        }
        return variables
    }

    /// Runs `operation` with `request` on stdin and decodes the one JSON object it prints.
    ///
    /// - Parameters:
    ///   - timeout: How long the process may run.
    ///   - limit: The whole limit of the operation, for messages, when `timeout` is what is left of it.
    /// - Throws: ``ShareError``: `transient` when it timed out, `cancelled` when the task was,
    ///   `permanent` for anything else it did wrong; the message names the plugin and the rule.
    package func run<Request: Encodable, Answer: Decodable>(
        _ operation: PluginProtocol.Operation,
        request: Request,
        as answer: Answer.Type,
        environment: [String: String],
        timeout: Duration,
        limit: Duration? = nil
    ) async throws(ShareError) -> Exchange<Answer> {
        let input: [UInt8]
        do {
            input = Array(try Self.encoder.encode(request))
        } catch {
            throw failure(.permanent, "could not encode its \(operation) request: \(error)")
        }
        transcript?.record(operation: operation, direction: .request, json: input)
        var invocation = ProcessInvocation(
            executable: path,
            arguments: [operation.rawValue],
            environment: environment,
            standardInput: .bytes(input),
            timeout: timeout,
            maxOutput: PluginProtocol.maxOutputBytes + 1
        )
        // Nothing the plugin starts outlives it, and an answer counts once it is complete.
        invocation.killsProcessGroupOnExit = true
        invocation.answerGracePeriod = Self.answerGracePeriod
        let output: ProcessOutput
        do {
            output = try await runner.run(invocation)
        } catch {
            throw failure(.unavailable, "could not be started: \(error)")
        }
        var log = Self.logTail(output.standardError)
        if output.answeredThenLingered {
            let note =
                "(sharevia: the plugin answered but had not exited \(Self.answerGracePeriod.formatted) later; it was stopped with its process group)"
            log = [log, note].compactMap { $0 }.joined(separator: "\n")
        }
        if output.cancelled { throw failure(.cancelled, "\(operation) was cancelled", log: log) }
        if output.timedOut {
            throw failure(
                .transient,
                "gave no answer to \(operation) within \((limit ?? timeout).formatted); it was killed with its process group",
                log: log
            )
        }
        if let signal = output.signal {
            throw failure(.permanent, "crashed during \(operation) (signal \(signal))", log: log)
        }
        guard output.standardOutput.count <= PluginProtocol.maxOutputBytes else {
            throw failure(
                .permanent,
                "printed more than \(PluginProtocol.maxOutputBytes / 1024) KiB on stdout during \(operation); a plugin prints one JSON object",
                log: log
            )
        }
        let object: ArraySlice<UInt8>
        switch JSONObjectScanner.single(in: output.standardOutput) {
        case .object(let bytes): object = bytes
        case .empty:
            let status = output.exitStatus.map { "exited with status \($0)" } ?? "exited"
            throw failure(.permanent, "\(status) during \(operation) without printing its JSON answer", log: log)
        case .notAnObject:
            throw failure(.permanent, "printed something that is not a JSON object during \(operation)", log: log)
        case .trailing:
            throw failure(
                .permanent,
                "printed more than one JSON object (or text after it) during \(operation); the protocol allows exactly one",
                log: log
            )
        }
        let decoded: Answer
        do {
            decoded = try JSONDecoder().decode(Answer.self, from: Data(object))
        } catch DecodingError.dataCorrupted(let context) where context.codingPath.isEmpty {
            throw failure(.permanent, "printed invalid JSON during \(operation)", log: log)
        } catch {
            throw failure(
                .permanent,
                "answered \(operation) with JSON that does not follow protocol v1: \(Self.describe(error))",
                log: log
            )
        }
        transcript?.record(operation: operation, direction: .answer, json: Array(object))
        return Exchange(
            answer: decoded,
            exitStatus: output.exitStatus ?? -1,
            log: redactor.redact(log),
            lingered: output.answeredThenLingered
        )
    }

    /// What a plugin answered, with its exit status and log.
    package struct Exchange<Answer: Sendable>: Sendable {
        package var answer: Answer
        package var exitStatus: Int
        package var log: String?
        /// True when it answered but did not exit; its exit status then says nothing.
        package var lingered = false

        /// Whether the exit status backs up an answer that wants `expected`; a plugin that
        /// lingered was stopped, so its answer stands alone.
        package func exitStatusAgrees(with expected: Int) -> Bool { lingered || exitStatus == expected }
    }

    /// How long a plugin may take to exit after printing a complete answer before it is stopped.
    package static let answerGracePeriod = Duration.milliseconds(500)

    /// An error about this plugin.
    package func failure(_ code: ShareError.Code, _ message: String, log: String? = nil) -> ShareError {
        var error = ShareError(code, destination: id, message: redactor.redact("plugin \(path) \(message)"))
        error.log = redactor.redact(log)
        return error
    }

    private static var encoder: JSONEncoder {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        return encoder
    }

    /// The last ``PluginProtocol/maxLogBytes`` of stderr as text, or nil when it wrote nothing.
    static func logTail(_ bytes: [UInt8]) -> String? {
        guard !bytes.isEmpty else { return nil }
        let tail = bytes.suffix(PluginProtocol.maxLogBytes)
        let text = String(decoding: tail, as: UTF8.self)
        return (tail.count < bytes.count ? "…" : "") + String(text.trimmingWhitespace())
    }

    /// A decoding error in one line: the key path and what was wrong.
    private static func describe(_ error: any Error) -> String {
        guard let error = error as? DecodingError else { return "\(error)" }
        func path(_ context: DecodingError.Context) -> String {
            let keys = context.codingPath.map { $0.intValue.map { "[\($0)]" } ?? $0.stringValue }
            return keys.isEmpty ? "" : " at '\(keys.joined(separator: "."))'"
        }
        switch error {
        case .keyNotFound(let key, let context): return "missing '\(key.stringValue)'\(path(context))"
        case .typeMismatch(_, let context), .valueNotFound(_, let context), .dataCorrupted(let context):
            return "\(context.debugDescription)\(path(context))"
        @unknown default: return "\(error)"
        }
    }
}
