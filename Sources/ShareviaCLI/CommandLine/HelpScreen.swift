import ShareCore

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A command's `--help` screen and its usage line, drawn from its options' declarations in
/// swift-argument-parser's layout, so every help screen of `sharevia` looks alike.
struct HelpScreen {
    /// The command's name after `sharevia`: `share`.
    var commandName: String
    /// Its one-sentence summary.
    var abstract: String
    /// What follows the summary: how it works, examples, exit codes.
    var discussion = ""
    /// A usage line written by hand; nil to list the options.
    var usage: String?
    /// Its options and arguments, in order.
    var options: [CommandOption]

    /// The column where help sentences start.
    private static let labelColumn = 26

    /// The usage line, after `USAGE: `.
    var usageLine: String {
        usage ?? (["sharevia \(commandName)"] + options.map(\.usage)).joined(separator: " ")
    }

    /// The whole screen, `columns` wide (the terminal's, as swift-argument-parser measures it, by default).
    func rendered(columns: Int = HelpScreen.terminalWidth) -> String {
        let overview = abstract + (discussion.isEmpty ? "" : "\n\n" + discussion)
        let sections = self.sections(columns: columns).filter { !$0.isEmpty }.joined(separator: "\n")
        return "OVERVIEW: \(overview)".wrapped(to: columns) + "\n\n" + "USAGE: \(Self.hanging(usageLine))\n\n"
            + sections
    }

    /// What an error shows below its message: the usage and where to read more.
    var errorUsage: String {
        "Usage: \(Self.hanging(usageLine))\n  See 'sharevia \(commandName) --help' for more information."
    }

    private func sections(columns: Int) -> [String] {
        var arguments: [String] = []
        var titled: [(title: String, lines: [String])] = []
        var plain: [String] = []
        for option in options {
            let line = Self.element(label: option.label, abstract: description(of: option), columns: columns)
            if let group = option.setting.group {
                if let index = titled.firstIndex(where: { $0.title == group }) {
                    titled[index].lines.append(line)
                } else {
                    titled.append((group, [line]))
                }
            } else if option.isArgument {
                arguments.append(line)
            } else {
                plain.append(line)
            }
        }
        plain.append(Self.element(label: "--version", abstract: "Show the version.", columns: columns))
        plain.append(Self.element(label: "-h, --help", abstract: "Show help information.", columns: columns))
        func section(_ title: String, _ lines: [String]) -> String {
            lines.isEmpty ? "" : title.uppercased() + ":\n" + lines.joined()
        }
        return [section("Arguments", arguments)] + titled.map { section($0.title, $0.lines) }
            + [section("Options", plain)]
    }

    /// The help sentence, then the values a choice takes and the default worth showing.
    private func description(of option: CommandOption) -> String {
        let choices = option.setting.kind.choices ?? []
        let values: String
        switch (choices.isEmpty, option.setting.shownDefault) {
        case (true, nil): values = ""
        case (false, nil): values = "(values: \(choices.joined(separator: ", ")))"
        case (true, let shown?): values = "(default: \(shown))"
        case (false, let shown?): values = "(values: \(choices.joined(separator: ", ")); default: \(shown))"
        }
        return [option.setting.help, values].filter { !$0.isEmpty }.joined(separator: " ")
    }

    /// One option's lines: its label, then its description from the label column.
    private static func element(label: String, abstract: String, columns: Int) -> String {
        let padded = "  " + label
        guard !abstract.isEmpty else { return padded + "\n" }
        let wrapped = abstract.wrapped(to: columns, indent: labelColumn)
        if padded.count < labelColumn { return padded + wrapped.dropFirst(padded.count) + "\n" }
        return padded + "\n" + wrapped + "\n"
    }

    /// A usage of two lines with its second indented under the first's text.
    private static func hanging(_ usage: String) -> String {
        let lines = usage.split(separator: "\n", maxSplits: 1, omittingEmptySubsequences: false)
        guard lines.count == 2 else { return lines.joined() }
        let rest = lines[1].split(separator: "\n", omittingEmptySubsequences: false)
            .map { $0.isEmpty ? "" : String(repeating: " ", count: 7) + $0 }
        return "\(lines[0])\n" + rest.joined(separator: "\n")
    }

    /// The terminal's width: `COLUMNS`, else what the terminal on standard output reports, else 80.
    static var terminalWidth: Int {
        if let text = getenv("COLUMNS"), let columns = Int(String(cString: text)) { return columns }
        var size = winsize()
        if ioctl(STDOUT_FILENO, UInt(TIOCGWINSZ), &size) == 0, size.ws_col > 0 { return Int(size.ws_col) }
        return 80
    }
}

extension String {
    /// The text wrapped at spaces to `columns`, each line after a line break or a wrap indented
    /// by `indent` (the first too), as swift-argument-parser wraps help.
    func wrapped(to columns: Int, indent: Int = 0) -> String {
        let width = columns - indent
        guard width > 0 else { return "" }
        var lines: [Substring] = []
        var current = startIndex
        while true {
            let chunk = self[current...].prefix(width)
            if let lastBreak = chunk.lastIndex(of: "\n") {
                lines += self[current..<lastBreak].split(separator: "\n", omittingEmptySubsequences: false)
                current = index(after: lastBreak)
            } else if chunk.endIndex == endIndex {
                lines.append(self[current...])
                break
            } else if let lastSpace = chunk.lastIndex(of: " ") {
                lines.append(self[current..<lastSpace])
                current = index(after: lastSpace)
            } else if let nextSpace = self[current...].firstIndex(of: " ") {
                lines.append(self[current..<nextSpace])
                current = index(after: nextSpace)
            } else {
                lines.append(self[current...])
                break
            }
        }
        let spaces = String(repeating: " ", count: indent)
        return lines.map { $0.isEmpty ? "" : spaces + $0 }.joined(separator: "\n")
    }
}
