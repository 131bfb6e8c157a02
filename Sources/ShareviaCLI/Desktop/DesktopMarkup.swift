/// Text shown by a desktop program that reads Pango or Qt markup (a notification's body, a
/// zenity or kdialog label): `&`, `<` and `>` as entities, so a file name with `<b>` shows as
/// written; with `doublingBackslashes`, `\` doubled too, for zenity's backslash escapes.
enum DesktopMarkup {
    static func escaped(_ text: String, doublingBackslashes: Bool = false) -> String {
        var escaped = ""
        escaped.reserveCapacity(text.utf8.count)
        for character in text {
            switch character {
            case "&": escaped += "&amp;"
            case "<": escaped += "&lt;"
            case ">": escaped += "&gt;"
            case "\\" where doublingBackslashes: escaped += "\\\\"
            default: escaped.append(character)
            }
        }
        return escaped
    }
}
