import ShareCore

/// One option or argument of a command line, as the ``ShareSetting`` it sets declares it: its
/// long name, whether it takes a value, its help, its value name and its section in `--help`.
struct CommandOption: Sendable {
    /// The setting, which names and explains it.
    var setting: ShareSetting
    /// A one-letter name as well (`-v`), if any.
    var short: Character?
    /// The command's arguments (the files), rather than an option.
    var isArgument = false

    /// The long name without its dashes.
    var flag: String { setting.flag ?? "" }

    /// Whether it is given alone, taking no value: a flag, such as `--dry-run`.
    var isFlag: Bool { setting.kind == .presence || setting.kind == .boolean }

    /// The value's placeholder: `id` in `--instagram-app-id <id>`.
    var valueName: String { setting.valueName ?? flag }

    /// How `--help` and error messages show it: `--to <dest,...>`, `-v, --verbose`, `<file>`.
    var label: String {
        if isArgument { return "<\(valueName)>" }
        let names = (short.map { "-\($0), " } ?? "") + "--" + flag
        return isFlag ? names : "\(names) <\(valueName)>"
    }

    /// How a generated usage line shows it: `[--json]`, `[--out <dir>]`, `[<text>]`, `[<file> ...]`.
    var usage: String {
        if isArgument { return "[<\(valueName)>\(setting.repeats ? " ..." : "")]" }
        if isFlag { return "[--\(flag)]" }
        return "[--\(flag) <\(valueName)>\(setting.repeats ? " ..." : "")]"
    }
}

extension CommandOption {
    /// The option a setting with a flag declares.
    init(_ setting: ShareSetting) { self.init(setting: setting) }
}
