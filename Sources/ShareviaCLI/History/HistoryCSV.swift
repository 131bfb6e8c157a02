/// CSV as RFC 4180 writes it (fields separated by commas, records ended by CRLF, a field with a
/// comma, quote or line break in double quotes with its quotes doubled), safe to open in a
/// spreadsheet: a field starting with `=`, `+`, `-`, `@`, a tab or a carriage return gets a
/// leading `'`, so it is never read as a formula.
enum HistoryCSV {
    /// One record of `fields`, ending with CRLF.
    static func record(_ fields: [String]) -> String {
        fields.map(field).joined(separator: ",") + "\r\n"
    }

    /// One field, defused and quoted as needed.
    static func field(_ value: String) -> String {
        var text = value
        if let first = text.unicodeScalars.first, "=+-@\t\r".unicodeScalars.contains(first) { text = "'" + text }
        guard text.unicodeScalars.contains(where: { $0 == "," || $0 == "\"" || $0 == "\r" || $0 == "\n" }) else {
            return text
        }
        return "\"" + text.replacing("\"", with: "\"\"") + "\""
    }
}
