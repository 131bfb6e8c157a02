import ProcessRunning
import ShareCore

/// Copies a share to the desktop clipboard, with sharevia's own X11 client or a tool (xclip,
/// wl-copy, xsel), and reads it back to check it arrived. Id `clipboard`.
///
/// ## Backends
/// Chosen by ``Configuration/backend``; ``BackendPreference/automatic`` takes the one
/// `SHAREVIA_CLIPBOARD_BACKEND` names, else picks wl-copy when `WAYLAND_DISPLAY` is set and
/// wl-copy is installed (and, when `DISPLAY` is set too, a compositor answers on the socket),
/// else, when `DISPLAY` is set, the built-in X11 client when libxcb.so.1 loads, else xclip, else
/// xsel (text only). Text is offered as `UTF8_STRING` on X11 and
/// `text/plain;charset=utf-8` on Wayland; an image under its own type (`image/png`, `image/jpeg`).
///
/// ## What goes where
/// An image goes to the chosen selection (CLIPBOARD unless ``Configuration/selection`` says `primary`)
/// and the text, when there is any, to the other one; see ``ClipboardPreparation`` for why.
/// Content with only text or only an image uses the chosen selection alone.
///
/// ## Availability
/// ``availability()`` spawns nothing: it reads the environment and `PATH` (and loads libxcb
/// once, for the built-in client), then makes one non-blocking `connect` to the display
/// server's socket (`/tmp/.X11-unix/XN`, abstract and file; the Wayland socket under
/// `XDG_RUNTIME_DIR`). That takes microseconds and tells a live server from a stale socket left
/// by a crashed one, which a `stat` can't; running `xdpyinfo` or `xclip -o` would cost a process
/// and milliseconds. Its reasons: "DISPLAY is not set", "xclip not found (apt-get install
/// xclip)", "no X server answers on :0".
///
/// ## Delivery
/// Whatever owns the selection must outlive this process, so it is a detached child: the
/// built-in client forks one `sharevia-clip` process that serves every item and returns once the
/// X server confirms it owns them (see ``X11ClipboardTransport``); xclip, wl-copy and xsel fork
/// their own. Tools run through a ``CommandRunning`` runner (by default ``ProcessRunner``:
/// `posix_spawn`, descriptors from 3 up closed in the child, returns when the direct child
/// exits) and read the bytes from a file: a file-backed attachment as it is, text and in-memory
/// images from a private temporary folder (0700, files 0600) removed afterwards. Every step has
/// ``Configuration/timeout``, so a share never hangs. Then, unless verification is off, each
/// selection is read back (in process, or with the tool's paste command) and compared byte for
/// byte; only after a mismatch are its types listed, to say whether another program took it. A
/// mismatch is `transient`, so the router retries and then moves on.
///
/// On Wayland, a share that would use PRIMARY first asks the compositor for PRIMARY's types
/// (`wl-paste --primary --list-types`); a compositor without the primary-selection protocol
/// (weston) gets the image on CLIPBOARD and a note that the text was left out, or text alone on
/// CLIPBOARD. A tool that says the compositor has no seat fails as `permanent`, not `transient`.
///
/// ## An attempt that fails leaves nothing behind
/// Every program an attempt runs carries a random tag in its environment (see
/// ``ClipboardAttempt``). When the attempt fails, times out or is cancelled (the cancellation
/// handler runs at once, because the router does not wait for a delivery it gave up on), every
/// process with the tag is killed (through a pidfd, so a reused pid is never hit), including the
/// child xclip or wl-copy forked to own the selection, and so is the built-in X11 client's owner
/// (`sharevia-clip`, which the attempt records); the temporary folder is removed, and the error
/// says when a selection it had taken was withdrawn. An ended attempt starts no more programs.
///
/// ## Selection and verification
/// ``Configuration/selection`` (CLIPBOARD or PRIMARY) and ``Configuration/verify`` choose where
/// the main item goes and whether it is read back; `prepare` records them in the plan that
/// `deliver` acts on.
///
/// ```swift
/// let clipboard = ClipboardDestination(environment: ShareEnvironment(ProcessInfo.processInfo.environment))
/// let router = ShareRouter(registry: try DestinationRegistry([clipboard, fileExport]))
/// let report = try await router.share(card, via: FallbackChain(["clipboard", "file"]))
/// ```
public struct ClipboardDestination: ShareDestination {
    /// The clipboard's descriptor, the same for every instance: a registry can list it without
    /// building the destination.
    public static let standardDescriptor = DestinationDescriptor(
        id: .clipboard,
        displayName: "Clipboard",
        summary:
            "Copies the image to the clipboard and the text to the primary selection (built-in X11 client, xclip, wl-copy or xsel), then reads them back to check.",
        capabilities: [.text, .link, .hashtags, .image],
        imageConstraints: .init(mimeTypes: ["image/png", "image/jpeg"])
    )

