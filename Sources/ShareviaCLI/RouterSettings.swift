import ArgumentParser
import Destinations
import ShareCore

#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// What the router's options (`--unavailable`, `--out`, `--timeout`, `--retries`, `--config`) and
/// the destinations' flags (``CommandOptions``) ask for, as plain values, and the router they build.
///
/// Every destination setting is resolved by one ``SettingsReader``: the flags, then the
/// environment (read once per run), then the config file, then the default.
struct RouterSettings: Equatable, Sendable {
    var unavailable: String?
    var out: String?
    /// `--timeout`, in seconds, as given.
    var timeout: Double?
    /// `--retries`, as given.
    var retries: Int?
    /// `--config`: the config file to read instead of the default.
    var configFile: String?
    /// The values of the destinations' own flags (`--instagram-app-id`, `--selection`, ...), by
    /// long name without dashes; a flag given has `["true"]`.
    var destinationFlags: [String: [String]] = [:]
    /// The config file, once read: a settings provider after the flags and the environment.
    var config: KeyedSettingsProvider?
    /// Secrets the config file resolved (the SMTP password), by key.
    var configSecrets: [String: Secret] = [:]
    /// Plugins' settings from the config file, and the plugins found for this command.
    var plugins = PluginSettings()
    var pluginCatalog = PluginCatalog()
    /// Built-in destinations whose secret in the config file can't be resolved, with the reason:
    /// each is unavailable; every other destination goes on.
    var unresolvedSecrets: [DestinationID: String] = [:]

    static func == (lhs: RouterSettings, rhs: RouterSettings) -> Bool {
        lhs.commandLineValues == rhs.commandLineValues && lhs.unavailable == rhs.unavailable
            && lhs.configFile == rhs.configFile && lhs.config?.values == rhs.config?.values
    }

    /// These settings with the destinations' flags added.
    func with(flags: [String: [String]]) -> RouterSettings {
        var copy = self
        copy.destinationFlags.merge(flags) { _, new in new }
        return copy
    }

    /// Every flag given that a setting reads, by long name.
    var commandLineValues: [String: [String]] {
        var values = destinationFlags
        if let out { values[ShareSettings.outputFolder.flag!] = [out] }
        if let timeout { values[ShareSettings.timeout.flag!] = [String(timeout)] }
        if let retries { values[ShareSettings.retries.flag!] = [String(retries)] }
        return values
    }

    /// Every setting, resolved: the flags, then `environment`, then the config file.
    func reader(environment: ShareEnvironment) -> SettingsReader {
        var providers: [any SettingsProvider] = [
            CommandLineSettingsProvider(values: commandLineValues),
            EnvironmentSettingsProvider(environment: environment),
        ]
        if let config { providers.append(config) }
        return SettingsReader(providers: providers)
    }

    /// The share's own settings from every source (already checked when read).
    func shareValues(environment: ShareEnvironment) -> ShareSettings.Values {
        var ignored: [SettingError] = []
        return ShareSettings.Values(reading: reader(environment: environment), problems: &ignored)
    }

    /// How long one delivery may take: `--timeout`, else the config file's, else 30 s.
    func deliveryTimeout(environment: ShareEnvironment) -> Duration {
        shareValues(environment: environment).timeout ?? ShareSettings.defaultTimeout
    }

    /// Checks the flags, every destination's too, with the code that reads them.
    ///
    /// - Throws: `ValidationError` naming the first bad flag and what to write instead.
    func validate() throws {
        let flags = SettingsReader(providers: [CommandLineSettingsProvider(values: commandLineValues)])
        var problems: [SettingError] = []
        _ = ShareSettings.Values(reading: flags, problems: &problems)
        problems += StandardDestinations.check(flags)
        if let problem = problems.first { throw ValidationError(problem.description) }
        if let configFile, configFile.isEmpty { throw ValidationError("--config needs a file path") }
    }

