import Destinations
import ShareCore

extension RouterSettings {
    /// The config file these settings name (`--config`), or `SHAREVIA_CONFIG`'s, or the default.
    ///
    /// - Throws: ``CommandFailure`` (usage) listing every problem with file, line and key.
    func loadConfig(environment: ShareEnvironment) throws -> ShareviaConfig {
        do {
            return try ConfigLocation.load(flag: configFile, environment: environment)
        } catch {
            throw usageFailure("config: \(error.description)")
        }
    }

    /// These settings over the config file's: the file becomes the reader's last provider (a
    /// flag wins, then a `SHAREVIA_*` variable, then the file, then the default), and plugins
    /// are set up from it.
    func layered(over config: ShareviaConfig, environment: ShareEnvironment) -> RouterSettings {
        var settings = self
        settings.config = config.provider
        // A secret in the file counts only when its variable gave none.
        var owners: Set<DestinationID> = []
        for setting in ConfigSchema.settings {
            guard let owner = ConfigSchema.owner(ofSecret: setting) else { continue }
            owners.insert(owner.id)
            guard setting.variable.map({ environment[$0] == nil }) ?? true else { continue }
            settings.configSecrets[owner.key] = config.secrets[owner.key]
            if let problem = config.secretProblems[owner.id]?[owner.name] {
                settings.unresolvedSecrets[owner.id] = problem
            }
        }
        settings.plugins = config.plugins
        settings.plugins.settings = config.pluginSettings
        settings.plugins.secrets = config.pluginSecrets
        settings.plugins.cacheFile = PluginSettings.defaultCacheFile(environment: environment)
        settings.plugins.possibleSecrets = config.pluginPossibleSecrets
        settings.plugins.secretProblems = config.secretProblems.filter { !owners.contains($0.key) }
        settings.plugins.knownSecrets = Self.knownSecrets(
            Array(settings.configSecrets.values),
            environment: environment
        )
        return settings
    }

    /// Secrets a plugin must never echo back into output: the SMTP password and the value of
    /// every variable whose name looks like a secret's (`*TOKEN*`, `*PASSWORD*`, `*_KEY`), which
    /// a plugin could read from `/proc/<sharevia's pid>/environ`. A variable's value shorter than
    /// ``shortestVariableSecret`` bytes is left out: `TOKENIZERS_PARALLELISM=false` is no secret,
    /// and taking every `false` out of a plugin's answer would garble it.
    static func knownSecrets(email: Secret?, environment: ShareEnvironment) -> [Secret] {
        knownSecrets([email].compactMap { $0 }, environment: environment)
    }

    /// `secrets` (the built-ins' from the config file) and the secret-looking variables' values.
    static func knownSecrets(_ secrets: [Secret], environment: ShareEnvironment) -> [Secret] {
        let variables = environment.variables.filter {
            SecretReference.looksSecret($0.key) && $0.value.utf8.count >= shortestVariableSecret
        }
        return secrets + variables.values.map { Secret($0) }
    }

    /// The fewest bytes a secret-looking variable's value needs to be redacted from plugin output.
    static let shortestVariableSecret = 8

    /// These settings with the plugins among `wanted` (every plugin when nil) found and described.
    func withPlugins(wanted: Set<DestinationID>?, environment: ShareEnvironment) async -> RouterSettings {
        var settings = self
        settings.pluginCatalog = await PluginCatalog.load(
            settings: plugins,
            environment: environment,
            builtIns: StandardDestinations.builtInIDs(environment: environment),
            wanted: wanted,
            shareviaVersion: ShareviaVersion.current
        )
        return settings
    }
}
