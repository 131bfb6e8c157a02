/// What to do, in words that name settings by their declarations, so each caller names them its
/// own way: the `sharevia` command by their flags and variables.
///
/// A library writes it with the settings it concerns; the words it shows its own callers stay in
/// library terms (`Configuration.appID`):
///
/// ```swift
/// let advice: SettingAdvice = "pass \(flag: Settings.appID) ID or set \(variable: Settings.appID)"
/// advice.worded { setting, name in name == .flag ? "--" + (setting.flag ?? "") : setting.variable ?? "" }
/// ```
public struct SettingAdvice: Sendable, Hashable, ExpressibleByStringInterpolation {
    /// How a setting is named in advice: by its long flag, its variable or its config key.
    public struct Name: Sendable, Hashable {
        private enum Base: Sendable, Hashable { case flag, variable, key }
        private let base: Base
        private init(_ base: Base) { self.base = base }

        /// The setting's long flag, as ``ShareSetting/flag`` declares it.
        public static let flag = Name(.flag)
        /// The setting's `SHAREVIA_*` variable.
        public static let variable = Name(.variable)
        /// The setting's config-file key.
        public static let key = Name(.key)
    }

    fileprivate enum Part: Sendable, Hashable {
        case text(String)
        case setting(ShareSetting, Name)
    }
    private var parts: [Part]

    /// Advice that names no setting.
    public init(stringLiteral value: String) {
        parts = [.text(value)]
    }

    /// Advice from text and the settings interpolated in it.
    public init(stringInterpolation: StringInterpolation) {
        parts = stringInterpolation.parts
    }

    /// The advice with each setting named by `name`.
    public func worded(naming name: (ShareSetting, Name) -> String) -> String {
        var words = ""
        for part in parts {
            switch part {
            case .text(let text): words += text
            case .setting(let setting, let kind): words += name(setting, kind)
            }
        }
        return words
    }

    /// Builds advice from text and settings.
    public struct StringInterpolation: StringInterpolationProtocol {
        fileprivate var parts: [Part] = []

        /// Starts empty.
        public init(literalCapacity: Int, interpolationCount: Int) {}

        /// Text as it is written.
        public mutating func appendLiteral(_ literal: String) {
            if !literal.isEmpty { parts.append(.text(literal)) }
        }

        /// Text as it is: a value, a path, the library's own words.
        public mutating func appendInterpolation(_ value: some CustomStringConvertible) {
            parts.append(.text(value.description))
        }

        /// The setting, by its long flag.
        public mutating func appendInterpolation(flag setting: ShareSetting) {
            parts.append(.setting(setting, .flag))
        }

        /// The setting, by its `SHAREVIA_*` variable.
        public mutating func appendInterpolation(variable setting: ShareSetting) {
            parts.append(.setting(setting, .variable))
        }

        /// The setting, by its config-file key.
        public mutating func appendInterpolation(key setting: ShareSetting) {
            parts.append(.setting(setting, .key))
        }
    }
}
