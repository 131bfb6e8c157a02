import Clipboard
import ProcessRunning
import ShareCore

extension DestinationRegistry {
    /// A registry with every built-in destination, configured from the environment.
    ///
    /// Each is registered as its descriptor and built only when something asks for it (a chain
    /// that names it, `sharevia destinations`), so a share builds only its chain. Add your own with
    /// ``DestinationRegistry/register(_:)`` afterwards.
    ///
    /// - Parameters:
    ///   - environment: Where destinations read `DISPLAY`, `PATH`, `HOME` and credentials.
    ///   - settings: Settings from the caller, over the environment's.
    public static func standard(
        environment: ShareEnvironment,
        settings: DestinationSettings = DestinationSettings()
    ) -> DestinationRegistry {
        var registry = DestinationRegistry()
        for entry in StandardDestinations.entries(environment: environment, settings: settings) {
            // Built-in ids are distinct and well formed; a clash is a programming error caught by tests.
            try? registry.register(entry.descriptor, build: entry.build)
        }
        return registry
    }
}

/// The built-in destinations, in the order `sharevia destinations` lists them.
public enum StandardDestinations {
    /// A built-in destination as data: its descriptor, and how to build it.
    public struct Entry: Sendable {
        /// What it is and what it takes.
        public var descriptor: DestinationDescriptor
        /// Builds it, configured as the entry was asked for.
        public var build: @Sendable () -> any ShareDestination
    }

    /// Every built-in destination as an entry; building none of them.
    public static func entries(
        environment: ShareEnvironment,
        settings: DestinationSettings = DestinationSettings()
    ) -> [Entry] {
        let runner = ProcessRunner()
        let core = [
            Entry(descriptor: ClipboardDestination.standardDescriptor) {
                ClipboardDestination(configuration: settings.clipboard, environment: environment, runner: runner)
            },
            Entry(descriptor: FileExportDestination.standardDescriptor) {
                FileExportDestination(
                    configuration: .init(directory: settings.outputDirectory),
                    environment: environment
                )
            },
            Entry(descriptor: InstagramDestination.standardDescriptor) {
                var configuration = settings.instagram
                configuration.outputDirectory = configuration.outputDirectory ?? settings.outputDirectory
                return InstagramDestination(configuration: configuration, environment: environment, runner: runner)
            },
            Entry(descriptor: SMSDestination.standardDescriptor) {
                SMSDestination(configuration: settings.sms, environment: environment, runner: runner)
            },
            Entry(descriptor: EmailDestination.standardDescriptor) {
                var configuration = settings.email
                configuration.outputDirectory = configuration.outputDirectory ?? settings.outputDirectory
                return EmailDestination(configuration: configuration, environment: environment)
            },
        ]
        let intents = WebIntentDestinations.services(
            environment: environment,
            mastodonInstance: settings.mastodonInstance
        )
        .map { service in
            Entry(descriptor: WebIntentDestination.descriptor(for: service)) {
                WebIntentDestination(service: service, environment: environment, runner: runner)
            }
        }
        let plugins = settings.pluginCatalog.entries.map { entry in
            Entry(descriptor: entry.descriptor) {
                PluginDestination(entry: entry, settings: settings.plugins, environment: environment, runner: runner)
            }
        }
        return core + intents + plugins
    }

    /// The ids (and aliases) of the built-in destinations, which no plugin may take.
    public static func builtInIDs(environment: ShareEnvironment) -> Set<DestinationID> {
        Set(entries(environment: environment).flatMap { [$0.descriptor.id] + $0.descriptor.aliases })
    }

    /// Every built-in destination, built.
    public static func all(
        environment: ShareEnvironment,
        settings: DestinationSettings = DestinationSettings()
    ) -> [any ShareDestination] {
        entries(environment: environment, settings: settings).map { $0.build() }
    }
}
