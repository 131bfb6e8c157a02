import ProcessRunning
import ShareCore

/// A ``ClipboardTransport`` that runs a command-line tool (xclip, wl-copy, xsel): one copy
/// command per item, one paste command per read.
///
/// Every command goes through the injected ``CommandRunning`` runner with the configured
/// timeout, so a dead or frozen display server fails the delivery as `transient` instead of
/// hanging it. The tool reads the bytes from a file: a file-backed attachment as it is, anything
/// else from a private temporary copy that is removed as soon as the tool has read it.
///
/// Every command runs with the ``attempt``'s tag in its environment, so what it forks can be
/// killed when the attempt fails; the attempt also owns the temporary files. A tool that says the
/// display server lacks what it needs (wl-copy's "Missing a seat", "does not seem to support
/// primary selection") fails as `permanent`: a retry can't cure it.
struct ToolClipboardTransport: ClipboardTransport {
    var runner: any CommandRunning
    var environment: ShareEnvironment
    var timeout: Duration
    /// The attempt this transport copies for.
    var attempt: ClipboardAttempt
    var tool: any ClipboardBackend
    /// The tool's programs.
    var programs: ClipboardBackendResolution.Programs
    /// The display server, for messages.
    var server: ClipboardBackendResolution.Server

    func copy(_ entries: [ClipboardEntry]) async throws(ShareError) {
        defer { attempt.removeTemporaryFiles() }
        for entry in entries {
            try await copy(entry.payload, to: entry.item.selection, as: entry.item.type)
            // The tool has read the file; drop the private copy at once.
            attempt.removeTemporaryFiles()
            attempt.recordCopy(to: entry.item.selection)
        }
    }

    /// Copies `payload` to `selection` as `type`, writing it to a private temporary file first
    /// when it is in memory.
    private func copy(
        _ payload: ClipboardPayload,
        to selection: ClipboardSelection,
        as type: String
    ) async throws(ShareError) {
        let path: String
        let input: InputFile
        switch payload {
        case .file(let file, _):
            path = file
            input = .attachment
        case .bytes(let bytes):
            path = try attempt.writeTemporary(bytes, name: "\(selection.rawValue)-content")
            input = .temporaryCopy
        }
        let command = tool.copyCommand(selection: selection, type: type, path: path)
        _ = try await run(
            command,
            at: programs.copyPath,
            doing: "copying to \(selection.atomName)",
            maxOutput: 64 << 10,
            input: input
        ).get()
    }

    func read(
        _ selection: ClipboardSelection,
        as type: String,
        maxBytes: Int
    ) async throws(ShareError) -> Result<[UInt8], ShareError> {
        let readBack = await run(
            tool.pasteCommand(selection: selection, type: type),
            at: programs.pastePath,
            doing: "reading \(selection.atomName) back",
            maxOutput: maxBytes + 1
        )
        switch readBack {
        case .success(let output): return .success(output.standardOutput)
        // A tool that ran and failed (an empty selection makes `xclip -o` exit 1) is worth
        // another look; anything else is rethrown.
        case .failure(let error) where error.underlying is ToolFailure && error.code == .transient:
            return .failure(error)
        case .failure(let error): throw error
        }
    }

    func offeredTypes(_ selection: ClipboardSelection) async -> [String]? {
        guard let list = tool.listTypesCommand(selection: selection),
            case .success(let listing) = await run(
                list,
                at: programs.pastePath,
                doing: "listing \(selection.atomName)'s types",
                maxOutput: 64 << 10
            )
        else { return nil }
        return listing.standardOutput.split(separator: UInt8(ascii: "\n")).map {
            String(String(decoding: $0, as: UTF8.self).trimmingWhitespace())
        }
    }

    /// What tools print when the display server lacks something a retry won't bring: wl-copy
    /// and wl-paste on a compositor without a seat or without the primary-selection protocol.
    static let permanentFailures = [noSeat, noPrimarySelection]
    static let noSeat = "Missing a seat"
    static let noPrimarySelection = "does not seem to support primary selection"

    /// Whether a tool's error output says a retry can't help.
    static func isPermanent(_ errorText: String) -> Bool {
        permanentFailures.contains { errorText.contains($0) }
    }

    /// Whether the display server offers a primary selection: false only when the tool says it
    /// does not (weston has no primary-selection protocol); true when the tool can't list types.
    ///
    /// - Throws: ``ShareError`` when the server can't be asked: a timeout, no seat, cancellation.
    func offersPrimarySelection() async throws(ShareError) -> Bool {
        guard let list = tool.listTypesCommand(selection: .primary) else { return true }
        switch await run(list, at: programs.pastePath, doing: "asking for PRIMARY's types", maxOutput: 64 << 10) {
        case .success: return true
        case .failure(let error) where error.message.contains(Self.noPrimarySelection): return false
        case .failure(let error) where error.code == .transient && error.underlying is ToolFailure:
            return true  // an empty PRIMARY ("No selection")
        case .failure(let error): throw error
        }
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
        // An ended attempt starts nothing more: its teardown may already have looked for tagged
        // processes. (One whose spawn is under way then is killed once it runs: the gate.)
        if Task.isCancelled || !attempt.mayStart() {
            return .failure(ShareError(.cancelled, destination: .clipboard, message: "cancelled before \(purpose)"))
        }
        var variables = environment.variables
        variables.merge(command.environment) { current, _ in current }
        variables[ClipboardAttempt.tagVariable] = attempt.tag
        var invocation = ProcessInvocation(
            executable: path,
            arguments: command.arguments,
            environment: variables,
            standardInput: command.standardInput,
            timeout: timeout,
            maxOutput: maxOutput
        )
        invocation.gate = attempt.gate
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
                        "\(command.executable) timed out after \(timeout) \(purpose); is the display server on \(server) responding?"
                )
            )
        }
        guard output.succeeded else {
            let how =
                output.exitStatus.map { "exited with status \($0)" } ?? "was killed by signal \(output.signal ?? 0)"
            let said = output.errorText.isEmpty ? "" : ": \(output.errorText.prefix(300))"
            let message = "\(command.executable) \(how) \(purpose) on \(server)\(said)"
            return .failure(
                ShareError(
                    Self.isPermanent(output.errorText) ? .permanent : .transient,
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
                message: tool.kind.notFoundReason(command.executable, at: path),
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
