/// Quoting a program's path and words for the places a desktop integration writes commands:
/// a Desktop Entry's `Exec` key, a shell script, and Thunar's command line.
enum DesktopQuoting {
    /// An `Exec` argument quoted as the Desktop Entry Specification's "The Exec key" says: in
    /// double quotes, with `"`, `` ` ``, `$` and `\` escaped by a backslash, and `%` doubled (a
    /// field code otherwise); then escaped once more as a string value (`\` becomes `\\`), since
    /// the key's value is read as a string before it is split into arguments.
    static func execArgument(_ word: String) -> String {
        var quoted = "\""
        for character in word {
            switch character {
            case "\"", "`", "$", "\\": quoted += "\\" + String(character)
            case "%": quoted += "%%"
            default: quoted.append(character)
            }
        }
        quoted += "\""
        return stringValue(quoted)
    }

    /// A Desktop Entry string value: `\` as `\\`, and line breaks and tabs as `\n`, `\r`, `\t`.
    static func stringValue(_ text: String) -> String {
        var escaped = ""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\\": escaped += "\\\\"
            case "\n": escaped += "\\n"
            case "\r": escaped += "\\r"
            case "\t": escaped += "\\t"
            default: escaped.unicodeScalars.append(scalar)
            }
        }
        return escaped
    }

    /// A word for a POSIX shell: in single quotes, each `'` written as `'\''`.
    static func shellWord(_ word: String) -> String {
        "'" + word.replacingAll("'", with: "'\\''") + "'"
    }

    /// A word for Thunar's command line, which Thunar splits as a shell would (GLib's
    /// `g_shell_parse_argv`) after replacing its `%` field codes: a shell word with `%` doubled.
    static func thunarWord(_ word: String) -> String {
        shellWord(word.replacingAll("%", with: "%%"))
    }

    /// Text for XML character data: `&`, `<` and `>` as entities.
    static func xmlText(_ text: String) -> String {
        text.replacingAll("&", with: "&amp;").replacingAll("<", with: "&lt;").replacingAll(">", with: "&gt;")
    }
}

extension String {
    /// This text with every `target` replaced by `replacement` (no Foundation needed).
    fileprivate func replacingAll(_ target: Character, with replacement: String) -> String {
        var result = ""
        for character in self {
            if character == target { result += replacement } else { result.append(character) }
        }
        return result
    }
}
