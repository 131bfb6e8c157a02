import ArgumentParser
import ShareCore

/// A command whose words ``CommandLineReader`` reads, and whose declared options
/// swift-argument-parser sees only to write a shell completion script.
///
/// swift-argument-parser finds a command's options by reflecting on it. Such a command holds
/// one passthrough argument, which is what a parse fills; while ``DeclaredArguments/shown`` is
/// set, its mirror is its ``declaredOptions`` instead, as the property wrappers they would be,
/// so the scripts complete each option and a choice's values as a command with those properties
/// would.
protocol DeclaredArgumentsCommand: ParsableCommand, CustomReflectable {
    /// The options and arguments, in `--help`'s order.
    static var declaredOptions: [CommandOption] { get }
    /// The passthrough argument that a parse fills.
    var passthrough: Argument<[String]> { get }
}

extension DeclaredArgumentsCommand {
    var customMirror: Mirror {
        guard DeclaredArguments.shown else { return Mirror(self, children: ["_words": passthrough]) }
        let children = Self.declaredOptions.enumerated().map { index, option in
            (label: Optional("declared\(index)"), value: DeclaredArguments.wrapper(for: option))
        }
        return Mirror(self, children: children)
    }

    /// The passthrough argument as `decoder` holds it, under `words`.
    static func passthrough(from decoder: any Decoder) throws -> Argument<[String]> {
        try decoder.container(keyedBy: DeclaredArguments.Key.self)
            .decode(Argument<[String]>.self, forKey: DeclaredArguments.Key(stringValue: "words"))
    }
}

/// Whether commands show swift-argument-parser their declared options, and those options as its
/// property wrappers.
enum DeclaredArguments {
    /// Set while a completion script is written.
    @TaskLocal static var shown = false

    /// Whether `arguments` ask for a completion script, or for the values a script completes
    /// (`---completion`, which the scripts run for destination ids).
    static func asksForCompletionScript(_ arguments: [String]) -> Bool {
        guard let first = arguments.first else { return false }
        return first == "--generate-completion-script" || first.hasPrefix("--generate-completion-script=")
            || first == ShellCompletions.valuesWord
    }

    /// `option` as the `@Option`, `@Flag` or `@Argument` a command would declare for it: its
    /// names, help and value name, and a choice's values to complete.
    static func wrapper(for option: CommandOption) -> Any {
        let setting = option.setting
        let completion = ShellCompletions.values(for: option)
        if option.isArgument && !setting.repeats {
            return Argument<String?>(
                help: ArgumentHelp(setting.help, valueName: option.valueName),
                completion: completion
            )
        }
        if option.isArgument {
            return Argument<[String]>(
                wrappedValue: [],
                help: ArgumentHelp(setting.help, valueName: option.valueName),
                completion: completion
            )
        }
        var names: NameSpecification = [.customLong(option.flag)]
        if let short = option.short { names = [.customShort(short), .customLong(option.flag)] }
        if option.isFlag { return Flag(wrappedValue: false, name: names, help: ArgumentHelp(setting.help)) }
        let help = ArgumentHelp(setting.help, valueName: option.valueName)
        if setting.repeats {
            return Option<[String]>(
                wrappedValue: [],
                name: names,
                parsing: .singleValue,
                help: help,
                completion: completion
            )
        }
        return Option<String?>(name: names, help: help, completion: completion)
    }

    /// Any name is a key: the mirror's labels, and `words`.
    struct Key: CodingKey {
        var stringValue: String
        var intValue: Int? { nil }
        init(stringValue: String) { self.stringValue = stringValue }
        init?(intValue: Int) { nil }
    }
}
