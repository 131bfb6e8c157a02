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
    /// The values to take out as UTF-8 bytes, longest first, so a secret that contains another
    /// goes whole.
    private let values: [[UInt8]]

    /// A redactor for `secrets`; empty values are ignored.
    public init(_ secrets: some Sequence<Secret>) {
        values = Set(secrets.map { Array($0.revealed().utf8) }.filter { !$0.isEmpty }).sorted { $0.count > $1.count }
    }

    /// True when it knows no secret.
    public var isEmpty: Bool { values.isEmpty }

    /// `text` with every known secret value replaced by `<redacted>`, and the user and password
    /// of any URL in it too (``URLCredentials/redacted(_:)``).
    public func redact(_ text: String) -> String {
        let result = URLCredentials.redacted(text)
        guard !values.isEmpty else { return result }
        // By bytes, not Characters: a secret followed by a combining mark is one Character with
        // it, and would not match as a String.
        var bytes = Array(result.utf8)
        let marker = Array("<redacted>".utf8)
        for value in values {
            var output: [UInt8] = []
            output.reserveCapacity(bytes.count)
            var index = 0
            while index < bytes.count {
                if bytes[index] == value[0], bytes.count - index >= value.count,
                    bytes[index..<index + value.count].elementsEqual(value)
                {
                    output += marker
                    index += value.count
                } else {
                    output.append(bytes[index])
                    index += 1
                }
            }
            bytes = output
        }
        return String(decoding: bytes, as: UTF8.self)
    }

    /// `text` redacted, or nil for nil.
    public func redact(_ text: String?) -> String? { text.map { redact($0) } }
}
