extension BuiltInDestination {
    /// Declares a built-in that registers one destination, built from one configuration read from
    /// the settings: `read` makes the configuration (adding each bad value to its problems), which
    /// is also the built-in's check, and `build` makes the destination from it.
    ///
    /// ```swift
    /// public static let builtIn = BuiltInDestination.single(
    ///     standardDescriptor, settings: Settings.all, purpose: .post,
    ///     outputDirectory: { $0.outputDirectory = $1 }, read: Configuration.init(reading:problems:),
    ///     build: { InstagramDestination(configuration: $0, environment: $1.environment) })
    /// ```
    ///
    /// - Parameters:
    ///   - descriptor: The destination's descriptor; `build` must make a destination with it.
    ///   - settings: The settings it reads: its flags, config keys and variables.
    ///   - purpose: What it is for, which places its keys in `sharevia config check`.
    ///   - outputDirectory: Sets the configuration's folder for the files it leaves to
    ///     ``DestinationContext/outputDirectory`` (`--out`, `output.folder`) before `build`; nil
    ///     when it leaves none.
    ///   - read: The configuration the settings describe, each bad value added to the problems.
    ///   - build: The destination, from the configuration and the context.
    public static func single<Configuration: Sendable>(
        _ descriptor: DestinationDescriptor,
        settings: [ShareSetting],
        purpose: Purpose,
        outputDirectory: (@Sendable (inout Configuration, String?) -> Void)? = nil,
        fileID: String = #fileID,
        read: @escaping @Sendable (SettingsReader, inout [SettingError]) -> Configuration,
        build: @escaping @Sendable (Configuration, DestinationContext) -> any ShareDestination
    ) -> BuiltInDestination {
        configured(settings: settings, purpose: purpose, fileID: fileID, read: read) { configuration, context in
            var configuration = configuration
            outputDirectory?(&configuration, context.outputDirectory)
            return [Entry(descriptor: descriptor) { [configuration] in build(configuration, context) }]
        }
    }
}