    public var descriptor: DestinationDescriptor { Self.standardDescriptor }

    /// How to copy.
    public var configuration: Configuration
    /// Where `DISPLAY`, `WAYLAND_DISPLAY`, `XDG_RUNTIME_DIR`, `PATH`, `TMPDIR` and
    /// `SHAREVIA_CLIPBOARD_BACKEND` are read from; also the environment the clipboard tools run with.
    public var environment: ShareEnvironment
    /// What runs the clipboard tools.
    public var runner: any CommandRunning
    /// Why libxcb can't be loaded, or nil; tests stand in a missing library.
    var x11Library: @Sendable () -> String? = X11SelectionClient.libraryProblem

    /// Creates the destination.
    ///
    /// - Parameters:
    ///   - configuration: Selection, verification, timeout and backend; all defaulted.
    ///   - environment: The environment to read and to run the tools with.
    ///   - runner: What runs the tools; tests pass a double or a fault-injecting wrapper.
    public init(
        configuration: Configuration = Configuration(),
        environment: ShareEnvironment,
        runner: any CommandRunning = ProcessRunner()
    ) {
        self.configuration = configuration
        self.environment = environment
        self.runner = runner
    }

    /// Whether a way to the clipboard and a display server are there; see "Availability" above.
    public func availability() async -> Availability {
        resolution.availability()
    }

    /// Plans which bytes go to which selection with which tool. Spawns nothing.
    ///
    /// - Throws: ``ShareError``: `contentRejected` for content it can't carry (a non-image file,
    ///   two images, an image with only a text-only tool).
    public func prepare(_ request: ShareRequest) throws(ShareError) -> PreparedShare {
        try requireSupported(request.content)
        return try ClipboardPreparation.prepare(request, configuration: configuration, resolution: resolution)
    }

    /// Copies what ``prepare(_:)`` planned and verifies it when the plan says so.
    ///
    /// - Throws: ``ShareError``: `unavailable` when the tool or libxcb is missing, `transient` on a timeout,
    ///   a failed copy, a failed verification or a vanished temporary file, `badInput` when the
    ///   attachment's own file can't be read, `cancelled` when the task is cancelled,
    ///   `permanent` when the prepared share holds another destination's plan or a temp file
    ///   can't be written.
    public func deliver(_ prepared: PreparedShare) async throws(ShareError) -> DeliveryReceipt {
        guard !Task.isCancelled else {
            throw ShareError(.cancelled, destination: id, message: "cancelled before copying")
        }
        let plan = try prepared.plan(as: ClipboardPlan.self, for: id)
        let attempt = ClipboardAttempt(temporaryParent: environment["TMPDIR"] ?? "/tmp")
        // The router does not wait for a delivery it gave up on, so the handler undoes the
        // attempt at once, before the process can exit with a copy still running.
        let result: Result<DeliveryReceipt, ShareError> = await withTaskCancellationHandler {
            do throws(ShareError) {
                return .success(try await deliver(plan, of: prepared, attempt: attempt))
            } catch {
                return .failure(error)
            }
        } onCancel: {
            attempt.abandon()
        }
        switch result {
        case .success(let receipt):
            guard attempt.commit() else {
                throw ShareError(
                    .cancelled,
                    destination: id,
                    message: "cancelled while copying; the copy was withdrawn"
                )
            }
            return receipt
        case .failure(let error):
            throw Self.reporting(attempt.abandon(), in: error)
        }
    }

