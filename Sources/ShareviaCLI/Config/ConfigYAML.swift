/// Reads the YAML subset sharevia's config file uses into flat dotted keys.
///
/// Supported: block mappings nested by indentation (spaces), lists of scalars as `- item` lines
/// or `[a, b]`, plain, 'single-quoted' and "double-quoted" scalars, `#` comments, a leading
/// `---`. Anything else (anchors, aliases, tags, `|` and `>` blocks, `{}` mappings, lists of
/// mappings, tabs in indentation) is refused with its line, never misread.
enum ConfigYAML {
    /// A problem, with its 1-based line and the key it belongs to.
    struct Failure: Error, Sendable, Hashable {
        var line: Int
        var key: String?
        var message: String
    }

    /// One open mapping: the indentation of its keys (nil until its first key), its key path.
    private struct Level {
        var indent: Int?
        var prefix: String
        var keys: Set<String> = []
    }

    /// A key waiting for its value on the following lines: a nested mapping or a list.
    private struct Pending {
        var key: String
        var indent: Int
        var line: Int
    }

    /// A list being read from `- item` lines.
    private struct OpenList {
        var key: String
        var indent: Int
        var line: Int
        var items: [String]
    }

    static func parse(_ text: String) throws(Failure) -> [String: ConfigDocument.Entry] {
        var entries: [String: ConfigDocument.Entry] = [:]
        var levels = [Level(indent: 0, prefix: "")]
        var pending: Pending?
        var list: OpenList?
        var lineNumber = 0
        var seenContent = false

        func finishList() {
            if let open = list { entries[open.key] = .init(value: .list(open.items), line: open.line) }
            list = nil
        }

        // Lines split on the LF byte: CR LF is one Character, which a split on "\n" never finds.
        for rawLine in LineEnding.lines(of: text.utf8) {
            lineNumber += 1
            var line = Substring(rawLine)
            if line.last == "\r" { line = line.dropLast() }  // a last line ending in CR without LF
            if line.contains("\t") && line.prefix(while: { $0 == " " || $0 == "\t" }).contains("\t") {
                throw Failure(line: lineNumber, key: nil, message: "is indented with a tab; YAML indents with spaces")
            }
            let content = try stripComment(line, line: lineNumber)
            let body = content.drop(while: { $0 == " " })
            if body.isEmpty { continue }
            let indent = content.count - body.count
            if !seenContent, indent == 0, body == "---" {
                seenContent = true
                continue
            }
            seenContent = true
            if body == "..." || body == "---" {
                throw Failure(
                    line: lineNumber,
                    key: nil,
                    message: "starts another YAML document; a config file holds one"
                )
            }
            let isItem = body == "-" || body.hasPrefix("- ")

            // A list in progress takes the items at its indentation.
            if var open = list {
                if isItem && indent == open.indent {
                    let item = body.dropFirst().drop(while: { $0 == " " })
                    guard !item.isEmpty else {
                        throw Failure(line: lineNumber, key: open.key, message: "has an empty list item")
                    }
                    open.items.append(try listItem(item, line: lineNumber, key: open.key))
                    list = open
                    continue
                }
                if isItem || indent > open.indent {
                    throw Failure(
                        line: lineNumber,
                        key: open.key,
                        message:
                            "has a list item out of line with the others, or a list of mappings; write plain items at one indentation"
                    )
                }
                finishList()
            }

            // A key without a value opens a list or a nested mapping.
            if let waiting = pending {
                pending = nil
                if isItem && indent >= waiting.indent {
                    list = OpenList(key: waiting.key, indent: indent, line: waiting.line, items: [])
                    let item = body.dropFirst().drop(while: { $0 == " " })
                    guard !item.isEmpty else {
                        throw Failure(line: lineNumber, key: waiting.key, message: "has an empty list item")
                    }
                    list?.items.append(try listItem(item, line: lineNumber, key: waiting.key))
                    continue
                }
                guard indent > waiting.indent else {
                    throw Failure(
                        line: waiting.line,
                        key: waiting.key,
                        message: "has no value; give one or remove the key"
                    )
                }
                levels.append(Level(indent: nil, prefix: waiting.key))
            }

            if isItem {
                throw Failure(
                    line: lineNumber,
                    key: levels.last?.prefix.nilIfEmpty,
                    message: "is a list item where a key was expected"
                )
            }
            // Close the mappings this line is outside of.
            while let top = levels.last, let topIndent = top.indent, indent < topIndent, levels.count > 1 {
                levels.removeLast()
            }
            if levels[levels.count - 1].indent == nil { levels[levels.count - 1].indent = indent }
            guard indent == levels[levels.count - 1].indent else {
                throw Failure(
                    line: lineNumber,
                    key: levels.last?.prefix.nilIfEmpty,
                    message: "is indented differently from the keys before it"
                )
            }

            let (name, rest) = try keyAndRest(body, line: lineNumber)
            let prefix = levels[levels.count - 1].prefix
            let key = prefix.isEmpty ? name : "\(prefix).\(name)"
            guard levels[levels.count - 1].keys.insert(name).inserted else {
                throw Failure(line: lineNumber, key: key, message: "is set twice; keep one")
            }
            let value = rest.drop(while: { $0 == " " })
            if value.isEmpty {
                pending = Pending(key: key, indent: indent, line: lineNumber)
            } else if value.hasPrefix("[") {
                entries[key] = .init(value: .list(try flowList(value, line: lineNumber, key: key)), line: lineNumber)
            } else {
                entries[key] = .init(value: .scalar(try scalar(value, line: lineNumber, key: key)), line: lineNumber)
            }
        }
        finishList()
        if let waiting = pending {
            throw Failure(line: waiting.line, key: waiting.key, message: "has no value; give one or remove the key")
        }
        return entries
    }

