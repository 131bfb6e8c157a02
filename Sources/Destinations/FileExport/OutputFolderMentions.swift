import ShareCore

extension SettingMention {
    /// `, and no Configuration.outputDirectory for` in an availability without a share folder.
    static let noOutputDirectory = SettingMention(
        ", and no Configuration.outputDirectory for",
        advice: "; pass \(flag: ShareSettings.outputFolder) DIR for"
    )

    /// ` (Configuration.outputDirectory)` in an error of a delivery without a share folder.
    static let noFolder = SettingMention(
        " (Configuration.outputDirectory)",
        advice: "; pass \(flag: ShareSettings.outputFolder) DIR"
    )

    /// All of `message`, an error of the share folder, followed by what to do with another one:
    /// `choose another folder with` its setting.
    static func folder(_ message: String, _ what: String) -> SettingMention {
        SettingMention(message, advice: "\(message); \(what) \(flag: ShareSettings.outputFolder)")
    }
}
