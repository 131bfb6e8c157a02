import ArgumentParser
import Destinations
import ShareCore

/// What the shell completion scripts complete after each declared option: a choice's values,
/// files where files go, a folder for `--out`, the kinds for `--kind`, and destination ids
/// (the built-ins and the plugins installed now) after `--to`, `--fallback` and `--unavailable`.
///
/// Bash's script also completes the share command's options at the top level, where the share
/// command is the default (`sharevia --to x --te<TAB>`): see ``bash(_:)``.
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

    /// swift-argument-parser's bash script, with the share command's completions at the top
    /// level: a line whose first word is an option is completed as `sharevia share`.
    static func bash(_ script: String) -> String {
        let marker = "    *)\n        # Offer subcommand completions\n"
        guard let root = script.firstRange(of: "\n_sharevia() {"),
            let branch = script[root.upperBound...].firstRange(of: marker)
        else { return script }
        let defaultCommand = [
            "# sharevia: the share command is the default, so a line that starts with an option",
            "# (sharevia --to x --te<TAB>) completes as 'sharevia share' does.",
            "if [[ \"${COMP_WORDS[1]}\" == -* ]]; then",
            "    unparsed_words=(\"${COMP_WORDS[@]:1:${COMP_CWORD}}\")",
            "    _sharevia_share",
            "    return",
            "fi",
        ].map { "        " + $0 + "\n" }.joined()
        return String(script[..<branch.upperBound]) + defaultCommand + String(script[branch.upperBound...])
    }
}
