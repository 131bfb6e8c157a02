import ProcessRunning
import ShareCore

/// Runs a ``ClipboardPlan``: copies each item with the backend's tool, then reads it back.
///
/// Every command goes through the injected ``CommandRunning`` runner with the configured
/// timeout, so a dead or frozen display server fails the delivery as `transient` instead of
/// hanging it. Each failure becomes a ``ShareError`` whose code tells the router what to do:
/// the tool missing is `unavailable`; a timeout, a failed copy or a failed verification is
/// `transient`; cancellation is `cancelled`.
struct ClipboardWriter {
    var runner: any CommandRunning
    var environment: ShareEnvironment
    var timeout: Duration
    var backend: any ClipboardBackend
    /// The resolved programs and the display server.
    var tools: ClipboardBackendResolution.Tools

    /// One item's bytes: a file the tool reads directly, or bytes written to a private temp file.
    enum Payload {
        /// The attachment's own file, passed as it is; `attachment` reads it back for verification.
        case file(path: String, attachment: ShareAttachment)
        case bytes([UInt8])

        /// What the selection must hold afterwards; reads a file payload.
        func contents() throws(ShareError) -> [UInt8] {
            switch self {
            case .bytes(let bytes): bytes
            case .file(_, let attachment): Array(try attachment.data())
            }
        }
    }

    /// Copies `payload` to `selection` as `type`, writing it to a file in `scratch` first when it
    /// is in memory.
    func copy(
        _ payload: Payload,
        to selection: ClipboardSelection,
        as type: String,
        scratch: PrivateTemporaryDirectory
    ) async throws(ShareError) {
        let path: String
        let input: InputFile
        switch payload {
        case .file(let file, _):
            path = file
            input = .attachment
        case .bytes(let bytes):
            path = try scratch.write(bytes, name: "\(selection.rawValue)-content")
            input = .temporaryCopy
        }
        let command = backend.copyCommand(selection: selection, type: type, path: path)
        _ = try await run(
            command,
            at: tools.copyPath,
            doing: "copying to \(selection.atomName)",
            maxOutput: 64 << 10,
            input: input
        ).get()
    }

    /// Checks that `selection` holds exactly `expected`, read back as `type`.
    ///
    /// Only the read-back runs while all is well; the selection's types are listed only after a
    /// mismatch, to say what went wrong. Some tools (xsel) fork *before* their child takes the
    /// selection, so a check that sees the old owner is repeated (after 4, 8, 15, 15... ms) for
    /// up to ``settleTime`` (and at least five times). xclip asks for the selection before it
    /// forks, but the request may only leave its forked child's X connection a moment later, so
    /// it too can need a second look.
    func verify(_ selection: ClipboardSelection, holds expected: [UInt8], as type: String) async throws(ShareError) {
        let clock = ContinuousClock()
        let deadline = clock.now + min(Self.settleTime, timeout)
        var checks = 0
        while true {
            let mismatch = try await check(selection, holds: expected, as: type)
            guard let mismatch else { return }
            checks += 1
            // At least a few looks even on a machine so loaded that the wait itself overran.
            guard clock.now < deadline || checks < 5 else {
                throw await explain(mismatch, selection: selection, type: type)
            }
            do {
                try await Task.sleep(for: .milliseconds(min(15, 2 << min(checks, 3))))
            } catch {
                throw ShareError(
                    .cancelled,
                    destination: .clipboard,
                    message: "cancelled while verifying \(selection.atomName)"
                )
            }
        }
    }

    /// How long a new owner may take to appear before a mismatch counts.
    static let settleTime: Duration = .seconds(1)

    /// What a failed verification message ends with.
    static let verificationAdvice = "; retry, or pass --no-verify to skip the check"

    /// One check: nil when the selection holds the bytes, the mismatch otherwise.
    ///
    /// - Throws: ``ShareError`` for failures a repeat won't cure: timeouts, cancellation, a missing tool.
    private func check(
        _ selection: ClipboardSelection,
        holds expected: [UInt8],
        as type: String
    ) async throws(ShareError) -> ShareError? {
        let paste = backend.pasteCommand(selection: selection, type: type)
        let readBack = await run(
            paste,
            at: tools.pastePath,
            doing: "reading \(selection.atomName) back",
            maxOutput: expected.count + 1
        )
        let actual: [UInt8]
        switch readBack {
        case .success(let output): actual = output.standardOutput
        case .failure(let error): return try Self.retryable(error)
        }
        guard actual == expected else {
            let size = actual.count > expected.count ? "more than \(expected.count)" : "\(actual.count)"
            return ShareError(
                .transient,
                destination: .clipboard,
                message:
                    "verification failed: \(selection.atomName) holds \(size) bytes that differ from the \(expected.count) copied as \(type) (did another program take it?)\(Self.verificationAdvice)"
            )
        }
        return nil
    }

