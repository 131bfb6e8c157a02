import LocalFiles
import ShareCore

/// A plugin's settings and secrets once its declared secrets are resolved.
///
/// A secret is what the plugin declares in `describe` (`"secrets": ["token"]`) or what has a
/// secret's name (``SecretReference/looksSecret(_:)``); only those are read from `NAME_env` or
/// `NAME_file`, so `state_file: /tmp/x` stays the setting `state_file` for a plugin that
/// declares no `state`. A secret that can't be resolved is listed in ``missing`` with the reason.
struct PluginSecrets: Sendable {
    /// The settings handed to the plugin, without the ones that turned out to be secrets.
    var settings: [String: String]
    /// The secrets handed to `deliver`.
    var secrets: [String: Secret]
    /// Each secret that is declared or configured but can't be resolved, with the reason.
    var missing: [String: String]
    /// The plugin's id, which names its keys in the config file.
    var id: DestinationID

    /// Resolves `id`'s secrets from `configuration`, reading variables from `environment`.
    init(id: DestinationID, declared: [String], configuration: PluginSettings, environment: ShareEnvironment) {
        self.id = id
        settings = configuration.settings[id] ?? [:]
        secrets = configuration.secrets[id] ?? [:]
        missing = configuration.secretProblems[id] ?? [:]
        let possible = configuration.possibleSecrets[id] ?? [:]
        for name in Set(declared) where secrets[name] == nil && missing[name] == nil {
            guard let reference = possible[name] else {
                missing[name] = Self.notSet(name)
                continue
            }
            // The setting it was written as is a secret now, not a setting.
            if let written = reference.key.split(separator: ".", maxSplits: 3).last {
                settings[String(written)] = nil
            }
            switch reference.resolve(environment: environment) {
            case .success(let secret): secrets[name] = secret
            case .failure(let problem): missing[name] = problem.message
            }
        }
    }

    /// The facts behind ``missingReason``: the secrets setting lacks the names in `found`.
    var missingDetail: ShareError.Detail? {
        guard !missing.isEmpty else { return nil }
        let names = missing.keys.sorted()
        let mentions = names.map { name in
            // The secret is set in the config file by a `_env` or a `_file` key under the plugin's.
            let key = ShareSetting(key: "plugins.settings.\(id).\(name)", kind: .text, isSecret: true)
            return SettingMention(
                Self.notSet(name),
                advice:
                    "secret '\(name)' is not set; add \(key: key)_env: VARIABLE or \(name)_file: PATH to the config file"
            )
        }
        return .init(.missingSetting, setting: "secrets", found: names, mentions: mentions)
    }

    /// Why the secret `name` is missing when nothing sets it.
    private static func notSet(_ name: String) -> String {
        "secret '\(name)' is not set (PluginSettings.secrets)"
    }

    /// The reasons, one sentence each, in name order.
    var missingReason: String? {
        missing.isEmpty ? nil : missing.sorted { $0.key < $1.key }.map(\.value).joined(separator: "; ")
    }
}
