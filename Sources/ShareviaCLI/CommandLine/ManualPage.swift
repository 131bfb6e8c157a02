import ArgumentParser
import Destinations
import ShareCards
import ShareCore
import ShareHistory

#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// `sharevia --generate-manual`: the man page, in mdoc, drawn from what `--help` draws from: the
/// commands and their options (``ManualDump``), the exit codes (``ShareviaExitCode/table``), the
/// variables the settings declare, and the files sharevia reads and writes.
///
/// Prose becomes paragraphs (`.Pp`), never empty lines; indented lines (examples) become literal
/// displays, so no command is wrapped in the middle. `mandoc -T lint` finds nothing in it
/// (`ManualPageTests`).
enum ManualPage {
    /// The date the page carries: the version's.
    static let date = "November 26, 2026"

    /// The whole page, without its final line ending (the command prints one).
    static func rendered() -> String {
        guard let dump = try? JSONDecoder().decode(JSONValue.self, from: Data(ManualDump.rendered().utf8)),
            let root = dump["command"]
        else { return "" }
        var page = [
            ".Dd \(date)", ".Dt SHAREVIA 1", ".Os", ".Sh NAME", ".Nm sharevia",
            ".Nd " + escaped(string(root["abstract"]).replacing(/\.$/, with: "")),
            ".Sh SYNOPSIS", ".Nm", ".Op Cm share", ".Fl -to Ar dest,...", ".Op Ar file ...", ".Op Ar options",
            ".Nm", ".Ar subcommand", ".Op Ar options",
            ".Sh DESCRIPTION",
        ]
        page += text(string(root["discussion"]))
        page += [".Sh COMMANDS"]
        for subcommand in array(root["subcommands"]) { page += command(subcommand, path: ["sharevia"]) }
        page += [".Sh ENVIRONMENT", ".Bl -tag -width Ds"]
        for (variable, meaning) in environment { page += [".It Ev \(variable)"] + filled(meaning) }
        page += [".El", ".Sh FILES", ".Bl -tag -width Ds"]
        for (path, meaning) in files { page += [".It Pa \(escaped(path))"] + filled(meaning) }
        page += [".El", ".Sh EXIT STATUS", ".Bl -tag -width Ds"]
        for entry in ShareviaExitCode.table {
            page += [".It \(entry.codes)"] + filled(entry.lines.joined(separator: " "))
        }
        page += [".El", ".Sh EXAMPLES"]
        page += text(examples)
        return page.joined(separator: "\n")
    }

    /// One command, then its subcommands, as `.Ss sharevia image fit` with its options.
    private static func command(_ command: JSONValue, path: [String]) -> [String] {
        guard command["shouldDisplay"] != .bool(false) else { return [] }
        let name = string(command["commandName"])
        let full = path + [name]
        var lines = [".Ss " + full.joined(separator: " ")]
        lines += text(string(command["abstract"]))
        if case .string(let discussion)? = command["discussion"], name != "share" || path.count > 1 {
            lines += text(discussion)
        } else if name == "share" {
            // The share command's discussion is the page's own DESCRIPTION and EXAMPLES; its
            // input limits are kept.
            let discussion = string(command["discussion"])
            if let limits = discussion.firstRange(of: "INPUT LIMITS\n"),
                let end = discussion.firstRange(of: "\n\nEXAMPLES")
            {
                lines += text("Input limits: " + discussion[limits.upperBound..<end.lowerBound])
            }
        }
        let options = array(command["arguments"]).filter { option in
            option["shouldDisplay"] != .bool(false)
                && !["help", "version"].contains(string(option["preferredName"]?["name"]))
        }
        if !options.isEmpty {
            lines += [".Bl -tag -width Ds"]
            for option in options { lines += describe(option) }
            lines += [".El"]
        }
        for subcommand in array(command["subcommands"]) { lines += self.command(subcommand, path: full) }
        return lines
    }

    /// One option as `.It Fl -to Ar dest,...` and its help.
    private static func describe(_ option: JSONValue) -> [String] {
        let value = escaped(string(option["valueName"]))
        let item: String
        switch string(option["kind"]) {
        case "positional": item = ".It Ar \(value)"
        default:
            let names = array(option["names"]).map { name in
                (string(name["kind"]) == "short" ? "Fl " : "Fl -") + escaped(string(name["name"]))
            }
            let flag = names.isEmpty ? "Fl -" + value : names.joined(separator: " , ")
            item = ".It " + flag + (string(option["kind"]) == "option" ? " Ar \(value)" : "")
        }
        var help = string(option["abstract"])
        if case .string(let shown)? = option["defaultValue"], !help.contains("default") {
            help += " (default: \(shown))"
        }
        return [item] + text(help)
    }

    /// The variables sharevia reads, each once: those the settings declare, then the folders.
    static var environment: [(String, String)] {
        var seen: Set<String> = []
        var list: [(String, String)] = [
            (ConfigLocation.variable, "The config file to read instead of the default (see FILES).")
        ]
        let settings =
            (CommandOptions.share + CommandOptions.destinations).map(\.setting) + ConfigSchema.settings
        for setting in settings {
            guard let variable = setting.variable, seen.insert(variable).inserted else { continue }
            let meaning = setting.summary.isEmpty ? setting.help : setting.summary
            list.append((variable, meaning.prefix(1).uppercased() + meaning.dropFirst()))
        }
        list += [
            ("SHAREVIA_NO_HISTORY", "Set to 1 to record no share in the history database."),
            ("XDG_CONFIG_HOME , XDG_DATA_HOME , XDG_STATE_HOME , XDG_CACHE_HOME", "Where the files below live."),
            ("DISPLAY , WAYLAND_DISPLAY", "The desktop session the clipboard, web intents and --pick's dialogs use."),
            ("XDG_CURRENT_DESKTOP", "With KDE in it, --pick asks with kdialog rather than zenity."),
            ("DBUS_SESSION_BUS_ADDRESS", "The session bus whose notification service --notify uses."),
        ]
        return list
    }

