import ShareCore

/// The per-request options the clipboard destination reads from ``ShareRequest/options``.
///
/// | Key | Values | Default |
/// |---|---|---|
/// | `clipboard.selection` | `clipboard`, `primary` (any case) | ``ClipboardDestination/Configuration/selection`` |
/// | `clipboard.verify` | `true`, `false` (also `yes`/`no`, `1`/`0`, `on`/`off`; any case) | ``ClipboardDestination/Configuration/verify`` |
///
/// The CLI sets `clipboard.selection` for `--selection primary` and `clipboard.verify=false`
/// for `--no-verify`. `prepare` resolves them and records the decision in the prepared share's
/// fields (`selection`, `verify`), which is what `deliver` acts on. An unknown value is a
/// `badInput` error naming the key and the accepted values.
public enum ClipboardRequestOptions {
    /// `clipboard.selection`: `clipboard` or `primary`.
    public static let selection = "clipboard.selection"
    /// `clipboard.verify`: `true` or `false` (also `yes`/`no`, `1`/`0`, `on`/`off`).
    public static let verify = "clipboard.verify"

    /// The selection and verification for a request, falling back to the configuration.
    ///
    /// - Throws: ``ShareError`` (`badInput`) for a value that is not one of the accepted ones.
    static func resolve(
        _ options: [String: String],
        configuration: ClipboardDestination.Configuration
    ) throws(ShareError) -> (selection: ClipboardSelection, verify: Bool) {
        var selection = configuration.selection
        var verify = configuration.verify
        if let value = options[Self.selection] {
            guard let parsed = ClipboardSelection(parsing: String(value.trimmingWhitespace())) else {
                throw ShareError(
                    .badInput,
                    destination: .clipboard,
                    message: "\(Self.selection) is '\(value)'; use clipboard or primary"
                )
            }
            selection = parsed
        }
        if let value = options[Self.verify] {
            guard let parsed = parseBool(value) else {
                throw ShareError(
                    .badInput,
                    destination: .clipboard,
                    message: "\(Self.verify) is '\(value)'; use true or false (or yes/no, 1/0, on/off)"
                )
            }
            verify = parsed
        }
        return (selection, verify)
    }

    static func parseBool(_ value: String) -> Bool? {
        switch value.trimmingWhitespace().lowercased() {
        case "true", "yes", "1", "on": true
        case "false", "no", "0", "off": false
        default: nil
        }
    }
}
