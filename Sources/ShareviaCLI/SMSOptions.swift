import ArgumentParser
import Destinations
import ShareCore

/// The SMS options of the share command, named and explained by its settings (declared in its folder).
struct SMSOptions: ParsableArguments {
    private typealias S = SMSDestination.Settings

    @Option(name: .setting(S.recipients), help: ArgumentHelp(setting: S.recipients))
    var recipients: [String] = []

    @Option(name: .setting(S.device), help: ArgumentHelp(setting: S.device))
    var device: String?

    @Flag(name: .setting(S.smartEncoding), help: ArgumentHelp(setting: S.smartEncoding))
    var smartEncoding = false

    @Option(name: .setting(S.maxSegments), help: ArgumentHelp(setting: S.maxSegments))
    var maxSegments: Int?

    /// The values given, by flag, for the settings reader.
    var values: [String: [String]] {
        typealias Settings = SMSDestination.Settings
        var values: [String: [String]] = [:]
        if !recipients.isEmpty { values[Settings.recipients.flag!] = recipients }
        values[Settings.device.flag!] = device.map { [$0] }
        if smartEncoding { values[Settings.smartEncoding.flag!] = ["true"] }
        values[Settings.maxSegments.flag!] = maxSegments.map { [String($0)] }
        return values
    }

    /// Checked by SMS's own settings code, as a variable or the config file is.
    func validate() throws { try validateFlags(values) { SMSDestination.Configuration(reading: $0, problems: &$1) } }
}
