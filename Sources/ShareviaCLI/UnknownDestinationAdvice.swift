import Destinations
import ShareCore

/// What the command line adds when a chain names a destination nothing registered: the plugins
/// installed, and where plugins are looked for, since a missing plugin is the likely cause.
enum UnknownDestinationAdvice {
    /// `error` worded for this command line (``ErrorAdvice``), with the plugins when it is an
    /// unknown destination.
    static func message(for error: ShareError, plugins: PluginSettings, environment: ShareEnvironment) -> String {
        let message = ErrorAdvice.message(for: error)
        guard error.detail?.code == .unknownDestination else { return message }
        let folders = plugins.searchFolders(environment: environment)
        let builtIns = StandardDestinations.builtInIDs(environment: environment)
        let installed = PluginDiscovery.search(folders: folders, builtIns: builtIns).plugins.map(\.id.rawValue)
        var places = ([PluginSettings.defaultFolder(environment: environment)].compactMap(\.self) + plugins.folders)
        if plugins.searchPath { places.append("the folders of $PATH") }
        let searched =
            places.isEmpty ? "no folder (neither XDG_DATA_HOME nor HOME is set)" : places.joined(separator: ", ")
        return message + "; installed plugins: " + (installed.isEmpty ? "none" : installed.joined(separator: ", "))
            + "; a plugin is an executable named sharevia-dest-<id> in \(searched)"
    }
}
