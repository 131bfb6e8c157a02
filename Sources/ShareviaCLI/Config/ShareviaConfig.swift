import Clipboard
import Destinations
import LocalFiles
import ShareCore

#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
#if canImport(Glibc)
import Glibc
#endif

/// The config file's settings, typed and checked against ``ConfigSchema``, secrets resolved.
struct ShareviaConfig: Sendable {
    /// The file they came from; nil when there is none.
    var path: String?
    /// Each key's value as written (secrets as `<redacted>`) and its line, for `config check`.
    var written: [String: (value: String, line: Int)] = [:]

    var fallback: [DestinationID]?
    var chains: [String: [DestinationID]] = [:]
    var outputFolder: String?
    var timeout: Double?
    var retries: Int?
    var clipboardSelection: ClipboardSelection?
    var clipboardVerify: Bool?
    var emailTo: [String] = []
    var emailCc: [String] = []
    var emailTLS: String?
    var emailCAFile: String?
    var emailMaxAttachmentMiB: Int?
    var emailPassword: Secret?
    /// Settings whose destinations read them as `SHAREVIA_*` variables (Instagram, Mastodon, the
    /// clipboard backend, email, SMS), by variable: they apply only where the variable is unset.
    var variables: [String: String] = [:]
    var pluginFolders: [String] = []
    var pluginSearchPath: Bool?
    var pluginTimeout: Double?
    var pluginSettings: [DestinationID: [String: String]] = [:]
    var pluginSecrets: [DestinationID: [String: Secret]] = [:]
    /// Settings that become secrets if the plugin declares them so (`describe`'s `secrets`), by
    /// the name the plugin declares: `state_file: PATH` is the setting `state_file` unless the
    /// plugin says `state` is a secret.
    var pluginPossibleSecrets: [DestinationID: [String: SecretReference]] = [:]
    /// Secrets that could not be resolved (unset variable, missing or loose file, inline in a
    /// readable file), by destination and secret name: each makes its destination unavailable
    /// with the reason; every other destination goes on. `config check` lists them.
    var secretProblems: [DestinationID: [String: String]] = [:]
    /// Where each secret came from, in words (`env WEBHOOK_TOKEN`), never its value.
    var secretSources: [String: String] = [:]
    /// Whether the file is readable by its owner only, so secrets may be written in it inline.
    var isPrivate = false

    /// No file: every setting left to variables and defaults.
    init() {}

    /// Checks every entry of `document`; secrets are read from `environment` (`*_env`) or their
    /// files (`*_file`).
    ///
    /// - Throws: every ``ConfigError`` found, in line order, so one run shows them all.
    init(document: ConfigDocument, environment: ShareEnvironment) throws(ConfigErrors) {
        path = document.path
        isPrivate = Self.isOwnerOnly(document.path)
        var errors: [ConfigError] = []
        let home = environment["HOME"]
        for (key, entry) in document.entries.sorted(by: { $0.value.line < $1.value.line }) {
            func fail(_ message: String) {
                errors.append(ConfigError(file: document.path, line: entry.line, key: key, message: message))
            }
            let shown: String
            switch entry.value {
            case .scalar(let text): shown = text
            case .list(let items): shown = "[" + items.joined(separator: ", ") + "]"
            }
            if key.hasPrefix("chains.") {
                let name = String(key.dropFirst("chains.".count))
                guard DestinationID(name).isWellFormed else {
                    fail("is not a chain name; use lowercase letters, digits and '-'")
                    continue
                }
                guard let ids = Self.destinations(entry.value) else {
                    fail("must be \(ConfigSchema.ValueType.destinations.words)")
                    continue
                }
                chains[name] = ids
                written[key] = (shown, entry.line)
                continue
            }
            if key.hasPrefix("plugins.settings.") {
                let parts = key.split(separator: ".", maxSplits: 3).map(String.init)
                guard parts.count == 4, DestinationID(parts[2]).isWellFormed else {
                    fail("must be plugins.settings.<plugin id>.<name>, such as plugins.settings.webhook.url")
                    continue
                }
                let id = DestinationID(parts[2])
                let name = parts[3]
                let base = SecretReference.base(of: name)
                // A nested mapping under a secret's name must not turn it into a plain setting.
                guard !name.contains(".") || !SecretReference.looksSecret(name) else {
                    let top = name.split(separator: ".").first.map(String.init) ?? name
                    fail(
                        "is a secret written as a nested mapping; write plugins.settings.\(id).\(top)_env: VARIABLE or \(top)_file: PATH (or \(top): VALUE in a file only its owner can read)"
                    )
                    continue
                }
                guard case .scalar(let value) = entry.value else {
                    fail("must be a single value")
                    continue
                }
                let reference = reference(key: key, name: name, value: value, line: entry.line, home: home)
                if SecretReference.looksSecret(base) {
                    resolveSecret(
                        reference,
                        for: id,
                        named: base,
                        shownAs: "plugins.settings.\(id).\(base)",
                        in: environment
                    )
                } else {
                    pluginSettings[id, default: [:]][name] = value
                    pluginPossibleSecrets[id, default: [:]][base] = reference
                    written[key] = (value, entry.line)
                }
                continue
            }
            if SecretReference.base(of: key) == "email.password" {
                guard case .scalar(let value) = entry.value else {
                    fail("must be a single value")
                    continue
                }
                let reference = reference(key: key, name: key, value: value, line: entry.line, home: home)
                if let secret = resolveSecret(
                    reference,
                    for: "email",
                    named: "password",
                    shownAs: "email.password",
                    in: environment
                ) {
                    emailPassword = secret
                }
                continue
            }
            if SecretReference.looksSecret(key) && ConfigSchema.setting(key) == nil {
                fail("looks like a secret but is not a setting sharevia knows; 'sharevia config check' lists them")
                continue
            }
            guard let setting = ConfigSchema.setting(key) else {
                let hint = ConfigSchema.suggestion(for: key).map { " (did you mean '\($0)'?)" } ?? ""
                fail("is not a setting sharevia knows\(hint); 'sharevia config check' lists them")
                continue
            }
            guard let problem = apply(setting, entry.value, home: home) else {
                written[key] = (shown, entry.line)
                continue
            }
            fail(problem)
        }
        if !errors.isEmpty { throw ConfigErrors(errors: errors) }
    }

