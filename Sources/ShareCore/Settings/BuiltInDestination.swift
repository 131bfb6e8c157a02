/// What a built-in destination is built from: the resolved settings, the environment (read once
/// per run) and the folder shared by every destination that leaves files.
public struct DestinationContext: Sendable {
    /// Every setting, resolved flag, then variable, then config file, then default.
    public var settings: SettingsReader
    /// The environment the destination reads `PATH`, `DISPLAY` and `HOME` from and runs tools with.
    public var environment: ShareEnvironment
    /// `--out` or `output.folder` as an absolute path; nil for the file export's default.
    public var outputDirectory: String?
    /// Secrets the caller resolved (from a config file's `*_env` or `*_file`), by config key.
    public var secrets: [String: Secret]

    /// A context; by default the settings come from `environment` alone.
    public init(
        settings: SettingsReader? = nil,
        environment: ShareEnvironment,
        outputDirectory: String? = nil,
        secrets: [String: Secret] = [:]
    ) {
        self.settings = settings ?? SettingsReader(providers: [EnvironmentSettingsProvider(environment: environment)])
        self.environment = environment
        self.outputDirectory = outputDirectory
        self.secrets = secrets
    }
}

/// A built-in destination as data, declared in its own folder: the settings it reads, how it
/// checks them, and the registry entries it builds (one, or several for a family such as the
/// web intents).
public struct BuiltInDestination: Sendable {
    /// One destination to register: its descriptor, and how to build it when first needed.
    public struct Entry: Sendable {
        /// What it is and what it takes.
        public var descriptor: DestinationDescriptor
        /// Builds it, configured as the entry was asked for.
        public var build: @Sendable () -> any ShareDestination

        /// An entry; `build` must make a destination with `descriptor`.
        public init(descriptor: DestinationDescriptor, build: @escaping @Sendable () -> any ShareDestination) {
            self.descriptor = descriptor
            self.build = build
        }
    }

    /// The settings it reads: its flags, config keys and variables.
    public var settings: [ShareSetting]
    /// What it is for, which places its keys in `sharevia config check`.
    public var purpose: Purpose
    /// Every bad value among `settings`, each naming its source.
    public var check: @Sendable (SettingsReader) -> [SettingError]
    /// Its entries, configured from the context.
    public var entries: @Sendable (DestinationContext) -> [Entry]
    /// The file that declares it (`Destinations/InstagramSettings.swift`): its folder is the
    /// destination's, where every one of its settings must be declared.
    public var fileID: String

    /// Declares a built-in.
    public init(
        settings: [ShareSetting],
        purpose: Purpose,
        check: @escaping @Sendable (SettingsReader) -> [SettingError] = { _ in [] },
        fileID: String = #fileID,
        entries: @escaping @Sendable (DestinationContext) -> [Entry]
    ) {
        self.settings = settings
        self.purpose = purpose
        self.check = check
        self.fileID = fileID
        self.entries = entries
    }

    /// Declares a built-in whose one configuration is read from the settings: `read` makes it
    /// (adding each bad value to its problems), which is also the built-in's check, and `entries`
    /// builds the registry entries from it.
    public static func configured<Configuration: Sendable>(
        settings: [ShareSetting],
        purpose: Purpose,
        fileID: String = #fileID,
        read: @escaping @Sendable (SettingsReader, inout [SettingError]) -> Configuration,
        entries: @escaping @Sendable (Configuration, DestinationContext) -> [Entry]
    ) -> BuiltInDestination {
        BuiltInDestination(
            settings: settings,
            purpose: purpose,
            check: { reader in
                var problems: [SettingError] = []
                _ = read(reader, &problems)
                return problems
            },
            fileID: fileID,
            entries: { context in
                // Bad values were reported by `check` before anything is built; here they are
                // left at their defaults, and a bad variable is the destination's to report.
                var ignored: [SettingError] = []
                return entries(read(context.settings, &ignored), context)
            }
        )
    }
}
