import Clipboard
import ShareCore

extension DestinationRegistry {
    /// A registry with every built-in destination, configured from the environment.
    ///
    /// Add your own with ``DestinationRegistry/register(_:)`` afterwards.
    ///
    /// - Parameters:
    ///   - environment: Where destinations read `DISPLAY`, `PATH`, `HOME` and credentials.
    ///   - settings: Settings from the caller, over the environment's.
    public static func standard(
        environment: ShareEnvironment,
        settings: DestinationSettings = DestinationSettings()
    ) -> DestinationRegistry {
        var registry = DestinationRegistry()
        for destination in StandardDestinations.all(environment: environment, settings: settings) {
            // Built-in ids are distinct and well formed; a clash is a programming error caught by tests.
            try? registry.register(destination)
        }
        return registry
    }
}

/// The built-in destinations, in the order `sharevia destinations` lists them.
public enum StandardDestinations {
    /// Every built-in destination, configured from the environment.
    public static func all(
        environment: ShareEnvironment,
        settings: DestinationSettings = DestinationSettings()
    ) -> [any ShareDestination] {
        [
            ClipboardDestination(environment: environment),
            FileExportDestination(
                configuration: .init(directory: settings.outputDirectory),
                environment: environment
            ),
        ] + WebIntentDestinations.all(environment: environment, mastodonInstance: settings.mastodonInstance)
    }
}