    /// Sets one fixed key; returns what is wrong with the value, or nil.
    private mutating func apply(
        _ setting: ConfigSchema.Setting,
        _ value: ConfigDocument.Entry.Value,
        home: String?
    ) -> String? {
        let wrong = "must be \(setting.type.words)"
        if setting.type == .texts {
            let items: [String]
            switch value {
            case .list(let list): items = list
            case .scalar(let text): items = [text]
            }
            guard
                !items.contains(where: { $0.isEmpty || OneLineText.firstBreak(in: $0) != nil })
            else {
                return "must hold one-line values"
            }
            switch setting.key {
            case "email.to": emailTo = items
            case "email.cc": emailCc = items
            default: variables[setting.variable ?? ""] = items.joined(separator: ",")
            }
            return nil
        }
        if setting.type == .destinations || setting.type == .paths {
            guard case .list(let items) = value else { return "\(wrong), written as a YAML list" }
            if setting.type == .paths {
                let paths = items.map { Self.expand($0, home: home) }
                guard paths.allSatisfy({ $0.hasPrefix("/") }) else { return "must hold absolute paths (or ~/...)" }
                pluginFolders = paths
                return nil
            }
            guard let ids = Self.destinations(value) else { return wrong }
            fallback = ids
            return nil
        }
        guard case .scalar(let text) = value else { return wrong }
        switch setting.key {
        case "output.folder":
            let path = Self.expand(text, home: home)
            guard path.hasPrefix("/") else { return "must be an absolute path (or ~/...)" }
            outputFolder = path
        case "share.timeout", "plugins.timeout":
            guard let seconds = Double(text), seconds > 0, seconds <= 3600 else { return wrong }
            if setting.key == "share.timeout" { timeout = seconds } else { pluginTimeout = seconds }
        case "share.retries", "mastodon.limit":
            guard case .integer(let range) = setting.type, let number = Int(text), range.contains(number) else {
                return wrong
            }
            if setting.key == "share.retries" {
                retries = number
            } else {
                variables[setting.variable!] = String(number)
            }
        case "clipboard.selection":
            guard let selection = ClipboardSelection(rawValue: text) else { return wrong }
            clipboardSelection = selection
        case "clipboard.backend":
            guard let backend = ClipboardDestination.BackendPreference(parsing: text) else { return wrong }
            variables[setting.variable!] = backend.rawValue
        case "clipboard.verify", "plugins.search_path":
            guard let flag = Self.boolean(text) else { return wrong }
            if setting.key == "clipboard.verify" { clipboardVerify = flag } else { pluginSearchPath = flag }
        case "instagram.app_id":
            guard !text.isEmpty, text.allSatisfy(\.isASCII), text.allSatisfy(\.isNumber) else {
                return "must be digits, the Facebook App ID from developers.facebook.com (quote it: \"1234567890\")"
            }
            variables[setting.variable!] = text
        case "mastodon.instance":
            guard MastodonIntent(instance: text).instance != nil else { return wrong }
            variables[setting.variable!] = text
        case "email.smtp_url":
            guard !text.contains("@") else {
                return
                    "holds a user and password, which would show wherever the URL does; write smtp://host:port here, the user as email.user and the password as email.password_env or email.password_file"
            }
            guard text.hasPrefix("smtp://") || text.hasPrefix("smtps://") else {
                return "must be smtp://host:port (STARTTLS) or smtps://host:port"
            }
            variables[setting.variable!] = text
        case "email.from", "email.user", "sms.device":
            guard OneLineText.firstBreak(in: text) == nil else { return "must be one line" }
            variables[setting.variable!] = text
        case "email.tls":
            guard ["required", "opportunistic", "none"].contains(text) else { return wrong }
            emailTLS = text
        case "email.ca_file":
            let path = Self.expand(text, home: home)
            guard path.hasPrefix("/") else { return "must be an absolute path (or ~/...)" }
            emailCAFile = path
        case "email.max_attachment_mib":
            guard case .integer(let range) = setting.type, let number = Int(text), range.contains(number) else {
                return wrong
            }
            emailMaxAttachmentMiB = number
        case "sms.smart_encoding":
            guard let flag = Self.boolean(text) else { return wrong }
            variables[setting.variable!] = flag ? "1" : "0"
        case "sms.max_segments":
            guard case .integer(let range) = setting.type, let number = Int(text), range.contains(number) else {
                return wrong
            }
            variables[setting.variable!] = String(number)
        default:
            return "is not handled by this sharevia"
        }
        return nil
    }

