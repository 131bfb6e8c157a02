import ShareCards
import ShareCore

/// Where the command line turns the facts the libraries give into advice that names its flags.
///
/// The libraries say what went wrong, what shaping changed and what a receipt means in their own
/// terms (`Configuration.appID`); where those words name a setting, they carry a
/// ``ShareCore/SettingMention`` tied to the setting's declaration. This file words every mention
/// with the declaration's flag, variable or key, whatever the destination, where the command
/// prints: the report, `--dry-run`, `sharevia destinations` and the errors met before a share.
/// Facts only the command line can act on (an empty chain, an unknown destination, a missing
/// file, an image too large) get advice by their code.
enum ErrorAdvice {
    /// How the command line names a setting: `--flag`, its `SHAREVIA_*` variable, its config key,
    /// each falling back to ``ShareCore/ShareSetting/name``.
    static func name(_ setting: ShareSetting, _ name: SettingAdvice.Name) -> String {
        switch name {
        case .variable: setting.variable ?? setting.name
        case .key: setting.key ?? setting.name
        default: setting.flag.map { "--" + $0 } ?? setting.name
        }
    }

    /// `text` with the settings its `mentions` name said as this command line says them.
    static func words(_ text: String, _ mentions: [SettingMention]) -> String {
        SettingMention.words(text, with: mentions, naming: name)
    }

    /// The error's message with this command line's advice.
    static func message(for error: ShareError) -> String {
        error.detail.map { advised(error.message, $0) } ?? error.message
    }

    /// `message` with the advice its `detail` calls for: its mentions worded, then the command
    /// line's own advice for the detail's code.
    static func advised(_ message: String, _ detail: ShareError.Detail) -> String {
        let message = words(message, detail.mentions)
        return commandLineAdvice(message, detail) ?? message
    }

    /// The error with this command line's advice in its message.
    static func advised(_ error: ShareError) -> ShareError {
        var copy = error
        copy.message = message(for: error)
        return copy
    }

    /// The availability with this command line's advice in its reason.
    static func availability(_ availability: Availability) -> Availability {
        guard let detail = availability.detail, let reason = availability.reason else { return availability }
        var copy = availability
        copy.reason = advised(reason, detail)
        return copy
    }

    /// The prepared share with its notes worded for this command line.
    static func prepared(_ prepared: PreparedShare) -> PreparedShare {
        var copy = prepared
        copy.notes = prepared.notes.map { words($0, prepared.mentions) }
        return copy
    }

    /// The dry run's preview with its reason, notes and error worded for this command line.
    static func preview(_ preview: ShareRouter.Preview) -> ShareRouter.Preview {
        var copy = preview
        copy.availability = availability(preview.availability)
        copy.prepared = preview.prepared.map(prepared).mapError(advised)
        return copy
    }

    /// The report with every attempt's reason and notes, and the receipt, worded for this
    /// command line.
    static func report(_ report: ShareReport) -> ShareReport {
        var copy = report
        for index in copy.attempts.indices {
            var attempt = copy.attempts[index]
            if let detail = attempt.detail { attempt.reason = advised(attempt.reason, detail) }
            attempt.reason = words(attempt.reason, attempt.mentions)
            attempt.notes = attempt.notes.map { words($0, attempt.mentions) }
            copy.attempts[index] = attempt
        }
        if let receipt = report.receipt {
            copy.receipt?.summary = words(receipt.summary, receipt.mentions)
            copy.receipt?.nextStep = receipt.nextStep.map { words($0, receipt.mentions) }
        }
        return copy
    }

    /// The card error with the kind or theme a mistyped one was probably meant to be, and the
    /// command that shows the schema, when the schema shows the fix.
    static func card(_ error: CardError) -> CardError {
        var copy = error
        if let suggestion = cardSuggestion(error) { copy.message += " (did you mean '\(suggestion)'?)" }
        if error.schemaShowsTheFix { copy.message += " (see 'sharevia card schema')" }
        return copy
    }

    /// The kind or theme closest to the one `error` refuses at `$.kind`, `$.theme` or
    /// `$.theme.base` (the value its message quotes first).
    private static func cardSuggestion(_ error: CardError) -> String? {
        let candidates: [String]
        switch error.path {
        case "$.kind": candidates = CardKind.allCases.map(\.rawValue)
        case "$.theme", "$.theme.base": candidates = CardTheme.presets.map(\.name)
        default: return nil
        }
        guard let quoted = error.message.firstMatch(of: /'([^']*)'/)?.1 else { return nil }
        return DidYouMean.closest(to: String(quoted), in: candidates)
    }

    /// Advice for facts only the command line can act on, whatever the destination.
    private static func commandLineAdvice(_ message: String, _ detail: ShareError.Detail) -> String? {
        switch detail.code {
        case .emptyChain:
            return "\(message) with --to"
        case .unknownDestination:
            guard let id = detail.value, let suggestion = DidYouMean.closest(to: id, in: detail.found) else {
                return "\(message) (run 'sharevia destinations')"
            }
            let named = "unknown destination '\(id)'"
            let suggested = message.replacing("\(named). ", with: "\(named); did you mean '\(suggestion)'? ")
            return "\(suggested) (run 'sharevia destinations')"
        case .missingFile:
            return
                "\(message.hasSuffix(".") ? String(message.dropLast()) : message), or pass --text for a text-only share."
        case .imageTooLarge:
            return "\(message) (sharevia image convert --compression smallest)"
        case .nothingCarried:
            guard let textFile = detail.found.first else { return nil }
            return "\(message); to share the text of \(textFile) instead, pass it as text: --text - < \(textFile)"
        case .signInAgain:
            return LoginBlueskyCommand.advice(message, detail)
        default:
            return nil
        }
    }
}