    /// The files sharevia reads and writes, at their default paths.
    static var files: [(String, String)] {
        let home = ShareEnvironment(["HOME": "~"])
        return [
            (
                ConfigLocation.path(flag: nil, environment: home)?.path ?? "",
                "The config file (or SHAREVIA_CONFIG, or --config); 'sharevia config init' writes a starting one."
            ),
            (
                ShareSettings.outputFolder.defaultWords,
                "Where the file export writes shares (or --out; without XDG_DATA_HOME, ~/.local/share/sharevia/shares)."
            ),
            (
                PluginSettings.defaultFolder(environment: home) ?? "",
                "Plugins: executables named sharevia-dest-<id>, one destination each."
            ),
            (
                // HistoryLocation takes absolute folders only.
                (HistoryLocation.path(environment: ShareEnvironment(["HOME": "/~"])) ?? "").replacing("/~", with: "~"),
                "The history database (sharevia history, sharevia stats) and the outbox."
            ),
            (
                (ShareNotice.lastReport.path(environment: ShareEnvironment(["HOME": "/~"])) ?? "").replacing(
                    "/~",
                    with: "~"
                ),
                "The report of the last share given --notify, as --json prints it (owner-only)."
            ),
            (
                (LastPick.file.path(environment: ShareEnvironment(["HOME": "/~"])) ?? "").replacing("/~", with: "~"),
                "The destination --pick chose last, checked first next time."
            ),
        ]
    }

    /// The share command's examples, from its --help.
    private static var examples: String {
        let discussion = ShareCommand.configuration.discussion
        guard let start = discussion.firstRange(of: "EXAMPLES\n"), let end = discussion.firstRange(of: "\n\nEXIT CODES")
        else { return "" }
        return String(discussion[start.upperBound..<end.lowerBound])
    }

    /// Prose as mdoc: paragraphs (`.Pp`) for blank lines, a literal display for indented lines.
    static func text(_ prose: some StringProtocol) -> [String] {
        var lines: [String] = []
        var inDisplay = false
        var pendingParagraph = false
        for line in prose.split(separator: "\n", omittingEmptySubsequences: false) {
            if line.allSatisfy(\.isWhitespace) {
                if inDisplay {
                    lines.append(".Ed")
                    inDisplay = false
                }
                pendingParagraph = !lines.isEmpty
                continue
            }
            let indented = line.hasPrefix("  ")
            if indented && !inDisplay {
                lines.append(".Bd -literal -offset indent")
                inDisplay = true
                pendingParagraph = false
            } else if !indented && inDisplay {
                lines.append(".Ed")
                inDisplay = false
            }
            if pendingParagraph {
                lines.append(".Pp")
                pendingParagraph = false
            }
            if indented {
                lines.append(escaped(line.dropFirst(2)))
            } else {
                lines += filled(line.drop(while: \.isWhitespace))
            }
        }
        if inDisplay { lines.append(".Ed") }
        return lines
    }

    /// Prose as mdoc wants it: each sentence on a line of its own, lines of at most 80 bytes
    /// (broken between words; roff fills them again).
    static func filled(_ prose: some StringProtocol) -> [String] {
        var lines: [String] = []
        var current = ""
        for word in prose.split(separator: " ") {
            let text = escaped(word, atLineStart: false)
            if !current.isEmpty && current.utf8.count + 1 + text.utf8.count > 80 {
                lines.append(current)
                current = ""
            }
            current = current.isEmpty ? escaped(word, atLineStart: true) : current + " " + text
            // A sentence ends its line: "Sentence.", "it?", "so!", not "e.g." or "(...)."
            if let last = word.last, ".?!".contains(last), word.count > 1, !word.dropLast().contains(".") {
                lines.append(current)
                current = ""
            }
        }
        if !current.isEmpty { lines.append(current) }
        return lines
    }

    /// Text as roff reads it literally: backslashes as `\e`, characters beyond ASCII as
    /// `\[uXXXX]` (groff reads bytes), and at the start of a line a `.` or `'` protected so it
    /// is not taken for a macro.
    static func escaped(_ text: some StringProtocol, atLineStart: Bool = true) -> String {
        var escaped = ""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\\": escaped += "\\e"
            case _ where scalar.value > 0x7E || scalar.value < 0x20:
                let hex = String(scalar.value, radix: 16, uppercase: true)
                escaped += "\\[u" + String(repeating: "0", count: max(0, 4 - hex.count)) + hex + "]"
            default: escaped.unicodeScalars.append(scalar)
            }
        }
        return atLineStart && (escaped.hasPrefix(".") || escaped.hasPrefix("'")) ? "\\&" + escaped : escaped
    }

    private static func string(_ value: JSONValue?) -> String {
        if case .string(let text)? = value { return text }
        return ""
    }

    private static func array(_ value: JSONValue?) -> [JSONValue] {
        if case .array(let items)? = value { return items }
        return []
    }
}
