import ShareCore

extension SMSDestination {
    /// SMS's settings: its flags, config keys and variables, declared here only.
    public enum Settings {
        static let group = "SMS"

        /// The recipients.
        public static let recipients = ShareSetting(
            key: "sms.to",
            flag: "sms-to",
            variable: Configuration.recipientsVariable,
            kind: .texts,
            help: "SMS: a recipient, E.164 (+14155550123) or local digits; repeat for more (or SHAREVIA_SMS_TO).",
            valueName: "number",
            defaultWords: "[]",
            summary: "the recipients, E.164 or local digits",
            group: group,
            repeats: true
        )
        /// The KDE Connect device.
        public static let device = ShareSetting(
            key: "sms.device",
            flag: "sms-device",
            variable: Configuration.deviceVariable,
            kind: .text,
            help: "SMS: the KDE Connect device id (or name) of the phone to send through when several are paired.",
            valueName: "id",
            defaultWords: "(the one paired phone)",
            summary: "the KDE Connect device",
            group: group
        )
        /// Replace look-alikes to stay GSM-7.
        public static let smartEncoding = ShareSetting(
            key: "sms.smart_encoding",
            flag: "sms-smart-encoding",
            variable: Configuration.smartEncodingVariable,
            kind: .boolean,
            help: "SMS: replace curly quotes, dashes, … and special spaces by GSM-7 ones when that keeps it GSM-7.",
            defaultWords: "false",
            summary: "replace look-alikes to stay GSM-7",
            group: group
        )
        /// Trim to this many segments.
        public static let maxSegments = ShareSetting(
            key: "sms.max_segments",
            flag: "sms-max-segments",
            variable: Configuration.maxSegmentsVariable,
            kind: .integer(1...255),
            help: "SMS: trim the message to at most this many segments (the link is kept whole).",
            valueName: "n",
            defaultWords: "(no limit)",
            summary: "trim to this many segments",
            group: group
        )

        /// Every SMS setting, in `--help`'s order.
        public static let all = [recipients, device, smartEncoding, maxSegments]
    }
}

extension SMSDestination {
    /// SMS as a built-in: its settings, and its entry.
    public static let builtIn = BuiltInDestination.single(
        standardDescriptor,
        settings: Settings.all,
        purpose: .message,
        read: Configuration.init(reading:problems:)
    ) { SMSDestination(configuration: $0, environment: $1.environment) }
}

extension SMSDestination.Configuration {
    /// The configuration `settings` describe; each bad value is left at its default and added
    /// to `problems`, naming where it came from.
    public init(reading settings: SettingsReader, problems: inout [SettingError]) {
        typealias Settings = SMSDestination.Settings
        self.init()
        recipients =
            settings.recording(&problems) { reader throws(SettingError) in
                try reader.value(Settings.recipients) {
                    (found: SettingValue) -> Result<[PhoneNumber], SettingProblem> in
                    if !found.source.isFlag,
                        found.texts.contains(where: { $0.isEmpty || OneLineText.firstBreak(in: $0) != nil })
                    {
                        return .failure(SettingProblem("must hold one-line values"))
                    }
                    var numbers: [PhoneNumber] = []
                    for number in found.texts {
                        do throws(PhoneNumberError) {
                            numbers.append(try PhoneNumber(validating: number))
                        } catch {
                            return .failure(SettingProblem(": \(error.description)"))
                        }
                    }
                    return .success(numbers)
                }
            } ?? []
        device = settings.recording(&problems) { reader throws(SettingError) in
            try reader.value(Settings.device) { (found: SettingValue) -> Result<String, SettingProblem> in
                if found.text.isEmpty { return .failure(SettingProblem("needs a KDE Connect device id")) }
                if OneLineText.firstBreak(in: found.text) != nil { return .failure(SettingProblem("must be one line")) }
                return .success(found.text)
            }
        }
        smartEncoding =
            settings.recording(&problems) { reader throws(SettingError) in try reader.bool(Settings.smartEncoding) }
            ?? false
        maxSegments = settings.recording(&problems) { reader throws(SettingError) in
            try reader.value(Settings.maxSegments) { (found: SettingValue) -> Result<Int, SettingProblem> in
                guard let number = Int(found.text), number >= 1 else {
                    return .failure(
                        found.source.isFlag ? SettingProblem("must be at least 1") : .kind(Settings.maxSegments.kind)
                    )
                }
                guard number <= 255 else { return .failure(.kind(Settings.maxSegments.kind)) }
                return .success(number)
            }
        }
    }
}
