import Destinations
import ShareCore

extension RouterSettings {
    /// The config file these settings name (`--config`), or `SHAREVIA_CONFIG`'s, or the default.
    ///
    /// - Throws: ``CommandFailure`` (usage) listing every problem with file, line and key.
    func loadConfig() throws -> ShareviaConfig {
        do {
            return try ConfigLocation.load(
                flag: configFile,
                environment: ShareEnvironment(ProcessEnvironment.variables())
            )
        } catch {
            throw usageFailure("config: \(error.description)")
        }
    }

    /// These settings over the config file's: a flag wins, then a `SHAREVIA_*` variable (read
    /// from ``configVariables``' overlay, where the file only fills unset ones), then the file,
    /// then the default.
    func layered(over config: ShareviaConfig) -> RouterSettings {
        let environment = ShareEnvironment(ProcessEnvironment.variables())
        var settings = self
        settings.out = out ?? config.outputFolder
        settings.selection = selection ?? config.clipboardSelection
        settings.noVerify = noVerify || config.clipboardVerify == false
        settings.timeout = timeout ?? config.timeout
        settings.retries = retries ?? config.retries
        settings.configVariables = config.variables
        if settings.email.to.isEmpty { settings.email.to = config.emailTo }
        if settings.email.cc.isEmpty { settings.email.cc = config.emailCc }
        if settings.email.caFile == nil { settings.email.caFile = config.emailCAFile }
        if settings.email.attachmentLimit == nil {
            settings.email.attachmentLimit = config.emailMaxAttachmentMiB.map { $0 * 1_048_576 }
        }
        if settings.email.security == nil, let tls = config.emailTLS {
            settings.email.security = EmailDestination.TransportSecurity(rawValue: tls)
        }
        // A password in the file counts only when neither a flag nor the variable gave one.
        if settings.email.password == nil, environment[EmailDestination.Configuration.passwordVariable] == nil {
            settings.email.password = config.emailPassword
            if let problem = config.secretProblems["email"]?["password"] {
                settings.unresolvedSecrets["email"] = problem
            }
        }
        settings.plugins = PluginSettings(
            folders: config.pluginFolders,
            searchPath: config.pluginSearchPath ?? false,
            deliverTimeout: .milliseconds(Int((config.pluginTimeout ?? 30) * 1000)),
            settings: config.pluginSettings,
            secrets: config.pluginSecrets,
            cacheFile: PluginSettings.defaultCacheFile(environment: environment)
        )
        settings.plugins.possibleSecrets = config.pluginPossibleSecrets
        settings.plugins.secretProblems = config.secretProblems.filter { $0.key != "email" }
        settings.plugins.knownSecrets = Self.knownSecrets(email: settings.email.password, environment: environment)
        return settings
    }

    /// Secrets a plugin must never echo back into output: the SMTP password and the value of
    /// every variable whose name looks like a secret's (`*TOKEN*`, `*PASSWORD*`, `*_KEY`), which
    /// a plugin could read from `/proc/<sharevia's pid>/environ`. A variable's value shorter than
    /// ``shortestVariableSecret`` bytes is left out: `TOKENIZERS_PARALLELISM=false` is no secret,
    /// and taking every `false` out of a plugin's answer would garble it.
    static func knownSecrets(email: Secret?, environment: ShareEnvironment) -> [Secret] {
        let variables = environment.variables.filter {
            SecretReference.looksSecret($0.key) && $0.value.utf8.count >= shortestVariableSecret
        }
        return [email].compactMap { $0 } + variables.values.map { Secret($0) }
    }

    /// The fewest bytes a secret-looking variable's value needs to be redacted from plugin output.
    static let shortestVariableSecret = 8

    /// These settings with the plugins among `wanted` (every plugin when nil) found and described.
    func withPlugins(wanted: Set<DestinationID>?) async -> RouterSettings {
        var settings = self
        let environment = self.environment
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
