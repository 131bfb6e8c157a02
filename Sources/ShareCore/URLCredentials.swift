/// Takes the user and password out of URLs before they are shown.
///
/// `smtp://user:pw@host:587` shows as `smtp://<redacted>@host:587`. Every place sharevia shows a
/// URL it was given (reports, `--json`, `--dry-run`, `destinations`, `config check`, errors)
/// passes it through ``redacted(_:)``, so a password written into a URL never reaches output.
public enum URLCredentials {
    /// `text` with the user information (`user:password@`) of every `scheme://` URL in it
    /// replaced by `<redacted>@`; the rest of the text is unchanged.
    public static func redacted(_ text: String) -> String {
        guard text.contains("@"), text.contains("://") else { return text }
        var result = ""
        var rest = Substring(text)
        while let separator = rest.firstRange(of: "://") {
            result += rest[..<separator.upperBound]
            rest = rest[separator.upperBound...]
            // The authority ends at a path, query, fragment, blank or quote.
            let end = rest.firstIndex { "/?#\\ \t\r\n'\"<>".contains($0) } ?? rest.endIndex
            let authority = rest[..<end]
            if let at = authority.lastIndex(of: "@") {
                result += "<redacted>@"
                rest = rest[rest.index(after: at)...]
            }
        }
        return result + rest
    }

    /// True when `text` holds a URL with user information.
    public static func hasCredentials(_ text: String) -> Bool { redacted(text) != text }
}
