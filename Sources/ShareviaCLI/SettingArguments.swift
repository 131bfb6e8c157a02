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
