import ShareCore

/// `sharevia sms count`'s options, declared once as settings: ``SMSCountCommandLine`` reads them
/// with the share command's reader and draws `--help` from them, and the man page lists them.
enum SMSCountOptions {
    /// `--json`.
    static let json = ShareSetting(
        flag: "json",
        kind: .presence,
        help: "Print one JSON object per input, one per line."
    )
    /// `--lines`.
    static let lines = ShareSetting(
        flag: "lines",
        kind: .presence,
        help: "Read standard input and treat each line as one input."
    )
    /// `--smart-encoding`.
    static let smartEncoding = ShareSetting(
        flag: "smart-encoding",
        kind: .presence,
        help: "Count as sent with --sms-smart-encoding: look-alikes replaced when that keeps it GSM-7."
    )
    /// The text: the command's one argument.
    static let text = ShareSetting(
        kind: .text,
        help: "The text, or - (the default) to read it from standard input.",
        valueName: "text"
    )

    /// The options in `--help`'s order.
    static let all: [CommandOption] = [
        CommandOption(json), CommandOption(lines), CommandOption(smartEncoding),
        CommandOption(setting: text, isArgument: true),
    ]
}