    /// The final mismatch, reworded when the selection's types show it no longer offers `type`.
    /// Lists the types only here, once verification has given up; keeps `mismatch` when the tool
    /// can't list them or the listing fails.
    private func explain(_ mismatch: ShareError, selection: ClipboardSelection, type: String) async -> ShareError {
        guard let list = backend.listTypesCommand(selection: selection),
            case .success(let listing) = await run(
                list,
                at: tools.pastePath,
                doing: "listing \(selection.atomName)'s types",
                maxOutput: 64 << 10
            )
        else { return mismatch }
        let offered = listing.standardOutput.split(separator: UInt8(ascii: "\n")).map {
            String(decoding: $0, as: UTF8.self).trimmed
        }
        guard !offered.contains(type) else { return mismatch }
        return ShareError(
            .transient,
            destination: .clipboard,
            message:
                "verification failed: \(selection.atomName) offers \(offered.isEmpty ? "nothing" : offered.joined(separator: ", ")), not \(type), right after copying (did another program take it?)\(Self.verificationAdvice)"
        )
    }

    /// A tool that ran and failed (an empty selection makes `xclip -o` exit 1) is worth another
    /// look; anything else is rethrown.
    private static func retryable(_ error: ShareError) throws(ShareError) -> ShareError {
        guard error.underlying is ToolFailure else { throw error }
        return error
    }

    /// Marks errors from a tool that ran and exited unsuccessfully.
    struct ToolFailure: Error, CustomStringConvertible {
        var description: String
    }

    /// Whose file a command reads on stdin, for the message when it can't be opened.
    enum InputFile {
        /// The attachment's own file: gone or unreadable, a retry won't help.
        case attachment
        /// Our private temporary copy: something removed it, a retry writes it again.
        case temporaryCopy
    }

    /// Runs one command with the program at `path` and maps every way it can fail to a ``ShareError``.
    private func run(
        _ command: ClipboardCommand,
        at path: String,
        doing purpose: String,
        maxOutput: Int,
        input: InputFile = .temporaryCopy
    ) async -> Result<ProcessOutput, ShareError> {
        if Task.isCancelled {
            return .failure(ShareError(.cancelled, destination: .clipboard, message: "cancelled before \(purpose)"))
        }
        var variables = environment.variables
        variables.merge(command.environment) { current, _ in current }
        let invocation = ProcessInvocation(
            executable: path,
            arguments: command.arguments,
            environment: variables,
            standardInput: command.standardInput,
            timeout: timeout,
            maxOutput: maxOutput
        )
        let output: ProcessOutput
        do {
            output = try await runner.run(invocation)
        } catch {
            return .failure(failure(error, command: command, path: path, purpose: purpose, input: input))
        }
        if output.cancelled {
            return .failure(ShareError(.cancelled, destination: .clipboard, message: "cancelled while \(purpose)"))
        }
        if output.timedOut {
            return .failure(
                ShareError(
                    .transient,
                    destination: .clipboard,
                    message:
                        "\(command.executable) timed out after \(timeout) \(purpose); is the display server on \(tools.server) responding?"
                )
            )
        }
        guard output.succeeded else {
            let how =
                output.exitStatus.map { "exited with status \($0)" } ?? "was killed by signal \(output.signal ?? 0)"
            let said = output.errorText.isEmpty ? "" : ": \(output.errorText.prefix(300))"
            let message = "\(command.executable) \(how) \(purpose) on \(tools.server)\(said)"
            return .failure(
                ShareError(
                    .transient,
                    destination: .clipboard,
                    message: message,
                    underlying: ToolFailure(description: message)
                )
            )
        }
        return .success(output)
    }

    /// The error for a command the runner could not run.
    private func failure(
        _ error: ProcessRunnerError,
        command: ClipboardCommand,
        path: String,
        purpose: String,
        input: InputFile
    ) -> ShareError {
        switch error.stage {
        case .spawn where error.isNotFound:
            return ShareError(
                .unavailable,
                destination: .clipboard,
                message: backend.kind.notFoundReason(command.executable, at: path),
                underlying: error
            )
        case .standardInput:
            switch input {
            case .attachment:
                return ShareError(
                    .badInput,
                    destination: .clipboard,
                    message: "\(error) \(purpose); was the file moved or deleted after the share was prepared?",
                    underlying: error
                )
            case .temporaryCopy:
                return ShareError(
                    .transient,
                    destination: .clipboard,
                    message:
                        "\(error) \(purpose): the private temporary copy vanished (is something cleaning \(environment["TMPDIR"] ?? "/tmp")?)",
                    underlying: error
                )
            }
        case .spawn, .output:
            return ShareError(.permanent, destination: .clipboard, message: "\(error)", underlying: error)
        }
    }
}
