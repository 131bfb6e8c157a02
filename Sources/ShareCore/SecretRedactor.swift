/// Takes known secret values out of text before it is shown: a report line, a log, an error.
///
/// A plugin runs as the user and can read what the user can, `/proc/<sharevia's pid>/environ`
/// included; whatever it prints back passes through a redactor holding every secret sharevia
/// knows, so a value it echoes shows as `<redacted>`.
///
/// ```swift
/// let redactor = SecretRedactor([Secret("CANARY-7f3a")])
/// redactor.redact("token CANARY-7f3a refused")   // "token <redacted> refused"
/// ```
public struct SecretRedactor: Sendable, Hashable {
    /// The values to take out, longest first, so a secret that contains another goes whole.
    private let values: [String]

    /// A redactor for `secrets`; empty values are ignored.
    public init(_ secrets: some Sequence<Secret>) {
        values = Set(secrets.map { $0.revealed() }.filter { !$0.isEmpty }).sorted { $0.count > $1.count }
    }

    /// True when it knows no secret.
    public var isEmpty: Bool { values.isEmpty }

    /// `text` with every known secret value replaced by `<redacted>`, and the user and password
    /// of any URL in it too (``URLCredentials/redacted(_:)``).
    public func redact(_ text: String) -> String {
        var result = URLCredentials.redacted(text)
        guard !values.isEmpty else { return result }
        for value in values where result.contains(value) {
            result = result.replacing(value, with: "<redacted>")
        }
        return result
    }

    /// `text` redacted, or nil for nil.
    public func redact(_ text: String?) -> String? { text.map { redact($0) } }
}
