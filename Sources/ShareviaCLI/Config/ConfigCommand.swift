import ArgumentParser
import ShareCore

/// `sharevia config`: where the config file is, and what it sets.
struct ConfigCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "config",
        abstract: "Write a starting config file, check it and show the settings in effect, or where it is.",
        discussion: """
            sharevia reads one YAML file: --config FILE, else SHAREVIA_CONFIG, else \
            $XDG_CONFIG_HOME/sharevia/config.yaml (~/.config/sharevia/config.yaml). A flag beats a \
            SHAREVIA_* variable, which beats the file, which beats the default. Secrets are referenced \
            (token_env: VAR, token_file: PATH); one written inline needs a file only its owner can read. \
            The file must be a regular file of at most 1 MiB.
            """,
        subcommands: [ConfigInitCommand.self, ConfigCheckCommand.self, ConfigPathCommand.self]
    )
}

/// `sharevia config path`: the file sharevia reads, and whether it exists.
struct ConfigPathCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "path",
        abstract: "Print the config file sharevia reads (whether or not it exists yet)."
    )

    @Option(help: ArgumentHelp("The config file to use instead of the default.", valueName: "file"))
    var config: String?

    func run() async throws {
        let environment = ShareEnvironment(ProcessEnvironment.variables())
        guard let (path, source) = ConfigLocation.path(flag: config, environment: environment) else {
            throw usageFailure("no config file: neither SHAREVIA_CONFIG, XDG_CONFIG_HOME nor HOME is set")
        }
        StandardStreams.write(path + "\n")
        let state = ConfigLocation.exists(path) ? "exists" : "does not exist yet"
        StandardStreams.printError("(from \(source); \(state))")
    }
}

/// `sharevia config check`: validates the file and prints every setting with its source.
struct ConfigCheckCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "check",
        abstract: "Validate the config file and print the settings in effect, each with its source.",
        discussion: """
            Every problem is reported with file, line and key; the exit status is 64 when there is one. \
            Secrets print as <redacted> with where they come from.
            """
    )

    @Option(help: ArgumentHelp("The config file to check instead of the default.", valueName: "file"))
    var config: String?

    @Flag(help: "Print the settings as JSON.")
    var json = false

    /// One setting as printed.
    struct Line: Encodable {
        var key: String
        var value: String
        /// `default`, `file:LINE`, `env NAME`.
        var source: String
    }

    struct Output: Encodable {
        var file: String?
        var settings: [Line]
        /// Secrets that can't be resolved, each with file, line, key and what to do.
        var problems: [String]
    }

    func run() async throws {
        let environment = ShareEnvironment(ProcessEnvironment.variables())
        let loaded = try RouterSettings(configFile: config).loadConfig(environment: environment)
        let lines = Self.effective(loaded, environment: environment)
        // A secret that can't be resolved leaves only its destination unavailable when sharing,
        // but the check reports it as the problem it is, after the settings.
        let problems = loaded.secretProblems.values.flatMap(\.values).sorted()
        if json {
            StandardStreams.write(try JSONText.encode(Output(file: loaded.path, settings: lines, problems: problems)))
            guard problems.isEmpty else {
                // The JSON above carries them; stderr says them too, and no second JSON follows.
                for problem in problems { StandardStreams.printError("error: config: \(problem)") }
                throw CommandFailure(exitCode: ShareviaExitCode.usage)
            }
            return
        }
        var text = "config: \(loaded.path ?? "none (using variables and defaults)")\n"
        let width = lines.map(\.key.count).max() ?? 0
        for line in lines {
            text += line.key.padding(width) + " = " + line.value + "  (" + line.source + ")\n"
        }
        StandardStreams.write(text)
        try Self.fail(problems)
    }

    /// Exits with status 64 listing `problems`, when there are any.
    private static func fail(_ problems: [String]) throws {
        guard !problems.isEmpty else { return }
        throw usageFailure("config: " + problems.joined(separator: "\nconfig: "))
    }

    /// Every setting in effect: the fixed keys, then chains and plugin settings from the file.
    static func effective(_ config: ShareviaConfig, environment: ShareEnvironment) -> [Line] {
        var lines: [Line] = []
        for setting in ConfigSchema.settings {
            guard let key = setting.key else { continue }
            if let variable = setting.variable, let value = environment[variable] {
                lines.append(
                    Line(key: key, value: setting.isSecret ? "<redacted>" : value, source: "env \(variable)")
                )
            } else if let written = config.written[key] {
                let from = config.secretSources[key].map { ", \($0)" } ?? ""
                lines.append(Line(key: key, value: written.value, source: "file:\(written.line)\(from)"))
            } else {
                lines.append(Line(key: key, value: setting.defaultWords, source: "default"))
            }
        }
        let open = config.written.keys.filter { $0.hasPrefix("chains.") || $0.hasPrefix("plugins.settings.") }
        for key in open.sorted() {
            guard let written = config.written[key] else { continue }
            let from = config.secretSources[key].map { ", \($0)" } ?? ""
            lines.append(Line(key: key, value: written.value, source: "file:\(written.line)\(from)"))
        }
        // A URL given with a user and password shows without them.
        return lines.map { line in
            var line = line
            line.value = URLCredentials.redacted(line.value)
            return line
        }
    }
}

extension String {
    fileprivate func padding(_ width: Int) -> String {
        count >= width ? self : self + String(repeating: " ", count: width - count)
    }
}
