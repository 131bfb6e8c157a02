import Clipboard
import ProcessRunning
import ShareCore

extension DestinationRegistry {
    /// A registry with every built-in destination, configured from `context`.
    ///
    /// Each is registered as its descriptor and built only when something asks for it (a chain
    /// that names it, `sharevia destinations`), so a share builds only its chain. Add your own with
    /// ``DestinationRegistry/register(_:)`` afterwards.
    ///
    /// - Parameters:
    /// - Parameter context: The settings (flag, variable, config file, default), the environment and the share folder.
    public static func standard(context: DestinationContext) -> DestinationRegistry {
        standard(context: context, plugins: .init())
    }

    /// A registry with every built-in destination, then the plugins of `plugins`.
    package static func standard(
        context: DestinationContext,
        plugins: StandardDestinations.Plugins
    ) -> DestinationRegistry {
        var registry = DestinationRegistry()
        for entry in StandardDestinations.entries(context: context, plugins: plugins) {
            // Built-in ids are distinct and well formed; a clash is a programming error caught by tests.
            try? registry.register(entry.descriptor, build: entry.build)
        }
        return registry
    }

    /// A registry with every built-in destination, configured from the environment alone.
    public static func standard(environment: ShareEnvironment) -> DestinationRegistry {
        standard(context: DestinationContext(environment: environment))
    }
}

/// The built-in destinations: the one list that names them. Each declares its settings and how it
/// is built in its own folder.
public enum StandardDestinations {
    /// The built-ins, in the order `sharevia destinations` lists them.
    public static let builtIns: [BuiltInDestination] = [
        ClipboardDestination.builtIn,
        FileExportDestination.builtIn,
        InstagramDestination.builtIn,
        SMSDestination.builtIn,
        EmailDestination.builtIn,
        MastodonDestination.builtIn,
        WebIntentDestination.builtIn,
        BlueskyDestination.builtIn,
    ]

    /// Every setting a built-in or the plugins read, after the share's own, in the order
    /// `sharevia config check` lists them (``BuiltInDestination/inConfigOrder(_:)``).
    public static var settings: [ShareSetting] {
        BuiltInDestination.inConfigOrder(builtIns).flatMap(\.settings) + PluginSettings.Keys.all
    }

    /// Every bad value among the built-ins' settings, each naming its source.
    public static func check(_ settings: SettingsReader) -> [SettingError] {
        builtIns.flatMap { $0.check(settings) }
    }

    /// A built-in destination as data: its descriptor, and how to build it.
    public typealias Entry = BuiltInDestination.Entry

    /// The plugins to register after the built-ins, and how they run.
    package struct Plugins: Sendable {
        /// The plugins found and described for this share; each becomes a destination.
        package var catalog: PluginCatalog
        /// How plugins run: timeouts, their settings and secrets.
        package var settings: PluginSettings

        /// No plugins, or those of `catalog`.
        package init(catalog: PluginCatalog = PluginCatalog(), settings: PluginSettings = PluginSettings()) {
            self.catalog = catalog
            self.settings = settings
        }
    }

    /// Every built-in destination as an entry; building none of them.
    public static func entries(context: DestinationContext) -> [Entry] {
        entries(context: context, plugins: Plugins())
    }

    /// Every built-in destination as an entry, then the plugins'; building none of them.
    package static func entries(context: DestinationContext, plugins: Plugins) -> [Entry] {
        let runner = ProcessRunner()
        let pluginEntries = plugins.catalog.entries.map { entry in
            Entry(descriptor: entry.descriptor) {
                PluginDestination(
                    entry: entry,
                    settings: plugins.settings,
                    environment: context.environment,
                    runner: runner
                )
            }
        }
        return builtIns.flatMap { $0.entries(context) } + pluginEntries
    }

    /// Every built-in destination as an entry, configured from the environment alone.
    public static func entries(environment: ShareEnvironment) -> [Entry] {
        entries(context: DestinationContext(environment: environment))
    }

    /// The ids (and aliases) of the built-in destinations, which no plugin may take.
    public static func builtInIDs(environment: ShareEnvironment) -> Set<DestinationID> {
        Set(entries(environment: environment).flatMap { [$0.descriptor.id] + $0.descriptor.aliases })
    }

    /// Every built-in destination, built.
    public static func all(context: DestinationContext) -> [any ShareDestination] {
        entries(context: context).map { $0.build() }
    }
}
