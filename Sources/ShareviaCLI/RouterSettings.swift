import ArgumentParser
import Clipboard
import Destinations
import ShareCore

#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// What ``RouterOptions`` (`--unavailable`, `--out`, `--selection`, `--no-verify`,
/// `--clipboard-backend`, `--mastodon-instance`, `--timeout`, `--retries`) ask for, as plain values,
/// and the router they build.
struct RouterSettings: Equatable, Sendable {
    /// `--timeout`'s default, in seconds.
    static let defaultTimeout: Double = 30
    /// `--retries`' default.
    static let defaultRetries = 2

    var unavailable: String?
    var out: String?
    var selection: ClipboardSelection?
    var noVerify = false
    var clipboardBackend: ClipboardDestination.BackendPreference?
    var mastodonInstance: String?
    /// `--timeout`; nil for the config file's, else ``defaultTimeout``.
    var timeout: Double?
    /// `--retries`; nil for the config file's, else ``defaultRetries``.
    var retries: Int?
    /// `--config`: the config file to read instead of the default.
    var configFile: String?
    /// Plugins' settings from the config file, and the plugins found for this command.
    var plugins = PluginSettings()
    var pluginCatalog = PluginCatalog()
    /// Settings from the config file that destinations read as `SHAREVIA_*` variables, used
    /// when the variable itself is unset (a variable beats the file).
    var configVariables: [String: String] = [:]
    /// Built-in destinations whose secret in the config file can't be resolved, with the reason:
    /// each is unavailable; every other destination goes on.
    var unresolvedSecrets: [DestinationID: String] = [:]
    /// Instagram Stories' options (`--instagram-app-id`, `--as`, ...), read by ArgumentParser only.
    var instagram = InstagramDestination.Configuration()
    /// SMS's options (`--sms-to`, `--sms-device`, ...), read by ArgumentParser only.
    var sms = SMSDestination.Configuration()
    /// Email's options (`--smtp`, `--email-to`, ...), read by ArgumentParser only.
    var email = EmailDestination.Configuration()

    /// These settings with Instagram's options.
    func with(instagram: InstagramDestination.Configuration) -> RouterSettings {
        var copy = self
        copy.instagram = instagram
        return copy
    }

    /// These settings with SMS's options.
    func with(sms: SMSDestination.Configuration) -> RouterSettings {
        var copy = self
        copy.sms = sms
        return copy
    }

    /// These settings with email's options.
    func with(email: EmailDestination.Configuration) -> RouterSettings {
        var copy = self
        copy.email = email
        return copy
    }

    func validate() throws {
        if let timeout, !(timeout > 0 && timeout <= 3600) {
            throw ValidationError("--timeout must be between 0 and 3600 seconds")
        }
        if let retries, !(0...10).contains(retries) { throw ValidationError("--retries must be between 0 and 10") }
        if let out, out.isEmpty { throw ValidationError("--out needs a folder path") }
        if let configFile, configFile.isEmpty { throw ValidationError("--config needs a file path") }
    }

    /// The environment of this process; `--clipboard-backend auto` hides
    /// `SHAREVIA_CLIPBOARD_BACKEND`, since a flag wins over a variable.
    var environment: ShareEnvironment {
        var environment = ShareEnvironment(ProcessEnvironment.variables())
        for (name, value) in configVariables where environment[name] == nil {
            environment.variables[name] = value
        }
        if clipboardBackend == .automatic {
            environment[ClipboardDestination.BackendPreference.environmentVariable] = nil
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
    func registry() -> DestinationRegistry {
        ShareviaMain.makeRegistry(environment, destinationSettings)
    }

    /// What the flags set for each destination, as typed settings.
    var destinationSettings: DestinationSettings {
        DestinationSettings(
            mastodonInstance: mastodonInstance,
            outputDirectory: out.map(Self.absolute),
            clipboard: ClipboardDestination.Configuration(
                selection: selection ?? .clipboard,
                verify: !noVerify,
                // `--timeout` governs each clipboard command as it governs an SMTP delivery;
                // without it, the clipboard's own 5 s (a frozen display server fails fast).
                timeout: timeout.map { .milliseconds(Int($0 * 1000)) }
                    ?? ClipboardDestination.Configuration.defaultTimeout,
                backend: clipboardBackend ?? .automatic
            ),
            instagram: instagram,
            plugins: pluginSettings,
            pluginCatalog: pluginCatalog,
            sms: sms,
            email: emailConfiguration
        )
    }

    /// The plugins' settings with `deliver`'s limit no longer than `--timeout`, the limit the
    /// router gives one delivery: a plugin is told, and held to, the time it really has.
    private var pluginSettings: PluginSettings {
        var settings = plugins
        let share = Duration.milliseconds(Int((timeout ?? Self.defaultTimeout) * 1000))
        settings.deliverTimeout = min(settings.deliverTimeout, share)
        return settings
    }

    /// Email's options, with `--timeout` as the limit of one SMTP delivery.
    private var emailConfiguration: EmailDestination.Configuration {
        var configuration = email
        configuration.timeout = .milliseconds(Int((timeout ?? Self.defaultTimeout) * 1000))
        return configuration
    }

    /// A router over the registry with these options, after checking the ids that `--unavailable`
    /// and `SHAREVIA_UNAVAILABLE` name: an unknown id in the flag is a usage error, in the
    /// variable a warning on stderr (a stale variable should not break every share).
    ///
    /// - Throws: ``CommandFailure`` (usage) naming the unknown id and the known ones.
    func checkedRouter() throws -> ShareRouter {
        let environment = environment  // copying the process environment costs a dictionary; once is enough
        let router = router(in: environment)
        let registry = router.registry
        func unknown(in list: String) -> [DestinationID] {
            DestinationID.list(parsing: list).filter { !registry.contains($0) }
        }
        let known = registry.ids.map(\.rawValue).joined(separator: ", ")
        if let bad = unknown(in: unavailable ?? "").first {
            throw usageFailure(
                "--unavailable names unknown destination '\(bad)'. Known destinations: \(known) (run 'sharevia destinations')"
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
    func router() -> ShareRouter { router(in: environment) }

    private func router(in environment: ShareEnvironment) -> ShareRouter {
        ShareRouter(
            registry: ShareviaMain.makeRegistry(environment, destinationSettings),
            retryPolicy: RetryPolicy(
                maxAttempts: (retries ?? Self.defaultRetries) + 1,
                deliveryTimeout: .milliseconds(Int((timeout ?? Self.defaultTimeout) * 1000))
            ),
            simulatedUnavailable: simulatedUnavailable(in: environment),
            scheduling: ShareviaMain.routerScheduling
        )
    }

    private static func absolute(_ path: String) -> String {
        path.hasPrefix("/") ? path : FileManager.default.currentDirectoryPath + "/" + path
    }
}
