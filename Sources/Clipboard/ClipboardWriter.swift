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
    var copyPath: String
    var pastePath: String
    /// The display, for messages: `:0` or `wayland-0`.
    var server: String

    /// One item's bytes: a file the tool reads directly, or bytes written to a private temp file.
    enum Payload {
        case file(path: String)
        case bytes([UInt8])
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
        switch payload {
        case .file(let file): path = file
        case .bytes(let bytes): path = try scratch.write(bytes, name: "\(selection.rawValue)-content")
        }
        let command = backend.copyCommand(selection: selection, type: type, path: path)
        _ = try await run(command, doing: "copying to \(selection.atomName)", maxOutput: 64 << 10).get()
    }

    /// Checks that `selection` offers `type` and holds exactly `expected`.
    ///
    /// The type listing and the read-back run side by side, so a check costs one round trip of
    /// wall time. Some tools (xsel) fork *before* their child takes the selection, so a check
    /// that sees the old owner is repeated (after 4, 8, 15, 15... ms) for up to ``settleTime`` (and at least five
    /// times). xclip asks for the selection before it forks, but the request may only leave its
    /// forked child's X connection a moment later, so it too can need a second look.
    func verify(_ selection: ClipboardSelection, holds expected: [UInt8], as type: String) async throws(ShareError) {
        let clock = ContinuousClock()
        let deadline = clock.now + min(settleTime, timeout)
        var checks = 0
        while true {
            let mismatch = try await check(selection, holds: expected, as: type)
            guard let mismatch else { return }
            checks += 1
            // At least a few looks even on a machine so loaded that the wait itself overran.
            guard clock.now < deadline || checks < 5 else { throw mismatch }
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
    var settleTime: Duration = .seconds(1)

    /// One check: nil when the selection holds the bytes, the mismatch otherwise.
    ///
    /// - Throws: ``ShareError`` for failures a repeat won't cure: timeouts, cancellation, a missing tool.
    private func check(
        _ selection: ClipboardSelection,
        holds expected: [UInt8],
        as type: String
    ) async throws(ShareError) -> ShareError? {
        let paste = backend.pasteCommand(selection: selection, type: type)
        let readBack: Result<ProcessOutput, ShareError>
        if let list = backend.listTypesCommand(selection: selection) {
            async let types = run(list, doing: "listing \(selection.atomName)'s types", maxOutput: 64 << 10)
            async let content = run(paste, doing: "reading \(selection.atomName) back", maxOutput: expected.count + 1)
            let (listed, read) = await (types, content)
            let listing: ProcessOutput
            switch listed {
            case .success(let output): listing = output
            case .failure(let error): return try Self.retryable(error)
            }
            let offered = listing.standardOutput.split(separator: UInt8(ascii: "\n")).map {
                String(decoding: $0, as: UTF8.self).trimmed
            }
            guard offered.contains(type) else {
                return ShareError(
                    .transient,
                    destination: .clipboard,
                    message:
                        "verification failed: \(selection.atomName) offers \(offered.isEmpty ? "nothing" : offered.joined(separator: ", ")), not \(type), right after copying (did another program take it?)"
                )
            }
            readBack = read
        } else {
            readBack = await run(paste, doing: "reading \(selection.atomName) back", maxOutput: expected.count + 1)
        }
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
                    "verification failed: \(selection.atomName) holds \(size) bytes that differ from the \(expected.count) copied as \(type) (did another program take it?)"
            )
        }
        return nil
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

    /// Runs one command and maps every way it can fail to a ``ShareError``.
    private func run(
        _ command: ClipboardCommand,
        doing purpose: String,
        maxOutput: Int
    ) async -> Result<ProcessOutput, ShareError> {
        if Task.isCancelled {
            return .failure(ShareError(.cancelled, destination: .clipboard, message: "cancelled before \(purpose)"))
        }
        let executable = command.executable == backend.copyExecutable ? copyPath : pastePath
        var variables = environment.variables
        if backend.kind == .xsel, environment["HOME"] == nil {
            variables["HOME"] = "/"  // xsel exits at once without HOME; it only uses it for its log.
        }
        let invocation = ProcessInvocation(
            executable: executable,
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
            let code: ShareError.Code = error.isNotFound ? .unavailable : .permanent
            let message =
                error.isNotFound
                ? "\(command.executable) not found at \(executable) (apt-get install \(backend.kind.package))"
                : "\(error)"
            return .failure(ShareError(code, destination: .clipboard, message: message, underlying: error))
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
                    .transient,
                    destination: .clipboard,
                    message: message,
                    underlying: ToolFailure(description: message)
                )
            )
        }
        return .success(output)
    }
}
