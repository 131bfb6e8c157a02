import Destinations
import ShareCore

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The first words of a command line: which command they name, a mistyped one (`sharevia
/// destination` is not a share of a file named `destination`), and `--config FILE` given
/// before the command.
enum CommandWords {
    /// Every command's name, as `sharevia --help` lists them.
    static var commandNames: [String] {
        ["share", "destinations"] + ShareCommandLine.otherCommands.filter { !$0.hasPrefix("-") }.sorted()
    }

    /// `arguments` with a leading `--config FILE` (or `--config=FILE`) moved after the command's
    /// words (before a `--`), where the command reads it: `sharevia --config F config check`
    /// reads as `sharevia config check --config F`. Other command lines are returned unchanged.
    static func movingLeadingConfig(_ arguments: [String]) -> [String] {
        let config: [String]
        if arguments.first == "--config", arguments.count >= 3 {
            config = Array(arguments.prefix(2))
        } else if let first = arguments.first, first.hasPrefix("--config="), arguments.count >= 2 {
            config = [first]
        } else {
            return arguments
        }
        let rest = arguments.dropFirst(config.count)
        guard let command = rest.first, commandNames.contains(command), command != "help" else { return arguments }
        guard let dashes = rest.firstIndex(of: "--") else { return Array(rest) + config }
        return Array(rest[..<dashes]) + config + Array(rest[dashes...])
    }

    /// The failure for a command line whose first word names no command and no file: a
    /// destination's id is shown with `--to`, a command close to it is suggested; with no `--to`
    /// or `--chain`, the word is no share either.
    ///
    /// A word with a `/` or a `.`, or that names an existing file, is a file to share.
    static func unknownCommand(
        in arguments: [String],
        fileExists: (String) -> Bool = CommandWords.exists
    ) -> CommandLineFailure? {
        guard let word = arguments.first, !word.isEmpty, !word.hasPrefix("-"), !word.contains("/"),
            !word.contains("."), !fileExists(word)
        else { return nil }
        let names = commandNames
        let error: CommandLineError
        let namesAChain = arguments.contains(where: Self.namesAChain)
        if !namesAChain, isDestination(word) {
            let rest = arguments.dropFirst().map { $0.contains(" ") ? "\"\($0)\"" : $0 }.joined(separator: " ")
            error = .invalid(
                "'\(word)' is a destination, not a command; name it with --to: sharevia --to \(word)"
                    + (rest.isEmpty ? "" : " " + rest)
            )
        } else if let suggestion = DidYouMean.closest(to: word, in: names) {
            error = .invalid("unknown command '\(word)'; did you mean '\(suggestion)'?")
        } else if !namesAChain {
            error = .invalid(
                "unknown command '\(word)', and no file is named \(word); the commands are "
                    + names.joined(separator: ", ") + " (to share a file, name where with --to)"
            )
        } else {
            return nil
        }
        return CommandLineFailure(error: error, screen: nil)
    }

    /// Whether `word` is a built-in destination's id (or alias).
    private static func isDestination(_ word: String) -> Bool {
        StandardDestinations.builtInIDs(environment: ShareEnvironment(ProcessEnvironment.variables()))
            .contains(DestinationID(word))
    }

    /// `--to`, `--to=...` or `--chain`, `--chain=...`.
    private static func namesAChain(_ argument: String) -> Bool {
        ["--to", "--chain"].contains { argument == $0 || argument.hasPrefix($0 + "=") }
    }

    /// Whether anything (a file, a folder, a dangling symlink) has this name.
    static func exists(_ path: String) -> Bool {
        var info = stat()
        return lstat(path, &info) == 0
    }
}
