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

    var chains: [String: [DestinationID]] = [:]
    /// Every fixed key's value as written, with its line: the config file as a settings provider.
    var values: [String: SettingValue] = [:]
    /// The share's own settings from the file, checked.
    var share = ShareSettings.Values()
    /// How plugins are found and how long they may take, from the file.
    var plugins = PluginSettings()
    /// The built-ins' secrets (`email.password`), resolved, by key.
    var secrets: [String: Secret] = [:]
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

    /// The file as a settings provider, after the command line and the environment.
    var provider: KeyedSettingsProvider { KeyedSettingsProvider(name: path ?? "config file", values: values) }

    /// The destinations tried after `--to`, from the file.
    var fallback: [DestinationID]?

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
                    fail("must be \(ShareSetting.Kind.destinations.words)")
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
            if let declared = ConfigSchema.setting(SecretReference.base(of: key)), declared.isSecret,
                let owner = ConfigSchema.owner(ofSecret: declared)
            {
                guard case .scalar(let value) = entry.value else {
                    fail("must be a single value")
                    continue
                }
                let reference = reference(key: key, name: key, value: value, line: entry.line, home: home)
                if let secret = resolveSecret(
                    reference,
                    for: owner.id,
                    named: owner.name,
                    shownAs: owner.key,
                    in: environment,
                    ofPlugin: false
                ) {
                    secrets[owner.key] = secret
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
            guard let problem = record(setting, entry, home: home) else {
                written[key] = (shown, entry.line)
                continue
            }
            fail(problem)
        }
        // Every fixed key is checked by the code that reads it, for a flag and a variable alike.
        var problems: [SettingError] = []
        let reader = SettingsReader(providers: [provider])
        fallback = ShareChainSettings.fallback(reading: reader, problems: &problems)
        share = ShareSettings.Values(reading: reader, problems: &problems)
        plugins = PluginSettings(reading: reader, problems: &problems)
        _ = OutboxSettings.values(reading: reader, problems: &problems)
        problems += StandardDestinations.check(reader)
        for problem in problems {
            let message = problem.problem.hasPrefix(": ") ? String(problem.problem.dropFirst(2)) : problem.problem
            errors.append(
                ConfigError(file: document.path, line: problem.source.line, key: problem.setting.key, message: message)
            )
        }
        if !errors.isEmpty {
            throw ConfigErrors(errors: errors.sorted { ($0.line ?? 0) < ($1.line ?? 0) })
        }
    }

    /// Keeps one fixed key's value for the settings reader; returns what is wrong with its shape
    /// (a list where one value belongs, or the other way round), or nil.
    private mutating func record(
        _ setting: ShareSetting,
        _ entry: ConfigDocument.Entry,
        home: String?
    ) -> String? {
        let source = SettingSource.file(path ?? "", line: entry.line)
        let expandsPaths = setting.kind == .path || setting.kind == .paths
        switch entry.value {
        case .list(let items):
            guard setting.kind.isList else { return "must be \(setting.kind.words)" }
            values[setting.key ?? ""] = SettingValue(
                list: expandsPaths ? items.map { Self.expand($0, home: home) } : items,
                source: source
            )
        case .scalar(let text):
            if setting.kind == .destinations || setting.kind == .paths {
                return "must be \(setting.kind.words), written as a YAML list"
            }
            values[setting.key ?? ""] = SettingValue(
                expandsPaths ? Self.expand(text, home: home) : text,
                source: source
            )
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
        in environment: ShareEnvironment,
        ofPlugin: Bool = true
    ) -> Secret? {
        secretSources[shown] = reference.origin
        written[shown] = ("<redacted>", reference.line)
        switch reference.resolve(environment: environment) {
        case .success(let secret):
            if ofPlugin { pluginSecrets[destination, default: [:]][name] = secret }
            return secret
        case .failure(let problem):
            secretProblems[destination, default: [:]][name] = problem.message
            return nil
        }
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
