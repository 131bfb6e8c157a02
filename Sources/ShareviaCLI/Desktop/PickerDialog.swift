import LocalFiles
import ProcessRunning
import ShareCore

/// How `--pick` asks: a zenity or kdialog window, or a prompt on the terminal.
protocol PickerDialog: Sendable {
    /// The destination chosen among `choices` (unavailable ones included), `preselected` checked
    /// at first; nil when the person cancelled.
    func choose(
        _ choices: [PickerChoice],
        preselected: DestinationID?,
        subject: String
    ) async throws(PickerFailure) -> DestinationID?

    /// Tells the person why `choice` can't be used; they are asked again after.
    func explainUnavailable(_ choice: PickerChoice) async throws(PickerFailure)

    /// The share text, starting from `prefill`; nil when the person cancelled.
    func askText(for choice: PickerChoice, prefill: String) async throws(PickerFailure) -> String?
}

/// The picker could not ask: no dialog program and no terminal, or the program failed.
struct PickerFailure: Error {
    var message: String
}

/// Which picker this session gets.
enum PickerDialogs {
    /// How long a dialog may stay open before it counts as cancelled: 30 minutes.
    static let timeout: Duration = .seconds(1800)

    /// `kdialog` when `XDG_CURRENT_DESKTOP` names KDE and it is on `PATH`, else `zenity` on `PATH`
    /// (both only with `DISPLAY` or `WAYLAND_DISPLAY`), else the terminal (``TerminalPrompt``).
    ///
    /// - Throws: ``PickerFailure`` when there is neither a dialog program nor a terminal.
    static func find(environment: ShareEnvironment) throws(PickerFailure) -> any PickerDialog {
        let desktop = environment["DISPLAY"] != nil || environment["WAYLAND_DISPLAY"] != nil
        if desktop {
            let kde = (environment["XDG_CURRENT_DESKTOP"] ?? "").split(separator: ":")
                .contains { $0.uppercased() == "KDE" }
            if kde, let kdialog = environment.executable(named: "kdialog") { return KDialogPicker(program: kdialog) }
            if let zenity = environment.executable(named: "zenity") { return ZenityPicker(program: zenity) }
        }
        if let terminal = TerminalPrompt.open() { return terminal }
        throw PickerFailure(
            message: "--pick found no way to ask: "
                + (desktop
                    ? "neither zenity nor kdialog is on PATH (install zenity)"
                    : "no desktop session (neither DISPLAY nor WAYLAND_DISPLAY is set)")
                + " and there is no terminal; name the destination with --to"
        )
    }

    /// Runs a dialog program through `runner`; its exit status and what it printed.
    static func run(
        runner: any CommandRunning,
        _ program: String,
        _ arguments: [String]
    ) async throws(PickerFailure) -> ProcessOutput {
        var invocation = ProcessInvocation(
            executable: program,
            arguments: arguments,
            timeout: timeout,
            maxOutput: 1 << 20
        )
        invocation.killsProcessGroupOnExit = true
        do {
            return try await runner.run(invocation)
        } catch {
            throw PickerFailure(message: "--pick could not run \(program): \(error)")
        }
    }

    /// What the dialog answered: its first line of output when it exited 0; nil when the person
    /// cancelled (exit 1, a closed window, a timeout).
    ///
    /// - Throws: ``PickerFailure`` when it failed another way.
    static func answer(_ output: ProcessOutput, program: String) throws(PickerFailure) -> String? {
        if output.succeeded {
            var text = String(decoding: output.standardOutput, as: UTF8.self)
            if text.hasSuffix("\n") { text.removeLast() }
            return text
        }
        // zenity and kdialog: 1 Cancel or a closed window; zenity 5: its own timeout.
        if output.exitStatus == 1 || output.exitStatus == 5 || output.timedOut || output.cancelled { return nil }
        let why =
            output.errorText.isEmpty ? "exit status \(output.exitStatus.map(String.init) ?? "?")" : output.errorText
        throw PickerFailure(message: "--pick: \(program) failed: \(ShareNotification.shortened(why, to: 300))")
    }
}
