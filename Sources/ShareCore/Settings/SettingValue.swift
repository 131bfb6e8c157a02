/// Where a setting's value came from, so a problem can name it: a flag, a variable, a line of
/// the config file, or the default.
public struct SettingSource: Sendable, Hashable, CustomStringConvertible {
    private enum Origin: Sendable, Hashable {
        case flag(String)
        case variable(String)
        case file(String, line: Int?)
        case defaultValue
    }

    private let origin: Origin

    /// The command line's `--name`.
    public static func flag(_ name: String) -> SettingSource { SettingSource(origin: .flag(name)) }
    /// The environment variable `name`.
    public static func variable(_ name: String) -> SettingSource { SettingSource(origin: .variable(name)) }
    /// The config file at `path`, on `line`.
    public static func file(_ path: String, line: Int?) -> SettingSource {
        SettingSource(origin: .file(path, line: line))
    }
    /// The declared default (or one a caller supplies as a provider).
    public static let defaultValue = SettingSource(origin: .defaultValue)

    /// Whether the value came from the command line.
    public var isFlag: Bool {
        if case .flag = origin { return true }
        return false
    }

    /// Whether the value came from an environment variable.
    public var isVariable: Bool {
        if case .variable = origin { return true }
        return false
    }

    /// The file's path, when the value came from a config file.
    public var file: String? {
        if case .file(let path, _) = origin { return path }
        return nil
    }

    /// The file's line, when the value came from a config file and its line is known.
    public var line: Int? {
        if case .file(_, let line) = origin { return line }
        return nil
    }

    /// `--timeout`, `SHAREVIA_SMS_TO`, `config.yaml:12`, or `default`.
    public var description: String {
        switch origin {
        case .flag(let name): "--" + name
        case .variable(let name): name
        case .file(let path, let line): line.map { "\(path):\($0)" } ?? path
        case .defaultValue: "default"
        }
    }
}

/// A setting's value as a provider found it, before it is checked, and where it came from.
public struct SettingValue: Sendable, Hashable {
    /// The value, or each value of a list (a repeated flag, a YAML list, a comma-separated variable).
    public var texts: [String]
    /// Whether it was written as a list.
    public var isList: Bool
    /// Where it came from.
    public var source: SettingSource

    /// A single value.
    public init(_ text: String, source: SettingSource) {
        self.texts = [text]
        self.isList = false
        self.source = source
    }

    /// A list of values.
    public init(list: [String], source: SettingSource) {
        self.texts = list
        self.isList = true
        self.source = source
    }

    /// The single value; for a list, its values joined by commas.
    public var text: String { isList ? texts.joined(separator: ",") : texts.first ?? "" }
}

/// A value that a setting can't take: which setting, where the value came from, what is wrong.
public struct SettingError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The setting.
    public var setting: ShareSetting
    /// Where the bad value came from.
    public var source: SettingSource
    /// What is wrong and what to write instead: `must be a whole number from 0 to 10`.
    public var problem: String

    /// Describes a bad value.
    public init(setting: ShareSetting, source: SettingSource, problem: String) {
        self.setting = setting
        self.source = source
        self.problem = problem
    }

    /// How the value is named where it came from: the flag, the variable, or the file's key.
    public var subject: String {
        if source.isFlag { return setting.flag.map { "--" + $0 } ?? setting.name }
        if source.isVariable { return setting.variable ?? setting.name }
        return setting.key ?? setting.name
    }

    /// `config.yaml:3: share.retries must be ...`, `--retries must be ...`, `SHAREVIA_X must be ...`.
    public var description: String {
        let joined = problem.hasPrefix(":") ? subject + problem : subject + " " + problem
        return source.file != nil ? "\(source): \(joined)" : joined
    }
}
