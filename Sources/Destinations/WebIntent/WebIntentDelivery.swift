import LocalFiles
import ProcessRunning
import ShareCore

/// How a web intent is delivered: opened with `xdg-open` in a desktop session, printed otherwise.
struct WebIntentDelivery: Sendable {
    /// `xdg-open`'s path when a desktop session (`DISPLAY` or `WAYLAND_DISPLAY`) exists.
    let opener: String?
    /// Whether `DISPLAY` or `WAYLAND_DISPLAY` is set.
    let desktop: Bool
    let runner: any CommandRunning
    let timeout: Duration
    let wording: Wording

    /// What the receipts call the URL and what they ask the person to do.
    struct Wording: Sendable {
        /// `intent URL`, `sms: URI`.
        var noun = "intent URL"
        /// The next step when the URL was printed, before the URL.
        var printedNextStep = "open this URL to post"
        /// The next step when the URL was opened, before the URL in parentheses.
        var openedNextStep = "finish the post in your browser"
    }

    init(
        environment: ShareEnvironment,
        runner: any CommandRunning,
        timeout: Duration = .seconds(10),
        wording: Wording = Wording()
    ) {
        desktop = environment["DISPLAY"] != nil || environment["WAYLAND_DISPLAY"] != nil
        opener = desktop ? environment.executable(named: "xdg-open") : nil
        self.runner = runner
        self.timeout = timeout
        self.wording = wording
    }

    /// The availability note: how delivery will happen.
    var note: String {
        if opener != nil { return "opens the URL with xdg-open" }
        return desktop
            ? "prints the URL (xdg-open is not on PATH; install xdg-utils to open it in a browser)"
            : "prints the URL (no desktop session: neither DISPLAY nor WAYLAND_DISPLAY is set)"
    }

    /// Opens or prints the URL; either way the share is handed off, since a person still has to post.
    func deliver(_ url: String, destination: DestinationID) async throws(ShareError) -> DeliveryReceipt {
        if Task.isCancelled {
            throw ShareError(
                .cancelled,
                destination: destination,
                message: "cancelled before opening the \(wording.noun)"
            )
        }
        let nextStep = "\(wording.printedNextStep): \(url)"
        guard let opener else {
            return .handedOff(
                destination: destination,
                summary: "printed the \(wording.noun)",
                nextStep: nextStep,
                locations: [url]
            )
        }
        let output: ProcessOutput
        do {
            output = try await runner.run(ProcessInvocation(executable: opener, arguments: [url], timeout: timeout))
        } catch {
            throw ShareError(
                error.isNotFound ? .unavailable : .permanent,
                destination: destination,
                message: "can't run xdg-open; open this URL yourself: \(url)",
                underlying: error
            )
        }
        if output.cancelled {
            throw ShareError(
                .cancelled,
                destination: destination,
                message: "cancelled while opening the \(wording.noun)"
            )
        }
        if output.timedOut {
            throw ShareError(
                .transient,
                destination: destination,
                message: "xdg-open did not finish in time; open this URL yourself: \(url)"
            )
        }
        guard output.succeeded else {
            // xdg-open: 1 bad syntax, 2 file not found, 3 no handler tool, 4 the action failed.
            let code: ShareError.Code = output.exitStatus == 4 ? .transient : .permanent
            let detail =
                output.errorText.isEmpty ? "exit status \(output.exitStatus.map(String.init) ?? "?")" : output.errorText
            throw ShareError(
                code,
                destination: destination,
                message: "xdg-open failed (\(detail)); open this URL yourself: \(url)"
            )
        }
        return .handedOff(
            destination: destination,
            summary: "opened the \(wording.noun) with xdg-open",
            nextStep: "\(wording.openedNextStep) (\(url))",
            locations: [url]
        )
    }
}
