import Clipboard
import Destinations
import ShareCore

/// Every key the config file takes, once: its type, the variable and flag that override it, its
/// default and what it does. `sharevia config check` validates against it and prints from it.
enum ConfigSchema {
    /// What a key holds.
    enum ValueType: Sendable, Hashable {
        case text, texts, seconds, boolean, path, paths, host, digits, destinations
        case integer(ClosedRange<Int>)
        case choice([String])

        var words: String {
            switch self {
            case .text: "text"
            case .texts: "a list of values"
            case .integer(let range): "a whole number from \(range.lowerBound) to \(range.upperBound)"
            case .seconds: "a number of seconds (0 to 3600)"
            case .boolean: "true or false"
            case .path: "a folder path"
            case .paths: "a list of folder paths"
            case .host: "a host name such as mastodon.social"
            case .digits: "digits"
            case .destinations: "a list of destination ids, such as [clipboard, file]"
            case .choice(let values): "one of \(values.joined(separator: ", "))"
            }
        }
    }

    /// One fixed key.
    struct Setting: Sendable, Hashable {
        var key: String
        var type: ValueType
        /// The `SHAREVIA_*` variable that overrides it, if any.
        var variable: String?
        /// The flag that overrides both, if any.
        var flag: String?
        /// The value used when nothing sets it, in words.
        var defaultValue: String
        var summary: String
        /// A secret: shown as `<redacted>` wherever it comes from.
        var secret = false
    }