    /// Copies and verifies under one attempt; the caller ends the attempt.
    private func deliver(
        _ planned: ClipboardPlan,
        of prepared: PreparedShare,
        attempt: ClipboardAttempt
    ) async throws(ShareError) -> DeliveryReceipt {
        var plan = planned
        let resolution = ClipboardBackendResolution.resolve(plan.backend, in: environment, x11Library: x11Library)
        let tools: ClipboardBackendResolution.Tools
        switch resolution.readiness {
        case .success(let found): tools = found
        case .failure(let problem): throw ShareError(.unavailable, destination: id, message: problem.reason)
        }
        let transport = try self.transport(for: plan.backend, tools: tools, attempt: attempt, verify: plan.verify)
        var notes: [String] = []
        if plan.backend == .wlCopy, let tool = transport as? ToolClipboardTransport,
            let fallback = plan.withoutPrimarySelection(server: tools.server),
            try await !tool.offersPrimarySelection()
        {
            plan = fallback.plan
            notes.append(fallback.note)
        }
        let entries = try zip(plan.items, payloads(for: plan, of: prepared)).map(ClipboardEntry.init)
        try await transport.copy(entries)
        if plan.verify {
            let verifier = ClipboardVerifier(transport: transport, timeout: configuration.timeout)
            for entry in entries {
                try await verifier.verify(
                    entry.item.selection,
                    holds: try entry.payload.contents(),
                    as: entry.item.type
                )
            }
        }
        let layout = plan.describe(
            imageName: prepared.attachments.first?.fileName,
            textBytes: prepared.text?.utf8.count ?? 0,
            server: tools.server
        )
        let noted = notes.map { "; \($0)" }.joined()
        return DeliveryReceipt(
            destination: id,
            summary: "copied \(layout)\(plan.verify ? ", verified" : "")\(noted)",
            locations: plan.items.map { "\($0.selection.atomName) (\($0.type))" }
        )
    }

    /// `error`, saying what undoing the attempt did to the selections it had taken.
    private static func reporting(_ ending: ClipboardAttempt.Ending, in error: ShareError) -> ShareError {
        guard case .abandoned(let killed, let withdrawn) = ending, killed > 0 else { return error }
        var error = error
        if withdrawn.isEmpty {
            error.message += "; stopped the clipboard tool before it took a selection"
        } else {
            let names = withdrawn.map(\.atomName).joined(separator: " and ")
            error.message +=
                "; withdrew the copy, so \(names) no longer \(withdrawn.count == 1 ? "holds" : "hold") the share (what was there before the copy is gone too)"
        }
        return error
    }

    // MARK: - Helpers

    private var resolution: ClipboardBackendResolution {
        ClipboardBackendResolution.resolve(configuration.backend, in: environment, x11Library: x11Library)
    }

    /// The transport for a resolved backend: the built-in client, or the tool's programs.
    private func transport(
        for kind: ClipboardBackendKind,
        tools: ClipboardBackendResolution.Tools,
        attempt: ClipboardAttempt,
        verify: Bool
    ) throws(ShareError) -> any ClipboardTransport {
        if let tool = kind.tool, let programs = tools.programs {
            return ToolClipboardTransport(
                runner: runner,
                environment: environment,
                timeout: configuration.timeout,
                attempt: attempt,
                tool: tool,
                programs: programs,
                server: tools.server
            )
        }
        // Only the x11 kind resolves without programs, and only on an X11 server.
        guard case .x11(let display) = tools.server else {
            throw ShareError(.permanent, destination: id, message: "the built-in X11 client can't use \(tools.server)")
        }
        return X11ClipboardTransport(
            display: display,
            timeout: configuration.timeout,
            readsBack: verify,
            attempt: attempt
        )
    }

    /// Each item's bytes, in order; the text is encoded once however many items use it.
    private func payloads(
        for plan: ClipboardPlan,
        of prepared: PreparedShare
    ) throws(ShareError) -> [ClipboardPayload] {
        let text = Array((prepared.text ?? "").utf8)
        return try plan.items.map { item throws(ShareError) in
            switch item.source {
            case .text:
                return .bytes(text)
            case .attachment:
                guard let attachment = prepared.attachments.first else {
                    throw ShareError(
                        .permanent,
                        destination: id,
                        message: "the prepared share names an image but carries none"
                    )
                }
                // Bytes a destination before this one read are copied from memory: the file is
                // read once per share, and the bytes copied are the bytes that were checked.
                if let held = attachment.bytesInMemory { return .bytes(Array(held)) }
                switch attachment.source {
                case .file(let path): return .file(path: path, attachment: attachment)
                case .bytes(let data): return .bytes(Array(data))
                }
            }
        }
    }
}
