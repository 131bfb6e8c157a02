/// One setting, declared once: its config key, the long flag and `SHAREVIA_*` variable that
/// override it, what it holds, and the words `--help` and `sharevia config check` show for it.
///
/// A destination declares its settings next to its code; a ``SettingsReader`` resolves each one
/// from its providers (the command line, then the environment, then the config file, then a
/// default) and says where the value came from.
///
/// ```swift
/// static let appID = ShareSetting(
///     key: "instagram.app_id", flag: "instagram-app-id", variable: "SHAREVIA_INSTAGRAM_APP_ID",
///     kind: .digits, help: "The Facebook App ID Instagram requires.", valueName: "id",
///     defaultWords: "(none)", summary: "the Facebook App ID Instagram requires")
/// ```
public struct ShareSetting: Sendable, Hashable {
    /// The dotted config-file key, such as `instagram.app_id`; nil for a flag with no key.
    public var key: String?
    /// The long flag without its dashes, such as `instagram-app-id`; nil when none sets it.
    public var flag: String?
    /// The `SHAREVIA_*` variable that sets it, if any.
    public var variable: String?
    /// What it holds.
    public var kind: Kind
    /// The flag's `--help` sentence.
    public var help: String
    /// The flag's value placeholder in `--help` (`<id>`); nil for the flag's own name.
    public var valueName: String?
    /// The value used when nothing sets it, in words.
    public var defaultWords: String
    /// What it does, in a few words, as `sharevia config check` lists it.
    public var summary: String
    /// The `--help` section its flag is listed under; nil for the command's own options.
    public var group: String?
    /// A secret: shown as `<redacted>` wherever it comes from.
    public var isSecret: Bool
    /// Whether the flag may be given more than once, each value adding to a list.
    public var repeats: Bool
    /// The default `--help` shows after the flag's values (`default: auto`), when its help
    /// sentence doesn't say it; nil to show none.
    public var shownDefault: String?

    /// Declares a setting.
    public init(
        key: String? = nil,
        flag: String? = nil,
        variable: String? = nil,
        kind: Kind,
        help: String = "",
        valueName: String? = nil,
        defaultWords: String = "(none)",
        summary: String = "",
        group: String? = nil,
        isSecret: Bool = false,
        repeats: Bool = false,
        shownDefault: String? = nil
    ) {
        self.key = key
        self.flag = flag
        self.variable = variable
        self.kind = kind
        self.help = help
        self.valueName = valueName
        self.defaultWords = defaultWords
        self.summary = summary
        self.group = group
        self.isSecret = isSecret
        self.repeats = repeats
        self.shownDefault = shownDefault
    }

    /// How the setting is named to a person: `--flag`, else its key, else its variable.
    public var name: String { flag.map { "--" + $0 } ?? key ?? variable ?? "setting" }
}