    /// `environment` for destinations, without the variables of settings a flag gave: a flag
    /// wins over a variable (`--clipboard-backend auto` hides `SHAREVIA_CLIPBOARD_BACKEND`).
    func destinationEnvironment(_ environment: ShareEnvironment) -> ShareEnvironment {
        var environment = environment
        for setting in StandardDestinations.settings where destinationFlags[setting.flag ?? ""] != nil {
            if let variable = setting.variable { environment[variable] = nil }
        }
        return environment
    }

    /// Destinations marked unavailable by the variable in `environment` and the flag.
    private func simulatedUnavailable(in environment: ShareEnvironment) -> [DestinationID: String] {
        var marked = environment.simulatedUnavailable
        for (id, reason) in unresolvedSecrets where marked[id] == nil { marked[id] = reason }
        for (id, reason) in ShareEnvironment.parseUnavailable(unavailable ?? "", source: "--unavailable") {
            marked[id] = reason
        }
        return marked
    }

    /// The registry: the built-ins plus any an integrator added through ``ShareviaMain``.
    func registry(environment: ShareEnvironment) -> DestinationRegistry {
        ShareviaMain.makeRegistry(context(environment: environment), pluginsToRegister(environment: environment))
    }

    /// What the built-ins are built from.
    func context(environment: ShareEnvironment) -> DestinationContext {
        let reader = reader(environment: environment)
        var ignored: [SettingError] = []
        let folder = ShareSettings.Values(reading: reader, problems: &ignored).outputFolder
        return DestinationContext(
            settings: reader,
            environment: destinationEnvironment(environment),
            outputDirectory: folder.map(Self.absolute),
            secrets: configSecrets
        )
    }

    /// The plugins, with `deliver`'s limit no longer than the limit the router gives one
    /// delivery: a plugin is told, and held to, the time it really has.
    private func pluginsToRegister(environment: ShareEnvironment) -> StandardDestinations.Plugins {
        var settings = plugins
        settings.deliverTimeout = min(settings.deliverTimeout, deliveryTimeout(environment: environment))
        return StandardDestinations.Plugins(catalog: pluginCatalog, settings: settings)
    }

    /// A router over the registry with these options, after checking the ids that `--unavailable`
    /// and `SHAREVIA_UNAVAILABLE` name: an unknown id in the flag is a usage error, in the
    /// variable a warning on stderr (a stale variable should not break every share).
    ///
    /// - Throws: ``CommandFailure`` (usage) naming the unknown id and the known ones.
    func checkedRouter(environment: ShareEnvironment) throws -> ShareRouter {
        let router = router(environment: environment)
        let registry = router.registry
        func unknown(in list: String) -> [DestinationID] {
            DestinationID.list(parsing: list).filter { !registry.contains($0) }
        }
        let known = registry.ids.map(\.rawValue).joined(separator: ", ")
        if let bad = unknown(in: unavailable ?? "").first {
            let meant = DidYouMean.closest(to: bad.rawValue, in: registry.ids.map(\.rawValue))
            throw usageFailure(
                "--unavailable names unknown destination '\(bad)'. Known destinations: \(known) (run 'sharevia destinations')"
                    + (meant.map { "; did you mean '\($0)'?" } ?? "")
            )
        }
        let variable = ShareEnvironment.unavailableVariable
        for bad in unknown(in: environment[variable] ?? "") {
            StandardStreams.printError(
                "warning: \(variable) names unknown destination '\(bad)'; ignoring it. Known destinations: \(known)"
            )
        }
        return router
    }

    /// A router over the registry with these options.
    func router(environment: ShareEnvironment) -> ShareRouter {
        let values = shareValues(environment: environment)
        return ShareRouter(
            registry: registry(environment: environment),
            retryPolicy: RetryPolicy(
                maxAttempts: (values.retries ?? ShareSettings.defaultRetries) + 1,
                deliveryTimeout: values.timeout ?? ShareSettings.defaultTimeout
            ),
            simulatedUnavailable: simulatedUnavailable(in: environment),
            scheduling: ShareviaMain.routerScheduling
        )
    }

    private static func absolute(_ path: String) -> String {
        path.hasPrefix("/") ? path : FileManager.default.currentDirectoryPath + "/" + path
    }
}
