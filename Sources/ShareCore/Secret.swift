/// A credential (a password, an API token) that never prints itself.
///
/// `description`, `debugDescription`, string interpolation and `dump` all show `<redacted>`;
/// only ``revealed()`` gives the value, for the one call that sends it.
public struct Secret: Sendable, Hashable, CustomStringConvertible, CustomDebugStringConvertible,
    CustomReflectable
{
    private let value: String

    /// Wraps a secret value.
    public init(_ value: String) { self.value = value }

    /// The secret from an environment variable, or nil when it is unset or empty.
    public init?(environment: ShareEnvironment, variable: String) {
        guard let value = environment[variable] else { return nil }
        self.value = value
    }

    /// The value itself. Call it only where the value is sent, never to print or log.
    public func revealed() -> String { value }

    public var description: String { "<redacted>" }
    public var debugDescription: String { "<redacted>" }
    public var customMirror: Mirror { Mirror(self, children: [], displayStyle: .struct) }
}
