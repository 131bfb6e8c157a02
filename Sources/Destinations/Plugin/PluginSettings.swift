import ShareCore

/// Where sharevia looks for plugins and what it hands them, from the config file.
public struct PluginSettings: Sendable, Hashable {
    /// Folders searched after `$XDG_DATA_HOME/sharevia/plugins`, in order.
    public var folders: [String]
    /// Whether `$PATH` is searched too, last.
    public var searchPath: Bool
    /// How long `deliver` may take; `describe` and `check` get ``probeTimeout``.
    public var deliverTimeout: Duration
    /// How long `describe` and `check` may take.
    public var probeTimeout: Duration
    /// Each plugin's settings (by destination id), handed to it on stdin.
    public var settings: [DestinationID: [String: String]]
    /// Each plugin's secrets (by destination id), handed to `deliver` on stdin only.
    public var secrets: [DestinationID: [String: Secret]]
    /// Where described plugins are cached, or nil for no cache.
    public var cacheFile: String?
    /// Other secrets sharevia knows (the SMTP password, variables named like secrets): taken out
    /// of whatever a plugin prints, like every plugin's ``secrets``.
    public var knownSecrets: [Secret] = []
    /// Settings that become secrets when the plugin declares them so (``PluginProtocol/Description/secrets``),
    /// by plugin and by the declared name: `state_file: PATH` for `state`, or `state: VALUE`.
    public var possibleSecrets: [DestinationID: [String: SecretReference]] = [:]
    /// Secrets the config names that could not be resolved, by plugin and name, with the reason;
    /// such a plugin is unavailable.
    public var secretProblems: [DestinationID: [String: String]] = [:]

    /// Takes every secret in ``secrets`` and ``knownSecrets`` out of text a plugin returns.
    public var redactor: SecretRedactor {
        SecretRedactor(secrets.values.flatMap(\.values) + knownSecrets)
    }

    public init(
        folders: [String] = [],
        searchPath: Bool = false,
        deliverTimeout: Duration = .seconds(30),
        probeTimeout: Duration = .seconds(3),
        settings: [DestinationID: [String: String]] = [:],
        secrets: [DestinationID: [String: Secret]] = [:],
        cacheFile: String? = nil
    ) {
        self.folders = folders
        self.searchPath = searchPath
        self.deliverTimeout = deliverTimeout
        self.probeTimeout = probeTimeout
        self.settings = settings
        self.secrets = secrets
        self.cacheFile = cacheFile
    }

    /// `$XDG_DATA_HOME/sharevia/plugins` (or `~/.local/share/sharevia/plugins`).
    public static func defaultFolder(environment: ShareEnvironment) -> String? {
        if let data = environment["XDG_DATA_HOME"], data.hasPrefix("/") { return data + "/sharevia/plugins" }
        return environment["HOME"].map { $0 + "/.local/share/sharevia/plugins" }
    }

    /// `$XDG_CACHE_HOME/sharevia/plugins.json` (or `~/.cache/sharevia/plugins.json`).
    public static func defaultCacheFile(environment: ShareEnvironment) -> String? {
        if let cache = environment["XDG_CACHE_HOME"], cache.hasPrefix("/") { return cache + "/sharevia/plugins.json" }
        return environment["HOME"].map { $0 + "/.cache/sharevia/plugins.json" }
    }

    /// The folders searched, in order: the default folder, the configured ones, then `$PATH`
    /// when ``searchPath`` is on.
    public func searchFolders(environment: ShareEnvironment) -> [String] {
        var list = [Self.defaultFolder(environment: environment)].compactMap { $0 } + folders
        if searchPath {
            list += (environment["PATH"] ?? "").split(separator: ":").map(String.init).filter { $0.hasPrefix("/") }
        }
        return list
    }
}
