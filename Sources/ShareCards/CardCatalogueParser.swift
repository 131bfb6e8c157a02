/// Reads a card catalogue: the words and formats of one language, in a text file a translator
/// edits without reading Swift (`Sources/ShareCards/Catalogues/<language>.txt`).
///
/// The format, one entry a line:
///
/// ```
/// # A comment; blank lines are skipped.
/// total = Total
/// streak-headline[one] = {count} day streak
/// streak-headline[other] = {count} day streak
/// number.group = \u{202F}
/// ```
///
/// A key is lower-case letters, digits, `.` and `-`, optionally followed by a CLDR plural
/// category in brackets (`zero`, `one`, `two`, `few`, `many`, `other`). The text is everything
/// after the first `=`, without the spaces around it; `\u{XXXX}` writes a character by its code
/// (for invisible ones such as a narrow no-break space), `\\` a backslash. `{name}` placeholders
/// are kept as they are.
package enum CardCatalogueParser {
    /// The largest catalogue read, in bytes.
    package static let maximumBytes = 64 * 1024
    /// The most entries a catalogue may hold.
    package static let maximumEntries = 400
    /// The longest text an entry may have, in characters.
    package static let maximumTextLength = 400

    /// The plural categories CLDR defines.
    package static let categories: Set<String> = ["zero", "one", "two", "few", "many", "other"]

    /// The entries of `bytes`: each key's text, and its plural forms by category.
    ///
    /// - Parameter name: The file's name, for errors (`ja.txt`).
    /// - Throws: ``CardError`` (`invalidSpec`) naming the file, the line and the rule broken.
    package static func parse(_ bytes: [UInt8], name: String) throws(CardError) -> [String: [String: String]] {
        guard bytes.count <= maximumBytes else {
            throw CardError(
                .invalidSpec,
                "\(name) has \(bytes.count) bytes; a catalogue holds at most \(maximumBytes), so split or shorten it"
            )
        }
        guard let text = String(validating: bytes, as: UTF8.self) else {
            throw CardError(.invalidSpec, "\(name) is not UTF-8 text; save it as UTF-8")
        }
        var entries: [String: [String: String]] = [:]
        var count = 0
        // "\r\n" is one Character in Swift: both line ends split lines.
        let lines = text.split(omittingEmptySubsequences: false) { $0 == "\n" || $0 == "\r\n" }
        for (index, line) in lines.enumerated() {
            let where_ = "\(name) line \(index + 1)"
            let trimmed = line.drop { $0 == " " || $0 == "\t" }
            if trimmed.isEmpty || trimmed.hasPrefix("#") { continue }
            guard let equals = trimmed.firstIndex(of: "=") else {
                throw CardError(.invalidSpec, "\(where_) has no '='; write 'key = text', or start a comment with '#'")
            }
            let (key, category) = try parseKey(trimmed[..<equals], at: where_)
            let value = try unescape(trim(trimmed[trimmed.index(after: equals)...]), at: where_)
            guard !value.isEmpty else {
                throw CardError(.invalidSpec, "\(where_): '\(key)' has no text after '='; write its text")
            }
            guard value.count <= maximumTextLength else {
                throw CardError(
                    .invalidSpec,
                    "\(where_): '\(key)' has \(value.count) characters; shorten it to at most \(maximumTextLength)"
                )
            }
            let form = category ?? ""
            guard entries[key]?[form] == nil else {
                let shown = category.map { "\(key)[\($0)]" } ?? key
                throw CardError(.invalidSpec, "\(where_): '\(shown)' is given twice; keep one")
            }
            count += 1
            guard count <= maximumEntries else {
                throw CardError(.invalidSpec, "\(where_): a catalogue holds at most \(maximumEntries) entries")
            }
            entries[key, default: [:]][form] = value
        }
        return entries
    }

    /// The key and its plural category, if any.
    private static func parseKey(_ text: Substring, at place: String) throws(CardError) -> (String, String?) {
        var key = trim(text)
        var category: String?
        if key.hasSuffix("]"), let open = key.lastIndex(of: "[") {
            let name = String(key[key.index(after: open)..<key.index(before: key.endIndex)])
            guard categories.contains(name) else {
                throw CardError(
                    .invalidSpec,
                    "\(place): '[\(name)]' is not a plural category; use one of zero, one, two, few, many, other"
                )
            }
            category = name
            key = String(key[..<open])
        }
        let allowed = key.unicodeScalars.allSatisfy {
            ("a"..."z").contains($0) || ("0"..."9").contains($0) || $0 == "." || $0 == "-"
        }
        guard !key.isEmpty, key.count <= 64, allowed else {
            throw CardError(
                .invalidSpec,
                "\(place): '\(key.prefix(64))' is not a key; a key is 1 to 64 lower-case letters, digits, '.' and '-'"
            )
        }
        return (key, category)
    }

    private static func trim(_ text: Substring) -> String {
        String(text.drop { $0 == " " || $0 == "\t" }.reversed().drop { $0 == " " || $0 == "\t" }.reversed())
    }

    /// `\u{XXXX}` and `\\` replaced by the characters they write.
    private static func unescape(_ text: String, at place: String) throws(CardError) -> String {
        guard text.contains("\\") else { return text }
        var result = ""
        var rest = Substring(text)
        while let slash = rest.firstIndex(of: "\\") {
            result += rest[..<slash]
            rest = rest[rest.index(after: slash)...]
            if rest.hasPrefix("\\") {
                result += "\\"
                rest = rest.dropFirst()
                continue
            }
            guard rest.hasPrefix("u{"), let close = rest.firstIndex(of: "}") else {
                throw CardError(
                    .invalidSpec,
                    "\(place): a backslash starts \\u{XXXX} (a character by its hex code) or \\\\ (a backslash)"
                )
            }
            let hex = rest[rest.index(rest.startIndex, offsetBy: 2)..<close]
            guard hex.count <= 6, let code = UInt32(hex, radix: 16), let scalar = Unicode.Scalar(code) else {
                throw CardError(.invalidSpec, "\(place): '\\u{\(hex.prefix(8))}' is not a Unicode character code")
            }
            result.unicodeScalars.append(scalar)
            rest = rest[rest.index(after: close)...]
        }
        return result + rest
    }
}
