import ShareCore

/// A command line that can't be read, worded as swift-argument-parser words it: the message, and
/// for a missing or bad value the option's help line.
struct CommandLineError: Error, Equatable {
    /// What is wrong: `Unknown option '--colour'`.
    var message: String
    /// The option's label and help (`--text <text>  The share text; ...`), shown under the message.
    var help: String?

    /// An option no setting declares, with the closest long name if one is close.
    static func unknownOption(_ name: String, suggestion: String?) -> Self {
        CommandLineError(message: "Unknown option '\(name)'" + (suggestion.map { ". Did you mean '\($0)'?" } ?? ""))
    }

    /// A flag given a value (`--json=true`).
    static func flagTakesNoValue(_ option: CommandOption, value: String) -> Self {
        CommandLineError(
            message: "The option '--\(option.flag)' does not take any value, but '\(value)' was specified."
        )
    }

    /// An option that takes one value, given twice with different values: which one was meant
    /// can't be known, so neither wins silently. The values are not repeated (one may be secret).
    static func givenTwice(_ option: CommandOption) -> Self {
        let hint =
            option.flag == "text"
            ? "put all of the text in one --text, or pipe it in with --text -" : "give it once"
        return CommandLineError(
            message: "--\(option.flag) was given more than once with different values, and it takes one; \(hint)",
            help: helpLine(option)
        )
    }

    /// An option at the end of the line, or followed by another option.
    static func missingValue(_ option: CommandOption) -> Self {
        CommandLineError(message: "Missing value for '\(option.label)'", help: helpLine(option))
    }

    /// A value the option's kind doesn't take; `choices` lists what it does.
    static func invalidValue(_ value: String, for option: CommandOption, choices: [String]) -> Self {
        CommandLineError(
            message: "The value '\(value)' is invalid for '\(option.label)'" + list(choices),
            help: helpLine(option)
        )
    }

    /// Arguments given to a command that takes none, or more than its one.
    static func unexpectedArguments(_ arguments: [String]) -> Self {
        guard arguments.count > 1 else { return CommandLineError(message: "Unexpected argument '\(arguments[0])'") }
        let quoted = arguments.map { "'\($0)'" }.joined(separator: ", ")
        return CommandLineError(message: "\(arguments.count) unexpected arguments: \(quoted)")
    }

    /// A command line whose values are read but don't go together, or that a setting refuses.
    static func invalid(_ message: String) -> Self { CommandLineError(message: message) }

    private static func helpLine(_ option: CommandOption) -> String { "\(option.label)  \(option.setting.help)" }

    /// `. Please provide one of 'a', 'b' or 'c'.`
    private static func list(_ choices: [String]) -> String {
        guard !choices.isEmpty else { return "" }
        let quoted = choices.map { "'\($0)'" }
        guard quoted.count < 6 else {
            return ". Please provide one of the following:\n" + choices.map { "  - \($0)" }.joined(separator: "\n")
        }
        let words =
            quoted.count <= 2
            ? quoted.joined(separator: " and ") : quoted.dropLast().joined(separator: ", ") + " or \(quoted.last!)"
        return ". Please provide one of \(words)."
    }
}
