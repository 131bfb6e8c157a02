import Destinations
import ShareCards
import ShareCore

/// Where the command line turns the facts of a library error (``ShareCore/ShareError/Detail``)
/// into advice that names its flags. The libraries say what went wrong in their own terms (a
/// `Configuration` property, a variable); only this file knows `--out` or `--sms-to`.
///
/// ``ShareviaMain`` wraps every destination of its registry in an ``AdvisedDestination``, so
/// reports, `--dry-run` and `sharevia destinations` all show the advice; errors the command meets
/// before a share (a missing file, an unknown destination) go through ``message(for:)``.
enum ErrorAdvice {
    /// Where a destination said it: its availability, or an error of `prepare` or `deliver`.
    enum Stage { case availability, share }

    /// The error's message with this command line's advice.
    static func message(for error: ShareError, stage: Stage = .share) -> String {
        guard let detail = error.detail else { return error.message }
        return text(error.message, detail, destination: error.destination, stage: stage) ?? error.message
    }

    /// The availability with this command line's advice in its reason.
    static func availability(_ availability: Availability, destination: DestinationID) -> Availability {
        guard let detail = availability.detail, let reason = availability.reason,
            let advised = text(reason, detail, destination: destination, stage: .availability)
        else { return availability }
        var copy = availability
        copy.reason = advised
        return copy
    }

    /// The card error with the command that shows the schema, when the schema shows the fix.
    static func card(_ error: CardError) -> CardError {
        guard error.schemaShowsTheFix else { return error }
        var copy = error
        copy.message += " (see 'sharevia card schema')"
        return copy
    }

    /// How the destinations' notes and receipts name a setting, and how the command line names it.
    static let settingMentions: [DestinationID: [(library: String, flag: String)]] = [
        "sms": [("(Configuration.smartEncoding)", "(--sms-smart-encoding)")],
        "instagram": [
            ("(Configuration.fit makes it a background)", "(--fit makes it a background)"),
            ("Configuration.topColor/bottomColor", "--top-color/--bottom-color"),
        ],
        "email": [
            ("no recipient (Configuration.to)", "no recipient (--email-to)"),
            ("(no SMTP server: Configuration.smtp or", "(no SMTP server: --smtp or"),
        ],
        // An email's draft the file export could not keep says why in its receipt.
        "file": [
            (
                "(EmailDestination.Configuration.attachmentLimit)",
                "(EmailDestination.Configuration.attachmentLimit; the CLI's --email-max-attachment-mib)"
            ),
            ("no such file. Check the path.", "no such file. Check the path, or pass --text for a text-only share."),
        ],
    ]

    /// `text` (a note, a receipt's line) with the settings it mentions named by their flags.
    static func mentioningFlags(_ text: String, destination: DestinationID) -> String {
        guard let mentions = settingMentions[destination] else { return text }
        var text = text
        for mention in mentions where text.contains(mention.library) {
            text = text.replacing(mention.library, with: mention.flag)
        }
        return text
    }

    /// The command line's words for `message` with its `detail`, or nil to keep the message.
    static func text(
        _ message: String,
        _ detail: ShareError.Detail,
        destination: DestinationID?,
        stage: Stage
    ) -> String? {
        if let shared = anyDestination(message, detail) { return shared }
        if detail.code == .missingSetting, detail.setting == "secrets", let destination {
            return pluginSecrets(message, plugin: destination)
        }
        switch destination?.rawValue {
        case "instagram": return instagram(message, detail, stage: stage)
        case "file": return fileExport(detail)
        case "sms": return sms(message, detail)
        case "email": return email(message, detail, stage: stage)
        case "mastodon": return mastodon(detail)
        default: return nil
        }
    }

    // MARK: - Facts every destination may report

    private static func anyDestination(_ message: String, _ detail: ShareError.Detail) -> String? {
        let folder = detail.setting == "directory" || detail.setting == "outputDirectory"
        switch detail.code {
        case .folderFull where folder:
            return "\(message); choose another folder with --out"
        case .unusableSetting where folder:
            return "\(message); pass another folder with --out"
        case .writeFailed where folder:
            let advice =
                switch detail.value {
                case "no-space": "free some space or pass another folder with --out"
                case "not-writable": "pass a folder you can write to with --out"
                default: "check the folder or pass another with --out"
                }
            return "\(message); \(advice)"
        case .verificationFailed where detail.setting == "verify":
            // Before what undoing the attempt did, which the clipboard adds after the question.
            let advice = "; retry, or pass --no-verify to skip the check"
            let question = "(did another program take it?)"
            guard let end = message.firstRange(of: question)?.upperBound else { return message + advice }
            return String(message[..<end]) + advice + message[end...]
        case .emptyChain:
            return "\(message) with --to"
        case .unknownDestination:
            return "\(message) (run 'sharevia destinations')"
        case .missingFile:
            return
                "\(message.hasSuffix(".") ? String(message.dropLast()) : message), or pass --text for a text-only share."
        default:
            return nil
        }
    }

