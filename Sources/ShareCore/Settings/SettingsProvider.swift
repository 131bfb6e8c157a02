/// A place settings come from: the command line, the environment, a config file, defaults.
///
/// A provider only finds values; ``SettingsReader`` asks its providers in order and checks what
/// it gets. Conformers are values with no global state, like swift-configuration's
/// `ConfigProvider`.
public protocol SettingsProvider: Sendable {
    /// The provider's name, for messages: `command line`, `environment`, a file's path.
    var providerName: String { get }

    /// The value this provider holds for `setting`, with its source; nil when it holds none.
    func value(for setting: ShareSetting) -> SettingValue?
}

/// The command line's values, by long flag name (without dashes): each flag's values in the
/// order given; a flag that takes no value is present as `"true"`.
public struct CommandLineSettingsProvider: SettingsProvider {
    /// Each flag's values in the order given.
    public var values: [String: [String]]

    /// A provider over the values read from the command line.
    public init(values: [String: [String]] = [:]) { self.values = values }

    public var providerName: String { "command line" }

    public func value(for setting: ShareSetting) -> SettingValue? {
        guard let flag = setting.flag, let given = values[flag], let last = given.last else { return nil }
        let source = SettingSource.flag(flag)
        return setting.kind.isList || setting.repeats
            ? SettingValue(list: given, source: source) : SettingValue(last, source: source)
    }
}

/// The environment's `SHAREVIA_*` variables (an empty one counts as unset); a list setting's
/// variable is comma separated.
public struct EnvironmentSettingsProvider: SettingsProvider {
    /// The environment, read once per run by the caller.
    public var environment: ShareEnvironment

    /// A provider over `environment`.
    public init(environment: ShareEnvironment) { self.environment = environment }

    public var providerName: String { "environment" }

    public func value(for setting: ShareSetting) -> SettingValue? {
        guard let variable = setting.variable, let text = environment[variable] else { return nil }
        let source = SettingSource.variable(variable)
        guard setting.kind.isList || setting.repeats else { return SettingValue(text, source: source) }
        let items = text.split(separator: ",").map { String($0).trimmingSpaces }.filter { !$0.isEmpty }
        return SettingValue(list: items, source: source)
    }
}

/// Values by config key, such as a config file's or defaults a caller supplies.
public struct KeyedSettingsProvider: SettingsProvider {
    /// The provider's name.
    public var providerName: String
    /// Each key's value, with its source.
    public var values: [String: SettingValue]

    /// A provider over `values`, by config key.
    public init(name: String, values: [String: SettingValue]) {
        self.providerName = name
        self.values = values
    }

    public func value(for setting: ShareSetting) -> SettingValue? { setting.key.flatMap { values[$0] } }
}

extension String {
    fileprivate var trimmingSpaces: String {
        String(drop(while: { $0 == " " }).reversed().drop(while: { $0 == " " }).reversed())
    }
}
