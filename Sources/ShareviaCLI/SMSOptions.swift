import ArgumentParser
import Destinations
import ShareCore

/// The SMS options of the share command, declared once here.
struct SMSOptions: ParsableArguments {
    @Option(
        name: .customLong("sms-to"),
        help: ArgumentHelp(
            "SMS: a recipient, E.164 (+14155550123) or local digits; repeat for more (or SHAREVIA_SMS_TO).",
            valueName: "number"
        )
    )
    var recipients: [String] = []

    @Option(
        name: .customLong("sms-device"),
        help: ArgumentHelp(
            "SMS: the KDE Connect device id (or name) of the phone to send through when several are paired.",
            valueName: "id"
        )
    )
    var device: String?

    @Flag(
        name: .customLong("sms-smart-encoding"),
        help: "SMS: replace curly quotes, dashes, … and special spaces by GSM-7 ones when that keeps it GSM-7."
    )
    var smartEncoding = false

    @Option(
        name: .customLong("sms-max-segments"),
        help: ArgumentHelp(
            "SMS: trim the message to at most this many segments (the link is kept whole).",
            valueName: "n"
        )
    )
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
    func validate() throws {
        var problems: [SettingError] = []
        let reader = SettingsReader(providers: [CommandLineSettingsProvider(values: values)])
        _ = SMSDestination.Configuration(reading: reader, problems: &problems)
        if let problem = problems.first { throw ValidationError(problem.description) }
    }
}
