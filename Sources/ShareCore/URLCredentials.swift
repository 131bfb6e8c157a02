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
            if let at = userInfoEnd(in: rest) {
                result += "<redacted>@"
                rest = rest[rest.index(after: at)...]
            }
        }
        return result + rest
    }

    /// The `@` that ends the user information at the start of `rest` (what follows `://`), if any.
    ///
    /// The authority ends at a path, query, fragment, blank or quote; an `@` there ends user
    /// information. A password may hold a `/`, `?` or `#` as people type it (`bob:pa/ss@host`):
    /// so the last `@` before a blank or quote also ends it when a `:` that is not a port's comes
    /// before the first `/`. An `@` in a path (`https://mastodon.social/@user`) is left alone.
    private static func userInfoEnd(in rest: Substring) -> Substring.Index? {
        func ends(_ delimiters: String) -> Substring.Index {
            rest.unicodeScalars.firstIndex { delimiters.unicodeScalars.contains($0) } ?? rest.endIndex
        }
        let authority = rest[..<ends("/?#\\ \t\r\n'\"<>")]
        if let at = authority.lastIndex(of: "@") { return at }
        let token = rest[..<ends(" \t\r\n'\"<>")]
        guard let at = token.lastIndex(of: "@"), let colon = authority.firstIndex(of: ":") else { return nil }
        let afterColon = authority[authority.index(after: colon)...]
        let isPort = !afterColon.isEmpty && afterColon.unicodeScalars.allSatisfy { ("0"..."9").contains($0) }
        return isPort ? nil : at
    }

    /// True when `text` holds a URL with user information.
    public static func hasCredentials(_ text: String) -> Bool { redacted(text) != text }
}
