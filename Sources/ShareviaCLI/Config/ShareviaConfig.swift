import Clipboard
import Destinations
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
    var emailPassword: Secret?
    /// Settings whose destinations read them as `SHAREVIA_*` variables (Instagram, Mastodon, the
    /// clipboard backend, email, SMS), by variable: they apply only where the variable is unset.
    var variables: [String: String] = [:]
    var pluginFolders: [String] = []
    var pluginSearchPath: Bool?
    var pluginTimeout: Double?
    var pluginSettings: [DestinationID: [String: String]] = [:]
    var pluginSecrets: [DestinationID: [String: Secret]] = [:]
    /// Where each secret came from, in words (`env WEBHOOK_TOKEN`), never its value.
    var secretSources: [String: String] = [:]

    /// No file: every setting left to variables and defaults.
    init() {}

    /// Checks every entry of `document`; secrets are read from `environment` (`*_env`) or their
    /// files (`*_file`).
    ///
    /// - Throws: every ``ConfigError`` found, in line order, so one run shows them all.
    init(document: ConfigDocument, environment: ShareEnvironment) throws(ConfigErrors) {
        path = document.path
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
                guard case .scalar(let value) = entry.value else {
                    fail("must be a single value")
                    continue
                }
                let id = DestinationID(parts[2])
                let name = parts[3]
                let base = Self.secretBase(name)
                do throws(ConfigError) {
                    if base != name || ConfigSchema.isSecretName(name) {
                        pluginSecrets[id, default: [:]][base] = try readSecret(
                            key,
                            base: "plugins.settings.\(id).\(base)",
                            value: value,
                            line: entry.line,
                            document: document,
                            environment: environment
                        )
                    } else {
                        pluginSettings[id, default: [:]][name] = value
                        written[key] = (value, entry.line)
                    }
                } catch {
                    errors.append(error)
                }
                continue
            }
            if Self.secretBase(key) == "email.password" {
                guard case .scalar(let value) = entry.value else {
                    fail("must be a single value")
                    continue
                }
                do throws(ConfigError) {
                    emailPassword = try readSecret(
                        key,
                        base: "email.password",
                        value: value,
                        line: entry.line,
                        document: document,
                        environment: environment
                    )
                } catch {
                    errors.append(error)
                }
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

    /// `token` for `token`, `token_env` and `token_file`.
    private static func secretBase(_ name: String) -> String {
        if name.hasSuffix("_env") { return String(name.dropLast(4)) }
        if name.hasSuffix("_file") { return String(name.dropLast(5)) }
        return name
    }

    /// The secret `base` written as `key`: inline (`base`, allowed only in a file its owner alone
    /// can read), by variable (`base_env`) or by file (`base_file`). Notes where it came from;
    /// `config check` shows it as `<redacted>`.
    private mutating func readSecret(
        _ key: String,
        base: String,
        value: String,
        line: Int,
        document: ConfigDocument,
        environment: ShareEnvironment
    ) throws(ConfigError) -> Secret {
        let secret: Secret
        if key.hasSuffix("_env") {
            secret = try Self.secret(
                fromVariable: value,
                key: key,
                environment: environment,
                document: document,
                line: line
            )
            secretSources[base] = "env \(value)"
        } else if key.hasSuffix("_file") {
            let path = Self.expand(value, home: environment["HOME"])
            secret = try Self.secret(fromFile: path, key: key, document: document, line: line)
            secretSources[base] = "file \(value)"
        } else {
            try Self.checkInlineSecretAllowed(document: document, key: key, line: line)
            secret = Secret(value)
            secretSources[base] = "inline"
        }
        written[base] = ("<redacted>", line)
        return secret
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

    /// A config file that holds a secret inline must be readable by its owner only, as ssh
    /// insists for private keys.
    private static func checkInlineSecretAllowed(document: ConfigDocument, key: String, line: Int) throws(ConfigError) {
        var info = stat()
        guard stat(document.path, &info) == 0, info.st_mode & 0o077 != 0 else { return }
        throw ConfigError(
            file: document.path,
            line: line,
            key: key,
            message:
                "is a secret written inline in a file that group or others can read; run 'chmod 600 \(document.path)', or use \(key.split(separator: ".").last!)_env or \(key.split(separator: ".").last!)_file instead"
        )
    }

    private static func secret(
        fromVariable name: String,
        key: String,
        environment: ShareEnvironment,
        document: ConfigDocument,
        line: Int
    ) throws(ConfigError) -> Secret {
        guard let secret = Secret(environment: environment, variable: name) else {
            throw ConfigError(
                file: document.path,
                line: line,
                key: key,
                message: "names the variable \(name), which is not set; export it or change the key"
            )
        }
        return secret
    }

    private static func secret(
        fromFile path: String,
        key: String,
        document: ConfigDocument,
        line: Int
    ) throws(ConfigError) -> Secret {
        func refuse(_ message: String) -> ConfigError {
            ConfigError(file: document.path, line: line, key: key, message: message)
        }
        var info = stat()
        guard stat(path, &info) == 0 else {
            throw refuse("names \(path), which can't be read: \(String(cString: strerror(errno)))")
        }
        guard info.st_mode & 0o077 == 0 else {
            throw refuse("names \(path), which group or others can read; run 'chmod 600 \(path)'")
        }
        guard info.st_size <= 65536, let data = FileManager.default.contents(atPath: path),
            let text = String(data: data, encoding: .utf8)
        else { throw refuse("names \(path), which is not a UTF-8 text file of at most 64 KiB") }
        var value = Substring(text)
        // By scalar: CR LF is one Character, equal to neither "\n" nor "\r".
        while let last = value.unicodeScalars.last, last == "\n" || last == "\r" {
            value = Substring(value.unicodeScalars.dropLast())
        }
        guard !value.isEmpty else { throw refuse("names \(path), which is empty") }
        return Secret(String(value))
    }
}

/// Every problem found in a config file.
struct ConfigErrors: Error, Sendable, CustomStringConvertible {
    var errors: [ConfigError]
    var description: String { errors.map(\.description).joined(separator: "\n") }
}