    /// The line without its comment: `#` at the start or after a space, outside quotes.
    private static func stripComment(_ line: Substring, line number: Int) throws(Failure) -> Substring {
        var quote: Character?
        var previous: Character = " "
        var index = line.startIndex
        while index < line.endIndex {
            let character = line[index]
            if let open = quote {
                if character == open {
                    quote = nil
                } else if open == "\"" && character == "\\" {
                    index = line.index(after: index)
                    guard index < line.endIndex else { break }
                }
            } else if character == "#" && (previous == " " || index == line.startIndex) {
                return trimmingTrailingSpaces(line[..<index])
            } else if (character == "\"" || character == "'")
                && (previous == " " || previous == ":" || previous == "[" || previous == "," || index == line.startIndex
                    || previous == "-")
            {
                quote = character
            }
            previous = character
            index = line.index(after: index)
        }
        return trimmingTrailingSpaces(line)
    }

    private static func trimmingTrailingSpaces(_ text: Substring) -> Substring {
        var end = text.endIndex
        while end > text.startIndex && text[text.index(before: end)] == " " { end = text.index(before: end) }
        return text[..<end]
    }

    /// `name: rest` split at the first `: ` (or a final `:`), the name unquoted.
    private static func keyAndRest(_ body: Substring, line: Int) throws(Failure) -> (String, Substring) {
        if body.first == "\"" || body.first == "'" {
            guard let (name, after) = try quoted(body, line: line, key: nil), after.first == ":" else {
                throw Failure(line: line, key: nil, message: "has a quoted key without ':' after it")
            }
            return (name, after.dropFirst())
        }
        var index = body.startIndex
        while index < body.endIndex {
            if body[index] == ":" {
                let next = body.index(after: index)
                if next == body.endIndex || body[next] == " " {
                    let name = String(body[..<index])
                    try checkName(name, line: line)
                    return (name, body[next...])
                }
            }
            index = body.index(after: index)
        }
        throw Failure(line: line, key: nil, message: "is not 'key: value'")
    }

    private static func checkName(_ name: String, line: Int) throws(Failure) {
        guard !name.isEmpty, name.allSatisfy({ $0.isLetter || $0.isNumber || $0 == "_" || $0 == "-" }) else {
            throw Failure(line: line, key: nil, message: "has the key '\(name)'; keys are letters, digits, '_' and '-'")
        }
    }