    private static func destinations(_ value: ConfigDocument.Entry.Value) -> [DestinationID]? {
        let ids: [DestinationID]
        switch value {
        case .list(let items): ids = items.map { DestinationID($0) }
        case .scalar(let text): ids = DestinationID.list(parsing: text)
        }
        return !ids.isEmpty && ids.allSatisfy(\.isWellFormed) ? ids : nil
    }

    /// The reference that `key` (whose last part is `name`) makes with `value`: `NAME_env` a
    /// variable, `NAME_file` a file, anything else the value inline.
    private func reference(key: String, name: String, value: String, line: Int, home: String?) -> SecretReference {
        let source: SecretReference.Source
        if name.hasSuffix("_env") {
            source = .variable(value)
        } else if name.hasSuffix("_file") {
            source = .file(Self.expand(value, home: home))
        } else {
            source = .inline(Secret(value))
        }
        return SecretReference(source, key: key, file: path, line: line, inPrivateFile: isPrivate)
    }

    /// Resolves a secret of `destination` now: the value, or a problem that makes that
    /// destination unavailable. `config check` shows it as `<redacted>` with where it came from.
    @discardableResult
    private mutating func resolveSecret(
        _ reference: SecretReference,
        for destination: DestinationID,
        named name: String,
        shownAs shown: String,
        in environment: ShareEnvironment
    ) -> Secret? {
        secretSources[shown] = reference.origin
        written[shown] = ("<redacted>", reference.line)
        switch reference.resolve(environment: environment) {
        case .success(let secret):
            if destination != "email" { pluginSecrets[destination, default: [:]][name] = secret }
            return secret
        case .failure(let problem):
            secretProblems[destination, default: [:]][name] = problem.message
            return nil
        }
    }

    /// `true`/`yes` or `false`/`no`, in any case.
    private static func boolean(_ text: String) -> Bool? {
        ["true": true, "false": false, "yes": true, "no": false][text.lowercased()]
    }

    /// `~/x` as `$HOME/x`.
    static func expand(_ path: String, home: String?) -> String {
        guard path == "~" || path.hasPrefix("~/"), let home else { return path }
        return home + path.dropFirst()
    }

    /// Whether the file at `path` exists and group and others can't read it.
    private static func isOwnerOnly(_ path: String) -> Bool {
        var info = stat()
        return stat(path, &info) == 0 && info.st_mode & 0o077 == 0
    }
}

/// Every problem found in a config file.
struct ConfigErrors: Error, Sendable, CustomStringConvertible {
    var errors: [ConfigError]
    var description: String { errors.map(\.description).joined(separator: "\n") }
}
