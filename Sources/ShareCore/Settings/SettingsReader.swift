/// Resolves settings from providers in order (the first that holds a value wins) and checks
/// each value against its declaration, so a flag, a variable and a config file line are checked
/// by the same code. The shape of swift-configuration's `ConfigReader(providers:)`.
///
/// Resolution, for each setting:
/// 1. Ask each provider in order; take the first value found, with its ``SettingSource``.
/// 2. Check it against the setting's ``ShareSetting/Kind`` (or the caller's conversion); a bad
///    value throws ``SettingError`` naming the setting and the source. A later provider is not
///    asked instead: a bad flag is an error, not a reason to fall back to the file.
/// 3. With no value anywhere, return nil: the caller's typed default applies.
///
/// ```swift
/// let reader = SettingsReader(providers: [
///     CommandLineSettingsProvider(values: ["timeout": ["5"]]),
///     EnvironmentSettingsProvider(environment: environment),
/// ])
/// let timeout = try reader.seconds(ShareSettings.timeout) ?? ShareSettings.defaultTimeout
/// ```
public struct SettingsReader: Sendable {
    /// Where values come from, the first winning.
    public var providers: [any SettingsProvider]

    /// A reader over `providers`, the first winning.
    public init(providers: [any SettingsProvider]) { self.providers = providers }

    /// The first value any provider holds for `setting`, unchecked.
    public func value(_ setting: ShareSetting) -> SettingValue? {
        for provider in providers {
            if let value = provider.value(for: setting) { return value }
        }
        return nil
    }

    /// Where `setting`'s value comes from; nil when nothing sets it.
    public func source(_ setting: ShareSetting) -> SettingSource? { value(setting)?.source }

    /// The setting's value converted by `convert`, which returns what is wrong or the value.
    ///
    /// - Throws: ``SettingError`` with the problem `convert` gave and where the value came from.
    public func value<T>(
        _ setting: ShareSetting,
        _ convert: (SettingValue) -> Result<T, SettingProblem>
    ) throws(SettingError) -> T? {
        guard let found = value(setting) else { return nil }
        switch convert(found) {
        case .success(let value): return value
        case .failure(let problem):
            throw SettingError(setting: setting, source: found.source, problem: problem.words)
        }
    }

    /// The setting's single value as written.
    public func text(_ setting: ShareSetting) -> String? { value(setting)?.text }

    /// The setting's values: a list's items, or a single value as one item.
    public func texts(_ setting: ShareSetting) -> [String]? { value(setting)?.texts }

    /// A ``ShareSetting/Kind/boolean`` or ``ShareSetting/Kind/presence`` setting.
    ///
    /// - Throws: ``SettingError`` for anything but true/yes/false/no.
    public func bool(_ setting: ShareSetting) throws(SettingError) -> Bool? {
        try value(setting) { found in
            ShareSetting.Kind.boolean(found.text).map { .success($0) } ?? .failure(.kind(setting.kind))
        }
    }

    /// An ``ShareSetting/Kind/integer(_:)`` setting, checked against its range.
    ///
    /// - Throws: ``SettingError`` for a value that is not a whole number in the range.
    public func integer(_ setting: ShareSetting) throws(SettingError) -> Int? {
        try value(setting) { found in
            guard let number = Int(found.text), setting.kind.integerRange?.contains(number) ?? true else {
                return .failure(.kind(setting.kind))
            }
            return .success(number)
        }
    }

    /// A ``ShareSetting/Kind/seconds`` setting as a duration: the one place its bound (above 0,
    /// at most an hour) and its conversion are written.
    ///
    /// - Throws: ``SettingError`` for a value that is not a number of seconds in the bound.
    public func seconds(_ setting: ShareSetting) throws(SettingError) -> Duration? {
        try value(setting) { found in
            guard let seconds = Double(found.text), ShareSetting.Kind.isValidSeconds(seconds) else {
                return .failure(.kind(setting.kind))
            }
            return .success(ShareSetting.Kind.duration(seconds: seconds))
        }
    }

    /// A ``ShareSetting/Kind/choice(_:)`` setting converted by `make` (an enum's `init(rawValue:)`).
    ///
    /// - Throws: ``SettingError`` for a value `make` refuses.
    public func choice<T>(_ setting: ShareSetting, _ make: (String) -> T?) throws(SettingError) -> T? {
        try value(setting) { found in make(found.text).map { .success($0) } ?? .failure(.kind(setting.kind)) }
    }
}

/// What is wrong with a value, in words that follow the setting's name: `must be digits`.
public struct SettingProblem: Error, Sendable, Hashable {
    /// The words.
    public var words: String

    /// A problem in words that follow the setting's name.
    public init(_ words: String) { self.words = words }

    /// The value is not what `kind` holds: `must be a number of seconds above 0, at most 3600`.
    public static func kind(_ kind: ShareSetting.Kind) -> SettingProblem { SettingProblem("must be \(kind.words)") }
}

extension SettingsReader {
    /// What `read` returns, or nil with its error appended to `problems`: for reading a whole
    /// configuration in one pass and reporting every bad value at once.
    public func recording<T>(
        _ problems: inout [SettingError],
        _ read: (SettingsReader) throws(SettingError) -> T?
    ) -> T? {
        do {
            return try read(self)
        } catch {
            problems.append(error)
            return nil
        }
    }
}