    /// A scalar value: quoted, or plain (refusing YAML features a settings file doesn't use).
    private static func scalar(_ value: Substring, line: Int, key: String) throws(Failure) -> String {
        if value.first == "\"" || value.first == "'" {
            guard let (text, after) = try quoted(value, line: line, key: key), after.isEmpty else {
                throw Failure(line: line, key: key, message: "has text after its closing quote")
            }
            return text
        }
        if let first = value.first, "&*!|>{%@`".contains(first) {
            throw Failure(
                line: line,
                key: key,
                message: "starts with '\(first)', a YAML feature sharevia's config doesn't take; quote the value"
            )
        }
        if value == "~" || value == "null" || value == "Null" || value == "NULL" {
            throw Failure(line: line, key: key, message: "is null; give a value or remove the key")
        }
        return String(value)
    }

    /// A `- item` value: a scalar, never a mapping.
    private static func listItem(_ item: Substring, line: Int, key: String) throws(Failure) -> String {
        if item.first != "\"" && item.first != "'" && (item.contains(": ") || item.hasSuffix(":")) {
            throw Failure(
                line: line,
                key: key,
                message: "is a list of mappings; lists hold plain values (quote an item that has ': ')"
            )
        }
        if item.hasPrefix("[") {
            throw Failure(line: line, key: key, message: "has a nested list; lists hold plain values")
        }
        return try scalar(item, line: line, key: key)
    }

    /// A quoted scalar at the start of `text`, and what follows its closing quote.
    private static func quoted(_ text: Substring, line: Int, key: String?) throws(Failure) -> (String, Substring)? {
        guard let quote = text.first else { return nil }
        var result = ""
        var index = text.index(after: text.startIndex)
        while index < text.endIndex {
            let character = text[index]
            if character == quote {
                let next = text.index(after: index)
                if quote == "'" && next < text.endIndex && text[next] == "'" {
                    result.append("'")
                    index = text.index(after: next)
                    continue
                }
                return (result, text[next...])
            }
            if quote == "\"" && character == "\\" {
                index = text.index(after: index)
                guard index < text.endIndex else { break }
                switch text[index] {
                case "n": result.append("\n")
                case "t": result.append("\t")
                case "\\": result.append("\\")
                case "\"": result.append("\"")
                case "/": result.append("/")
                case "u":
                    let digits = text[text.index(after: index)...].prefix(4)
                    guard digits.count == 4, let value = UInt32(digits, radix: 16), let scalar = Unicode.Scalar(value)
                    else {
                        throw Failure(line: line, key: key, message: "has a bad \\u escape; write four hex digits")
                    }
                    result.unicodeScalars.append(scalar)
                    index = text.index(index, offsetBy: 4)
                default:
                    throw Failure(
                        line: line,
                        key: key,
                        message: "has an escape sharevia doesn't read: \\\(text[index])"
                    )
                }
                index = text.index(after: index)
                continue
            }
            result.append(character)
            index = text.index(after: index)
        }
        throw Failure(line: line, key: key, message: "has a quote that is never closed")
    }

    /// `[a, "b", c]`.
    private static func flowList(_ value: Substring, line: Int, key: String) throws(Failure) -> [String] {
        guard value.last == "]" else {
            throw Failure(line: line, key: key, message: "has a '[' list that doesn't end with ']' on the same line")
        }
        var inner = value.dropFirst().dropLast()[...]
        var items: [String] = []
        while true {
            inner = inner.drop(while: { $0 == " " })
            if inner.isEmpty { break }
            if inner.first == "\"" || inner.first == "'" {
                guard let (text, after) = try quoted(inner, line: line, key: key) else { break }
                items.append(text)
                inner = after.drop(while: { $0 == " " })
            } else {
                let item = inner.prefix(while: { $0 != "," })
                let trimmed = item.reversed().drop(while: { $0 == " " }).reversed()
                guard !trimmed.isEmpty else { throw Failure(line: line, key: key, message: "has an empty list item") }
                if trimmed.contains(where: { "[]{}".contains($0) }) {
                    throw Failure(
                        line: line,
                        key: key,
                        message: "has a nested list or mapping; lists hold plain values"
                    )
                }
                items.append(try scalar(Substring(String(trimmed)), line: line, key: key))
                inner = inner[item.endIndex...]
            }
            if inner.isEmpty { break }
            guard inner.first == "," else {
                throw Failure(line: line, key: key, message: "has list items not separated by ','")
            }
            inner = inner.dropFirst()
        }
        return items
    }
}

extension String {
    fileprivate var nilIfEmpty: String? { isEmpty ? nil : self }
}
