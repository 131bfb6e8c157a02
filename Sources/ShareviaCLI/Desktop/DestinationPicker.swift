import ShareCards
import ShareCore

/// `--pick`: asks which destination to use, then the share runs as if `--to` had named it.
///
/// 1. Something to share is required first (a file, `--text`, `--url`, `--hashtag` or `--card`).
/// 2. Every destination is listed with its availability (as `sharevia destinations` shows it),
///    the last choice (``LastPick``) preselected, in a dialog (``PickerDialogs/find(environment:)``).
/// 3. Choosing an unavailable one says why and asks again.
/// 4. For a destination that takes text, and without `--text`, a second dialog asks for the text,
///    prefilled with the card's share text (`--card`), else empty.
/// 5. Cancelling any dialog shares nothing: exit code ``ShareviaExitCode/cancelled``.
/// 6. The choice is remembered; `--notify` is added when standard output is not a terminal.
enum DestinationPicker {
    /// How many times an unavailable choice is explained before the picker gives up.
    static let attempts = 20

    /// `invocation` with the destination (and text) picked.
    ///
    /// - Throws: ``CommandFailure``: usage for nothing to share or no way to ask, ``ShareviaExitCode/cancelled``.
    static func picked(for invocation: ShareInvocation, environment: ShareEnvironment) async throws -> ShareInvocation {
        if invocation.files.isEmpty && invocation.text == nil && invocation.url == nil && invocation.hashtags.isEmpty
            && invocation.card == nil
        {
            throw usageFailure("nothing to share: pass a file, --text, --url or --hashtag (see sharevia --help)")
        }
        let dialog: any PickerDialog
        do throws(PickerFailure) {
            dialog = try PickerDialogs.find(environment: environment)
        } catch {
            throw usageFailure(error.message)
        }
        let config = try invocation.routing.loadConfig(environment: environment)
        let routing = await invocation.routing.layered(over: config, environment: environment)
            .withPlugins(wanted: nil, environment: environment)
        let choices = await PickerChoice.all(in: try routing.checkedRouter(environment: environment))
        var picked = invocation
        do {
            guard
                let choice = try await choose(
                    in: choices,
                    dialog: dialog,
                    invocation: invocation,
                    environment: environment
                )
            else { throw cancelled() }
            LastPick.remember(choice.id, environment: environment)
            picked.destinations = choice.id.rawValue
            if choice.takesText && invocation.text == nil {
                let prefill = prefilledText(card: invocation.card)
                guard let text = try await dialog.askText(for: choice, prefill: prefill) else { throw cancelled() }
                // The card's own text, unchanged, stays the card's (its language, its template).
                if invocation.card == nil || text != prefill { picked.text = text }
            }
        } catch let error as PickerFailure {
            throw usageFailure(error.message)
        }
        picked.notify = invocation.notifiesResult
        picked.pick = false
        return picked
    }

    /// The choice made: asked until it is an available destination, or nil when cancelled.
    private static func choose(
        in choices: [PickerChoice],
        dialog: any PickerDialog,
        invocation: ShareInvocation,
        environment: ShareEnvironment
    ) async throws(PickerFailure) -> PickerChoice? {
        let preselected = PickerChoice.preselected(in: choices, last: LastPick.read(environment: environment))
        let subject = invocation.files.isEmpty ? "this share" : PickerText.subject(files: invocation.files)
        for _ in 0..<attempts {
            guard let id = try await dialog.choose(choices, preselected: preselected, subject: subject) else {
                return nil
            }
            guard let choice = choices.first(where: { $0.id == id }) else {
                throw PickerFailure(
                    message: "--pick: the dialog answered '\(PickerText.oneLine(id.rawValue))', not a destination"
                )
            }
            if choice.isAvailable { return choice }
            try await dialog.explainUnavailable(choice)
        }
        throw PickerFailure(message: "--pick: no available destination was chosen in \(attempts) tries")
    }

    /// The text field's first text: the share text of the `--card` spec, else empty. A spec on
    /// standard input is read once, by the share, so it gives none here.
    private static func prefilledText(card: String?) -> String {
        guard let card, card != "-", let spec = try? CardSpecFile.load(card) else { return "" }
        return ShareTextTemplates.text(for: spec)
    }

    /// Prints that nothing was shared and returns the failure with the cancel exit code.
    private static func cancelled() -> CommandFailure {
        let message = "cancelled: nothing was shared"
        StandardStreams.printError("sharevia: \(message)")
        return CommandFailure(exitCode: ShareviaExitCode.cancelled, message: message)
    }
}
