import ArgumentParser
import ShareCore

/// swift-argument-parser's names and help for a flag a ``ShareSetting`` declares, so an option
/// group names none of a destination's flags itself.
extension NameSpecification {
    /// The setting's long flag.
    static func setting(_ setting: ShareSetting) -> NameSpecification { .customLong(setting.flag ?? "") }
}

extension ArgumentHelp {
    /// The setting's help sentence and value name.
    init(setting: ShareSetting) { self.init(setting.help, valueName: setting.valueName) }
}

/// Checks an option group's values with the code that reads them from any source.
///
/// - Parameters:
///   - values: The flags given, by long name.
///   - read: The destination's reading of its configuration, which adds each bad value to its problems.
/// - Throws: `ValidationError` naming the first bad flag and what to write instead.
func validateFlags<Configuration>(
    _ values: [String: [String]],
    with read: (SettingsReader, inout [SettingError]) -> Configuration
) throws {
    var problems: [SettingError] = []
    _ = read(SettingsReader(providers: [CommandLineSettingsProvider(values: values)]), &problems)
    if let problem = problems.first { throw ValidationError(problem.description) }
}