    /// The fixed keys. `chains.<name>` and `plugins.settings.<id>.<key>` are open-ended.
    static let settings: [Setting] = [
        Setting(
            key: "fallback",
            type: .destinations,
            flag: "--fallback",
            defaultValue: "[clipboard, file]",
            summary: "the destinations tried after --to"
        ),
        Setting(
            key: "output.folder",
            type: .path,
            flag: "--out",
            defaultValue: "$XDG_DATA_HOME/sharevia/shares",
            summary: "where the file export (and Instagram's bundle) writes"
        ),
        Setting(
            key: "share.timeout",
            type: .seconds,
            flag: "--timeout",
            defaultValue: "30",
            summary: "seconds one delivery may take"
        ),
        Setting(
            key: "share.retries",
            type: .integer(0...10),
            flag: "--retries",
            defaultValue: "2",
            summary: "retries after a transient failure"
        ),
        Setting(
            key: "clipboard.selection",
            type: .choice(["clipboard", "primary"]),
            flag: "--selection",
            defaultValue: "clipboard",
            summary: "the X11 selection to copy to"
        ),
        Setting(
            key: "clipboard.backend",
            type: .choice(["auto", "x11", "xclip", "xsel", "wl-copy"]),
            variable: ClipboardDestination.BackendPreference.environmentVariable,
            flag: "--clipboard-backend",
            defaultValue: "auto",
            summary: "how to reach the clipboard"
        ),
        Setting(
            key: "clipboard.verify",
            type: .boolean,
            flag: "--no-verify",
            defaultValue: "true",
            summary: "read the clipboard back to confirm"
        ),
        Setting(
            key: "instagram.app_id",
            type: .digits,
            variable: InstagramDestination.Configuration.appIDVariable,
            flag: "--instagram-app-id",
            defaultValue: "(none)",
            summary: "the Facebook App ID Instagram requires"
        ),
        Setting(
            key: "mastodon.instance",
            type: .host,
            variable: MastodonIntent.instanceVariable,
            flag: "--mastodon-instance",
            defaultValue: "(none)",
            summary: "your Mastodon server"
        ),
        Setting(
            key: "mastodon.limit",
            type: .integer(1...100_000),
            variable: MastodonIntent.limitVariable,
            defaultValue: "500",
            summary: "your server's character limit"
        ),
        Setting(
            key: "email.smtp_url",
            type: .text,
            variable: EmailDestination.Configuration.urlVariable,
            flag: "--smtp",
            defaultValue: "(none: a .eml draft and a mailto: URI)",
            summary: "smtp://host:port or smtps://host:port"
        ),
        Setting(
            key: "email.from",
            type: .text,
            variable: EmailDestination.Configuration.fromVariable,
            flag: "--email-from",
            defaultValue: "(none)",
            summary: "the sender"
        ),
        Setting(key: "email.to", type: .texts, flag: "--email-to", defaultValue: "[]", summary: "the recipients"),
        Setting(key: "email.cc", type: .texts, flag: "--email-cc", defaultValue: "[]", summary: "the Cc recipients"),
        Setting(
            key: "email.user",
            type: .text,
            variable: EmailDestination.Configuration.userVariable,
            defaultValue: "(none: no AUTH)",
            summary: "the SMTP login"
        ),
        Setting(
            key: "email.password",
            type: .text,
            variable: EmailDestination.Configuration.passwordVariable,
            defaultValue: "(none)",
            summary: "the SMTP password: password_env or password_file (inline only in a 0600 file)",
            secret: true
        ),
        Setting(
            key: "email.tls",
            type: .choice(["required", "opportunistic", "none"]),
            flag: "--smtp-tls",
            defaultValue: "required (opportunistic on loopback)",
            summary: "STARTTLS"
        ),
        Setting(
            key: "email.ca_file",
            type: .path,
            flag: "--smtp-ca-file",
            defaultValue: "(the system's)",
            summary: "a PEM file of CA certificates"
        ),
        Setting(
            key: "email.max_attachment_mib",
            type: .integer(1...1_048_576),
            flag: "--email-max-attachment-mib",
            defaultValue: "25",
            summary: "the most the attachments may hold together, in MiB"
        ),
        Setting(
            key: "sms.to",
            type: .texts,
            variable: SMSDestination.Configuration.recipientsVariable,
            flag: "--sms-to",
            defaultValue: "[]",
            summary: "the recipients, E.164 or local digits"
        ),
        Setting(
            key: "sms.device",
            type: .text,
            variable: SMSDestination.Configuration.deviceVariable,
            flag: "--sms-device",
            defaultValue: "(the one paired phone)",
            summary: "the KDE Connect device"
        ),
        Setting(
            key: "sms.smart_encoding",
            type: .boolean,
            variable: SMSDestination.Configuration.smartEncodingVariable,
            flag: "--sms-smart-encoding",
            defaultValue: "false",
            summary: "replace look-alikes to stay GSM-7"
        ),
        Setting(
            key: "sms.max_segments",
            type: .integer(1...255),
            variable: SMSDestination.Configuration.maxSegmentsVariable,
            flag: "--sms-max-segments",
            defaultValue: "(no limit)",
            summary: "trim to this many segments"
        ),
        Setting(
            key: "plugins.folders",
            type: .paths,
            defaultValue: "[]",
            summary: "folders searched for sharevia-dest-<id> after $XDG_DATA_HOME/sharevia/plugins"
        ),
        Setting(
            key: "plugins.search_path",
            type: .boolean,
            defaultValue: "false",
            summary: "also search $PATH for plugins"
        ),
        Setting(
            key: "plugins.timeout",
            type: .seconds,
            defaultValue: "30",
            summary: "seconds a plugin's deliver may take"
        ),
    ]

    /// The setting for a fixed key.
    static func setting(_ key: String) -> Setting? { settings.first { $0.key == key } }

    /// The known key closest to `key`, for "did you mean".
    static func suggestion(for key: String) -> String? {
        let candidates = settings.map(\.key) + ["chains.<name>", "plugins.settings.<id>.<name>"]
        let scored = candidates.map { ($0, editDistance(Array(key), Array($0))) }
        guard let best = scored.min(by: { $0.1 < $1.1 }), best.1 <= max(2, key.count / 3) else { return nil }
        return best.0
    }

    private static func editDistance(_ a: [Character], _ b: [Character]) -> Int {
        var previous = Array(0...b.count)
        for (i, x) in a.enumerated() {
            var current = [i + 1]
            for (j, y) in b.enumerated() {
                current.append(Swift.min(previous[j + 1] + 1, current[j] + 1, previous[j] + (x == y ? 0 : 1)))
            }
            previous = current
        }
        return previous[b.count]
    }
}