    /// A plugin's missing secrets, named by the config file's keys.
    private static func pluginSecrets(_ message: String, plugin: DestinationID) -> String {
        message.replacing(/secret '([^']+)' is not set \(PluginSettings\.secrets\)/) { match in
            let name = match.output.1
            return
                "secret '\(name)' is not set; add plugins.settings.\(plugin).\(name)_env: VARIABLE or \(name)_file: PATH to the config file"
        }
    }

    // MARK: - Each destination's settings

    private static func instagram(_ message: String, _ detail: ShareError.Detail, stage: Stage) -> String? {
        switch (detail.code, detail.setting, stage) {
        case (.missingSetting, "appID", .availability):
            let variable = InstagramDestination.Configuration.appIDVariable
            return
                "no Facebook App ID: pass --instagram-app-id ID or set \(variable) (Instagram refuses stories without one)"
        case (.missingSetting, "appID", .share):
            return "no Facebook App ID (--instagram-app-id)"
        case (.missingSetting, "outputDirectory", .availability):
            return "neither XDG_DATA_HOME nor HOME is set; pass --out DIR for the hand-off bundle"
        case (.missingSetting, "outputDirectory", .share):
            return "no folder for the hand-off bundle; pass --out DIR"
        case (.choiceNeeded, "device", _):
            return
                "\(detail.found.count) devices are attached (\(detail.found.joined(separator: ", "))); pick one with --device SERIAL"
        case (.overLimit, nil, _):
            return "\(message) (sharevia image convert --compression smallest)"
        case (.imageLayout, "fit", _):
            return "\(message). Pass --fit to place it on a 1080x1920 canvas, or --as sticker"
        default:
            return nil
        }
    }

    private static func fileExport(_ detail: ShareError.Detail) -> String? {
        guard detail.code == .missingSetting, detail.setting == "directory" else { return nil }
        return "neither XDG_DATA_HOME nor HOME is set; pass --out DIR to choose a folder"
    }

    private static func sms(_ message: String, _ detail: ShareError.Detail) -> String? {
        switch (detail.code, detail.setting) {
        case (.missingSetting, "recipients"):
            let variable = SMSDestination.Configuration.recipientsVariable
            return message.replacing(
                SMSDestination.noRecipientNote,
                with: "no recipient (--sms-to NUMBER or \(variable))"
            )
        case (.overLimit, "maxSegments"):
            guard let limit = detail.value, let segments = detail.found.first else { return nil }
            return
                "the link alone takes \(segments) SMS segments, over --sms-max-segments \(limit); raise the limit or share a shorter link"
        case (.unusableSetting, "device"):
            guard let device = detail.value else { return nil }
            return "--sms-device \(device) needs kdeconnect-cli, which is not installed (apt-get install kdeconnect)"
        case (.choiceNeeded, "device"):
            return
                "\(detail.found.count) phones are paired and reachable (\(detail.found.joined(separator: ", "))); pick one with --sms-device ID"
        default:
            return nil
        }
    }

    private static func mastodon(_ detail: ShareError.Detail) -> String? {
        guard detail.code == .missingSetting, detail.setting == "instance" else { return nil }
        return
            "no Mastodon instance set (pass --mastodon-instance or set \(MastodonIntent.instanceVariable)=mastodon.social)"
    }

    private static func email(_ message: String, _ detail: ShareError.Detail, stage: Stage) -> String? {
        typealias Configuration = EmailDestination.Configuration
        switch (detail.code, detail.setting, stage) {
        case (.missingSetting, "outputDirectory", .availability):
            return "neither XDG_DATA_HOME nor HOME is set; pass --out DIR for the .eml draft"
        case (.missingSetting, "outputDirectory", .share):
            return "no folder for the .eml draft; pass --out DIR"
        case (.missingSetting, "smtp", _):
            guard let folder = detail.value else { return nil }
            return
                "no SMTP server (--smtp or \(Configuration.urlVariable)): writes a .eml draft to \(folder) and prints a mailto: URI"
        case (.missingSetting, "from", .availability):
            return "no sender: pass --email-from ADDRESS or set \(Configuration.fromVariable)"
        case (.missingSetting, "from", .share):
            return "no sender: pass --email-from ADDRESS"
        case (.missingSetting, "to", _):
            return "no recipient: pass --email-to ADDRESS"
        case (.unusableSetting, "smtp", _):
            return renamingField("SMTP URL", to: "SMTP URL (--smtp)", in: message)
        case (.unusableSetting, "from", _):
            return renamingField("From", to: "From (--email-from)", in: message)
        case (.unusableSetting, "to", _):
            return renamingField("To", to: "To (--email-to)", in: message)
        case (.unusableSetting, "cc", _):
            return renamingField("Cc", to: "Cc (--email-cc)", in: message)
        case (.unusableSetting, "caFile", _):
            guard let file = detail.value else { return nil }
            return "the CA file \(file) (--smtp-ca-file) can't be read"
        case (.conflictingSettings, "security", _):
            guard let host = detail.found.first else {
                return "smtps:// is TLS from the first byte; --smtp-tls none contradicts it"
            }
            return
                "refusing to send the SMTP login to \(host) without TLS: use --smtp-tls required (the default) or smtps://"
        case (.overLimit, "attachmentLimit", _):
            guard message.hasSuffix(")") else { return nil }
            return "\(message.dropLast()); the CLI's --email-max-attachment-mib)"
        case (.tlsFailed, "caFile", _):
            return "\(message); if the server uses a private CA, pass its certificate with --smtp-ca-file"
        case (.tlsFailed, "security", _):
            guard let server = detail.found.first else { return nil }
            return
                "\(server) does not offer STARTTLS, and TLS is required: use smtps:// or a server with STARTTLS (--smtp-tls opportunistic or none only on a trusted network)"
        default:
            return nil
        }
    }

    /// `To (--email-to): ...` for the library's `To: ...` (a ``MailContentError`` description).
    private static func renamingField(_ field: String, to label: String, in message: String) -> String? {
        guard message.hasPrefix(field + ": ") else { return nil }
        return label + message.dropFirst(field.count)
    }
}
