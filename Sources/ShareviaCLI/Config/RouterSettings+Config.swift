import Clipboard
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
        var settings = self
        settings.out = out ?? config.outputFolder
        settings.selection = selection ?? config.clipboardSelection
        settings.noVerify = noVerify || config.clipboardVerify == false
        settings.timeout = timeout ?? config.timeout
        settings.retries = retries ?? config.retries
        var variables: [String: String] = [:]
        if let backend = config.clipboardBackend {
            variables[ClipboardDestination.BackendPreference.environmentVariable] = backend.rawValue
        }
        if let appID = config.instagramAppID { variables[InstagramDestination.Configuration.appIDVariable] = appID }
        if let instance = config.mastodonInstance { variables[MastodonIntent.instanceVariable] = instance }
        if let limit = config.mastodonLimit { variables[MastodonIntent.limitVariable] = String(limit) }
        for (name, value) in config.variables { variables[name] = value }
        settings.configVariables = variables
        if settings.email.to.isEmpty { settings.email.to = config.emailTo }
        if settings.email.cc.isEmpty { settings.email.cc = config.emailCc }
        if settings.email.caFile == nil { settings.email.caFile = config.emailCAFile }
        if settings.email.security == nil, let tls = config.emailTLS {
            settings.email.security = EmailDestination.TransportSecurity(rawValue: tls)
        }
        // A password in the file counts only when neither a flag nor the variable gave one.
        let passwordVariable = EmailDestination.Configuration.passwordVariable
        if settings.email.password == nil, ShareEnvironment(ProcessEnvironment.variables())[passwordVariable] == nil {
            settings.email.password = config.emailPassword
        }
        let environment = ShareEnvironment(ProcessEnvironment.variables())
        settings.plugins = PluginSettings(
            folders: config.pluginFolders,
            searchPath: config.pluginSearchPath ?? false,
            deliverTimeout: .milliseconds(Int((config.pluginTimeout ?? 30) * 1000)),
            settings: config.pluginSettings,
            secrets: config.pluginSecrets,
            cacheFile: PluginSettings.defaultCacheFile(environment: environment)
        )
        return settings
    }

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
