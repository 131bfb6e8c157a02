import Clipboard
import ShareCore

extension DestinationRegistry {
    /// A registry with every built-in destination, configured from the environment.
    ///
    /// Add your own with ``DestinationRegistry/register(_:)`` afterwards.
    ///
    /// - Parameters:
    ///   - environment: Where destinations read `DISPLAY`, `PATH`, `HOME` and credentials.
    ///   - mastodonInstance: The Mastodon server, overriding `SHAREVIA_MASTODON_INSTANCE`.
    public static func standard(environment: ShareEnvironment, mastodonInstance: String? = nil) -> DestinationRegistry {
        var registry = DestinationRegistry()
        for destination in StandardDestinations.all(environment: environment, mastodonInstance: mastodonInstance) {
            // Built-in ids are distinct and well formed; a clash is a programming error caught by tests.
            try? registry.register(destination)
        }
        return registry
    }
}

/// The built-in destinations, in the order `sharevia destinations` lists them.
public enum StandardDestinations {
    /// Every built-in destination, configured from the environment.
    public static func all(environment: ShareEnvironment, mastodonInstance: String? = nil) -> [any ShareDestination] {
        [
            ClipboardDestination(environment: environment),
            FileExportDestination(environment: environment),
        ] + WebIntentDestinations.all(environment: environment, mastodonInstance: mastodonInstance)
    }
}
