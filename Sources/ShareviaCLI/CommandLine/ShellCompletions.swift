import ArgumentParser
import Destinations
import ShareCore

/// What the shell completion scripts complete after each declared option: a choice's values,
/// files where files go, a folder for `--out`, the kinds for `--kind`, and destination ids
/// (the built-ins and the plugins installed now) after `--to`, `--fallback` and `--unavailable`.
///
/// Each shell's script also completes the share command's options at the top level, where the
/// share command is the default (`sharevia --to x --te<TAB>`): see ``script(for:_:)``.
enum ShellCompletions {
    /// The word the scripts run `sharevia` with to ask for values computed now
    /// (swift-argument-parser's custom completions).
    static let valuesWord = "---completion"

    /// What completes after `option`, or nil for free text.
    static func values(for option: CommandOption) -> CompletionKind? {
        let setting = option.setting
        if let choices = setting.kind.choices { return .list(choices) }
        if setting.kind == .destinations || option.flag == ShareSettings.unavailable.flag {
            return .custom { _, _, _ in destinationIDs() }
        }
        if option.flag == ShareCommandOptions.kind.flag { return .list(kinds) }
        if option.valueName == "dir" { return .directory }
        if option.isArgument && option.setting.repeats && option.valueName == "file" { return .file() }
        if option.valueName.contains("file") || option.valueName.hasSuffix(".json") { return .file() }
        return nil
    }

    /// The share kinds `--kind` takes.
    static let kinds = [ContentKind.achievement, .streak, .levelUp, .progress, .generic].map(\.rawValue)

    /// The built-in ids and the ids of the plugins installed in the default plugin folder, for
    /// this environment; nothing is run (plugins are found, not described).
    static func destinationIDs() -> [String] {
        let environment = ShareEnvironment(ProcessEnvironment.variables())
        let builtIns = StandardDestinations.builtInIDs(environment: environment)
        let folders = PluginSettings().searchFolders(environment: environment)
        let plugins = PluginDiscovery.search(folders: folders, builtIns: builtIns).plugins.map(\.id.rawValue)
        return builtIns.map(\.rawValue).sorted() + plugins.sorted()
    }

    /// The shell `arguments` ask a completion script for (`--generate-completion-script SHELL`, or
    /// `=SHELL`), when they ask only that and name a shell sharevia knows.
    static func requestedShell(_ arguments: [String]) -> CompletionShell? {
        let flag = "--generate-completion-script"
        let name: String
        switch arguments.count {
        case 2 where arguments[0] == flag: name = arguments[1]
        case 1 where arguments[0].hasPrefix(flag + "="): name = String(arguments[0].dropFirst(flag.count + 1))
        default: return nil
        }
        return CompletionShell(rawValue: name)
    }

    /// swift-argument-parser's `script` for `shell`, with the share command's completions at the
    /// top level: a line whose first word is an option (but `--version`, `-h` or `--help`) is
    /// completed as `sharevia share`.
    static func script(for shell: CompletionShell, _ script: String) -> String {
        switch shell {
        case .zsh: zsh(script)
        case .fish: fish(script)
        default: bash(script)
        }
    }

    /// The comment each script's addition starts with.
    private static let why = [
        "# sharevia: the share command is the default, so a line that starts with an option",
        "# (sharevia --to x --te<TAB>) completes as 'sharevia share' does.",
    ]

    /// zsh: `_sharevia` hands such a line to `_sharevia_share`, whose `_arguments` reads the words
    /// after the command name as the share command's.
    static func zsh(_ script: String) -> String {
        insert(
            [
                "if [[ \"${words[2]}\" == -* && \"${words[2]}\" != (-h|--help|--version) ]]; then",
                "    _sharevia_share",
                "    return",
                "fi",
            ],
            into: script,
            after: "    local -i ret=1\n",
            within: "\n_sharevia() {",
            indent: "    "
        )
    }

    /// fish: the token parser reads such a line as if `share` came first, so the share command's
    /// conditions hold.
    static func fish(_ script: String) -> String {
        insert(
            [
                "set -l first $unparsed_tokens[2]",
                "test (count $unparsed_tokens) -lt 2; and set first (commandline -ct)",
                "if string match -q -- '-*' \"$first\"; and not contains -- \"$first\" --version -h --help",
                "    set unparsed_tokens $unparsed_tokens[1] share $unparsed_tokens[2..]",
                "end",
            ],
            into: script,
            after: "    case 'sharevia'\n",
            within: "function __sharevia_parse_tokens",
            indent: "        "
        )
    }

    /// bash: `_sharevia` hands such a line to `_sharevia_share`.
    static func bash(_ script: String) -> String {
        insert(
            [
                "if [[ \"${COMP_WORDS[1]}\" == -* ]]; then",
                "    unparsed_words=(\"${COMP_WORDS[@]:1:${COMP_CWORD}}\")",
                "    _sharevia_share",
                "    return",
                "fi",
            ],
            into: script,
            after: "    *)\n        # Offer subcommand completions\n",
            within: "\n_sharevia() {",
            indent: "        "
        )
    }

    /// `script` with `lines` (after ``why``), each indented by `indent`, inserted after the first
    /// `marker` that follows `function`; `script` unchanged when either is missing (another
    /// swift-argument-parser's script, which the completion tests would then catch).
    private static func insert(
        _ lines: [String],
        into script: String,
        after marker: String,
        within function: String,
        indent: String
    ) -> String {
        guard let start = script.firstRange(of: function),
            let place = script[start.upperBound...].firstRange(of: marker)
        else { return script }
        let added = (why + lines).map { indent + $0 + "\n" }.joined()
        return String(script[..<place.upperBound]) + added + String(script[place.upperBound...])
    }
}
