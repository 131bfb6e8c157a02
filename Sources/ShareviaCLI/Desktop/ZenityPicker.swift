import ProcessRunning
import ShareCore

/// `--pick` through zenity: a radio list of every destination with its status, the last choice
/// checked; an error box for an unavailable one; an entry box for the text.
///
/// Every text goes to zenity as an argument. The labels zenity reads as markup are escaped
/// (``PickerText/markupEscaped(_:)``); list cells and the entry's text are plain.
struct ZenityPicker: PickerDialog {
    let program: String
    /// What runs it: the real ``ProcessRunner``, or a test's double.
    var runner: any CommandRunning = ProcessRunner()

    func choose(
        _ choices: [PickerChoice],
        preselected: DestinationID?,
        subject: String
    ) async throws(PickerFailure) -> DestinationID? {
        var arguments = [
            "--list", "--radiolist", "--title=Share with sharevia",
            "--text=" + PickerText.markupEscaped("Share \(subject) with:"),
            "--column=", "--column=Destination", "--column=Name", "--column=Status",
            "--print-column=2", "--width=800", "--height=480",
        ]
        for choice in choices {
            arguments += [
                choice.id == preselected ? "TRUE" : "FALSE", choice.id.rawValue, choice.name, choice.status(limit: 72),
            ]
        }
        let output = try await PickerDialogs.run(runner: runner, program, arguments)
        guard let answer = try PickerDialogs.answer(output, program: "zenity") else { return nil }
        // zenity separates several rows with '|'; a radio list has one.
        let id = answer.split(separator: "|").first.map(String.init) ?? ""
        return id.isEmpty ? nil : DestinationID(id)
    }

    func explainUnavailable(_ choice: PickerChoice) async throws(PickerFailure) {
        let output = try await PickerDialogs.run(
            runner: runner,
            program,
            [
                "--error", "--no-markup", "--title=Share with sharevia",
                "--text=\(choice.id) is not available here: \(choice.unavailableReason ?? "unavailable")",
            ]
        )
        _ = try PickerDialogs.answer(output, program: "zenity")
    }

    func askText(for choice: PickerChoice, prefill: String) async throws(PickerFailure) -> String? {
        let output = try await PickerDialogs.run(
            runner: runner,
            program,
            [
                "--entry", "--title=Share with sharevia",
                "--text=" + PickerText.markupEscaped("Text to share with \(choice.name) (optional):"),
                "--entry-text=" + prefill, "--width=640",
            ]
        )
        return try PickerDialogs.answer(output, program: "zenity")
    }
}
