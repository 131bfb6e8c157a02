import ShareCore

/// Reads a command line against the options its settings declare, as swift-argument-parser would:
/// `--name value` and `--name=value`, repeated options, flags, `-v` (and `-vh`), `--` before files
/// that start with `-`, and the same errors for an unknown option, a missing value, or a value a
/// choice or a number doesn't take.
///
/// What it reads is plain text by long name; a setting's own code checks the values further.
struct CommandLineReader {
    /// What a command line gave.
    struct Values: Equatable {
        /// The options' values, by long name; a flag given has `["true"]`. Each value of a
        /// repeated option adds to its list; a single one given twice is refused, unless both
        /// values are the same.
        var options: [String: [String]] = [:]
        /// The arguments (the files), in order.
        var arguments: [String] = []
        /// `-h` or `--help` was given.
        var wantsHelp = false
        /// `--version` was given.
        var wantsVersion = false

        /// The last value of `setting`'s flag, if given.
        func value(_ setting: ShareSetting) -> String? { options[setting.flag ?? ""]?.last }

        /// Whether `setting`'s flag was given.
        func isSet(_ setting: ShareSetting) -> Bool { options[setting.flag ?? ""] != nil }
    }

    /// The options it knows, in `--help`'s order.
    var options: [CommandOption]

    /// Reads `arguments` (after the command's name).
    ///
    /// - Throws: ``CommandLineError`` for an unknown option, a missing or bad value, or an
    ///   argument a command without arguments was given.
    func read(_ arguments: [String]) throws(CommandLineError) -> Values {
        var values = Values()
        // Help and version win wherever they stand, before anything is checked.
        for argument in arguments.prefix(while: { $0 != "--" }) {
            // swift-argument-parser ignores a value given to either (`--help=1`).
            if argument == "--help" || argument.hasPrefix("--help=") || isShortGroup(argument, containing: "h") {
                values.wantsHelp = true
            }
            if argument == "--version" || argument.hasPrefix("--version=") { values.wantsVersion = true }
        }
        if values.wantsHelp || values.wantsVersion { return values }
        var remaining = arguments[...]
        while let argument = remaining.popFirst() {
            if argument == "--" {
                try addArguments(Array(remaining), to: &values)
                break
            } else if argument.hasPrefix("--") {
                try readLong(argument, from: &remaining, into: &values)
            } else if argument.hasPrefix("-") && argument.count > 1 {
                try readShort(argument, into: &values)
            } else {
                try addArguments([argument], to: &values)
            }
        }
        // A command of one argument takes no second; swift-argument-parser names them all.
        if options.contains(where: { $0.isArgument && !$0.setting.repeats }), values.arguments.count > 1 {
            throw .unexpectedArguments(Array(values.arguments.dropFirst()))
        }
        return values
    }

    private func readLong(
        _ argument: String,
        from remaining: inout ArraySlice<String>,
        into values: inout Values
    ) throws(CommandLineError) {
        var name = String(argument.dropFirst(2))
        var attached: String?
        if let equals = name.firstIndex(of: "=") {
            attached = String(name[name.index(after: equals)...])
            name = String(name[..<equals])
        }
        guard let option = options.first(where: { !$0.isArgument && $0.flag == name }) else {
            throw .unknownOption("--" + name, suggestion: suggestion(for: "--" + name))
        }
        if option.isFlag {
            if let attached { throw .flagTakesNoValue(option, value: attached) }
            values.options[option.flag] = ["true"]
            return
        }
        let value: String
        if let attached {
            value = attached
        } else if let next = remaining.first, !Self.looksLikeOption(next) || Self.isNegativeNumber(next, for: option) {
            value = next
            remaining = remaining.dropFirst()
        } else {
            throw .missingValue(option)
        }
        try check(value, for: option)
        if option.setting.repeats {
            values.options[option.flag, default: []].append(value)
        } else if let earlier = values.options[option.flag], earlier != [value] {
            throw .givenTwice(option)
        } else {
            values.options[option.flag] = [value]
        }
    }

    /// `-v`, or several one-letter flags together (`-vh`). Letters none of which is a flag are
    /// taken for a mistyped long name, with a suggestion, as swift-argument-parser takes them.
    private func readShort(_ argument: String, into values: inout Values) throws(CommandLineError) {
        let letters = argument.dropFirst()
        if letters.count > 1, !letters.contains(where: { letter in options.contains { $0.short == letter } }) {
            throw .unknownOption(argument, suggestion: suggestion(for: argument))
        }
        for letter in letters {
            guard let option = options.first(where: { $0.short == letter }) else {
                throw .unknownOption("-\(letter)", suggestion: nil)
            }
            values.options[option.flag] = ["true"]
        }
    }

    private func addArguments(_ arguments: [String], to values: inout Values) throws(CommandLineError) {
        guard let first = arguments.first else { return }
        guard options.contains(where: \.isArgument) else { throw .unexpectedArguments([first]) }
        values.arguments += arguments
    }

    /// Whether `value` is refused as an option's value: it starts with `-` (but `-` alone).
    private static func looksLikeOption(_ value: String) -> Bool { value.hasPrefix("-") && value != "-" }

    /// Whether `value` is a negative number given to an option that takes a number
    /// (`--retries -1`), so the setting can say which numbers it takes.
    private static func isNegativeNumber(_ value: String, for option: CommandOption) -> Bool {
        let kind = option.setting.kind
        guard kind.integerRange != nil || kind == .seconds || kind == .number else { return false }
        return value.hasPrefix("-") && Double(value) != nil
    }

    /// `-h` alone or among one-letter flags.
    private func isShortGroup(_ argument: String, containing letter: Character) -> Bool {
        argument.hasPrefix("-") && !argument.hasPrefix("--") && argument.count > 1
            && argument.dropFirst().contains(letter)
    }

    /// Refuses a value a choice doesn't list (in another case, unless the choice ignores case:
    /// `--clipboard-backend XCLIP`), or a number that isn't one, as swift-argument-parser refuses
    /// a value its type can't take.
    private func check(_ value: String, for option: CommandOption) throws(CommandLineError) {
        let kind = option.setting.kind
        if let choices = kind.choices, !kind.isChoice(value) {
            throw .invalidValue(value, for: option, choices: choices)
        }
        if kind.integerRange != nil, Int(value) == nil { throw .invalidValue(value, for: option, choices: []) }
        if kind == .seconds || kind == .number, Double(value) == nil {
            throw .invalidValue(value, for: option, choices: [])
        }
    }

    /// The long name closest to a mistyped `name`, as swift-argument-parser suggests one: fewer
    /// than 4 edits away, the first of the closest, never `--help` or `--version`.
    private func suggestion(for name: String) -> String? {
        let names = options.filter { !$0.isArgument }.map { "--" + $0.flag }
        let close = names.map { ($0, Self.editDistance($0, name)) }.filter { $0.1 < 4 }
        return close.min(by: { $0.1 < $1.1 })?.0
    }

    /// The Levenshtein distance between two strings.
    static func editDistance(_ lhs: String, _ rhs: String) -> Int {
        let a = Array(lhs)
        let b = Array(rhs)
        guard !a.isEmpty else { return b.count }
        guard !b.isEmpty else { return a.count }
        var previous = Array(0...b.count)
        for i in 1...a.count {
            var current = [i] + Array(repeating: 0, count: b.count)
            for j in 1...b.count {
                current[j] = min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + (a[i - 1] == b[j - 1] ? 0 : 1))
            }
            previous = current
        }
        return previous[b.count]
    }
}
