/// The process environment as a value, so destinations and tests can be given their own.
///
/// Destinations read `DISPLAY`, `PATH`, `XDG_DATA_HOME` and credentials through this rather
/// than the global environment, so a test can hand one an environment without `DISPLAY`.
public struct ShareEnvironment: Sendable, Hashable {
    /// The variables.
    public var variables: [String: String]

    public init(_ variables: [String: String] = [:]) { self.variables = variables }

    /// The variable's value; an empty value counts as unset.
    public subscript(name: String) -> String? {
        get {
            guard let value = variables[name], !value.isEmpty else { return nil }
            return value
        }
        set { variables[name] = newValue }
    }

    /// The name of the variable that marks destinations unavailable: `SHAREVIA_UNAVAILABLE`.
    public static let unavailableVariable = "SHAREVIA_UNAVAILABLE"

    /// Destinations named in `SHAREVIA_UNAVAILABLE` (comma separated), with the reason to report.
    public var simulatedUnavailable: [DestinationID: String] {
        Self.parseUnavailable(self[Self.unavailableVariable] ?? "", source: Self.unavailableVariable)
    }

    /// Parses a comma-separated list of destination ids into id-to-reason pairs.
    public static func parseUnavailable(_ list: String, source: String) -> [DestinationID: String] {
        Dictionary(DestinationID.list(parsing: list).map { ($0, "marked unavailable by \(source)") }) { first, _ in
            first
        }
    }
}
