import ArgumentParser
import Clipboard

/// The requirements are spelled out, with the values ArgumentParser's defaults for a `String`-backed
/// `CaseIterable` enum give (`clipboard`, `primary`; no per-value descriptions), because the
/// defaults reach them through key paths and generic constraints that cost start-up time each time
/// the command line is parsed.
extension ClipboardSelection: ExpressibleByArgument {
    public init?(argument: String) { self.init(rawValue: argument) }
    public var defaultValueDescription: String { rawValue }
    public static var allValueStrings: [String] { allCases.map { $0.rawValue } }
    public static var allValueDescriptions: [String: String] { [:] }
    public static var defaultCompletionKind: CompletionKind { .list(allValueStrings) }
}

/// Spelled out like ``ClipboardSelection``'s, and taking `auto` for ``automatic``.
extension ClipboardDestination.BackendPreference: ExpressibleByArgument {
    public init?(argument: String) { self.init(parsing: argument) }
    public var defaultValueDescription: String { self == .automatic ? "auto" : rawValue }
    public static var allValueStrings: [String] { allCases.map { $0 == .automatic ? "auto" : $0.rawValue } }
    public static var allValueDescriptions: [String: String] { [:] }
    public static var defaultCompletionKind: CompletionKind { .list(allValueStrings) }
}
