import ProcessRunning
import ShareCore

/// `--pick` through KDE's kdialog: a radio list (each row `Name: status`), a "sorry" box for an
/// unavailable choice, an input box for the text. Every text is an argument; the labels Qt may
/// read as rich text are escaped.
struct KDialogPicker: PickerDialog {
    let program: String
    /// What runs it: the real ``ProcessRunner``, or a test's double.
    var runner: any CommandRunning = ProcessRunner()

    func choose(
        _ choices: [PickerChoice],
        preselected: DestinationID?,
        subject: String
    ) async throws(PickerFailure) -> DestinationID? {
        var arguments = [
            "--title", "Share with sharevia", "--radiolist", PickerText.markupEscaped("Share \(subject) with:"),
        ]
        for choice in choices {
            arguments += [
                choice.id.rawValue, PickerText.markupEscaped("\(choice.name) (\(choice.id)): \(choice.status())"),
                choice.id == preselected ? "on" : "off",
            ]
        }
        let output = try await PickerDialogs.run(runner: runner, program, arguments)
        guard let answer = try PickerDialogs.answer(output, program: "kdialog"), !answer.isEmpty else { return nil }
        return DestinationID(answer)
    }

    func explainUnavailable(_ choice: PickerChoice) async throws(PickerFailure) {
        let text = "\(choice.id) is not available here: \(choice.unavailableReason ?? "unavailable")"
        let output = try await PickerDialogs.run(
            runner: runner,
            program,
            ["--title", "Share with sharevia", "--sorry", PickerText.markupEscaped(text)]
        )
        _ = try PickerDialogs.answer(output, program: "kdialog")
    }

    func askText(for choice: PickerChoice, prefill: String) async throws(PickerFailure) -> String? {
        let output = try await PickerDialogs.run(
            runner: runner,
            program,
            [
                "--title", "Share with sharevia", "--inputbox",
                PickerText.markupEscaped("Text to share with \(choice.name) (optional):"), prefill,
            ]
        )
        return try PickerDialogs.answer(output, program: "kdialog")
    }
}
