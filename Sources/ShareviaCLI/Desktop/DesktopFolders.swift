import ShareCore

/// Where a desktop integration goes for the current user, and each file it owns there.
struct DesktopFolders: Equatable {
    /// `$XDG_DATA_HOME`, else `~/.local/share`.
    var dataHome: String
    /// `$XDG_CONFIG_HOME`, else `~/.config`.
    var configHome: String

    /// The folders for `environment`: an XDG variable counts only when it is an absolute path,
    /// as the XDG Base Directory Specification says.
    ///
    /// - Throws: ``CommandFailure`` (usage) when a folder has neither its variable nor HOME.
    static func resolve(_ environment: ShareEnvironment) throws -> DesktopFolders {
        func folder(_ variable: String, default suffix: String) throws -> String {
            if let value = environment[variable], value.hasPrefix("/") { return trimmed(value) }
            guard let home = environment["HOME"], home.hasPrefix("/") else {
                throw usageFailure("neither \(variable) nor HOME is an absolute path: set HOME to your home folder")
            }
            return trimmed(home) + suffix
        }
        return DesktopFolders(
            dataHome: try folder("XDG_DATA_HOME", default: "/.local/share"),
            configHome: try folder("XDG_CONFIG_HOME", default: "/.config")
        )
    }

    /// "Open With" entry, for every file manager.
    var desktopEntry: String { dataHome + "/applications/sharevia.desktop" }
    /// Dolphin's service menu (KDE 6).
    var serviceMenu: String { dataHome + "/kio/servicemenus/sharevia.desktop" }
    /// Nautilus' script.
    var nautilusScript: String { dataHome + "/nautilus/scripts/Share with sharevia" }
    /// Thunar's custom actions, which sharevia's action joins.
    var thunarActions: String { configHome + "/Thunar/uca.xml" }
    /// sharevia's record of the folders it created, so `--remove` removes them (when empty) and no others.
    var record: String { dataHome + "/sharevia/desktop-integration.json" }

    /// `path` without trailing slashes (but `/` stays).
    private static func trimmed(_ path: String) -> String {
        var path = path
        while path.count > 1 && path.hasSuffix("/") { path.removeLast() }
        return path == "/" ? "" : path
    }
}
