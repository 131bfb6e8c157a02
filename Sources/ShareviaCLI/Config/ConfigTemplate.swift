import ShareCore

/// The starting config `sharevia config init` writes: every key of ``ConfigSchema``, grouped by
/// section, each commented out with what it does and its default, so the file changes nothing
/// until a line is uncommented. Secrets are shown as references (`password_env`,
/// `password_file`), never as a value.
enum ConfigTemplate {
    /// The file's text.
    static func text(settings: [ShareSetting] = ConfigSchema.settings) -> String {
        var text = """
            # sharevia config, written by 'sharevia config init'.
            # Every setting is commented out: to set one, delete the '#' that starts its line and
            # the one before its section's name.
            # A flag beats a SHAREVIA_* variable, which beats this file, which beats the default.
            # Check it with 'sharevia config check'; see 'sharevia config --help'.
            # Secrets: reference them (NAME_env: VARIABLE or NAME_file: PATH); a secret written here
            # needs this file to be readable by its owner only (it is created so, mode 600).

            """
        var sections: [(name: String, settings: [(key: String, setting: ShareSetting)])] = []
        for setting in settings {
            guard let key = setting.key else { continue }
            let parts = key.split(separator: ".", maxSplits: 1).map(String.init)
            let section = parts.count == 2 ? parts[0] : ""
            let name = parts.count == 2 ? parts[1] : parts[0]
            if let index = sections.firstIndex(where: { $0.name == section }) {
                sections[index].settings.append((name, setting))
            } else {
                sections.append((section, [(name, setting)]))
            }
        }
        for section in sections {
            text += "\n"
            let indent = section.name.isEmpty ? "" : "  "
            if !section.name.isEmpty { text += "#\(section.name):\n" }
            for (name, setting) in section.settings {
                text += (indent.isEmpty ? "# " : "#\(indent)# ") + describe(setting) + "\n"
                text += "#\(indent)\(line(name, setting))\n"
            }
        }
        text += """

            # Named chains, for --chain NAME (an example):
            #chains:
            #  social: [mastodon, bluesky, clipboard]

            """
        return text
    }

    /// `what it does (default: ...; or SHAREVIA_VARIABLE)`.
    private static func describe(_ setting: ShareSetting) -> String {
        let variable = setting.variable.map { "; or \($0)" } ?? ""
        let flag = setting.flag.map { "; or --\($0)" } ?? ""
        let summary = setting.summary.isEmpty ? setting.help : setting.summary
        return "\(summary) (default: \(setting.defaultWords)\(flag)\(variable))"
    }

    /// The commented key line: its default where that is a value, a reference for a secret.
    private static func line(_ name: String, _ setting: ShareSetting) -> String {
        if setting.isSecret { return "\(name)_env: VARIABLE  # or \(name)_file: PATH" }
        let value = setting.defaultWords
        // Words such as "(none)" or "required (opportunistic on loopback)" are no value to write.
        let isValue =
            !value.isEmpty && !value.hasPrefix("(") && !value.hasPrefix("$")
            && (value.hasPrefix("[") || !value.contains(" "))
        return isValue ? "\(name): \(value)" : "\(name):"
    }
}
