import ShareCore

extension PluginSettings {
    /// Where plugins are found and how long they may take: config keys declared here only.
    /// (`plugins.settings.<id>.<name>` is open-ended: each plugin names its own.)
    public enum Keys {
        /// Folders searched for `sharevia-dest-<id>`.
        public static let folders = ShareSetting(
            key: "plugins.folders",
            kind: .paths,
            defaultWords: "[]",
            summary: "folders searched for sharevia-dest-<id> after $XDG_DATA_HOME/sharevia/plugins"
        )
        /// Whether `$PATH` is searched too.
        public static let searchPath = ShareSetting(
            key: "plugins.search_path",
            kind: .boolean,
            defaultWords: "false",
            summary: "also search $PATH for plugins"
        )
        /// Seconds a plugin's `deliver` may take.
        public static let timeout = ShareSetting(
            key: "plugins.timeout",
            kind: .seconds,
            defaultWords: "30",
            summary: "seconds a plugin's deliver may take"
        )

        /// Every plugin key.
        public static let all = [folders, searchPath, timeout]
    }
}

extension PluginSettings {
    /// Settings with the folders, `$PATH` search and `deliver` limit that `settings` give (a
    /// config file's `~/` already expanded); each bad value is left at its default and added to
    /// `problems`.
    public init(reading settings: SettingsReader, problems: inout [SettingError]) {
        self.init()
        folders =
            settings.recording(&problems) { reader throws(SettingError) in
                try reader.value(Keys.folders) { (found: SettingValue) -> Result<[String], SettingProblem> in
                    guard found.isList else {
                        return .failure(SettingProblem("must be \(Keys.folders.kind.words), written as a YAML list"))
                    }
                    guard found.texts.allSatisfy({ $0.hasPrefix("/") }) else {
                        return .failure(SettingProblem("must hold absolute paths (or ~/...)"))
                    }
                    return .success(found.texts)
                }
            } ?? []
        searchPath =
            settings.recording(&problems) { reader throws(SettingError) in try reader.bool(Keys.searchPath) } ?? false
        deliverTimeout =
            settings.recording(&problems) { reader throws(SettingError) in try reader.seconds(Keys.timeout) }
            ?? deliverTimeout
    }
}
