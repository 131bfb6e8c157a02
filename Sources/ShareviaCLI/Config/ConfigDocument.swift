/// A config file read into flat keys (`instagram.app_id`), each with its value and line, before
/// any key is checked against ``ConfigSchema``.
///
/// The file is YAML, read by ``ConfigYAML``: the subset a settings file needs (nested block
/// mappings, lists of scalars, quoted and plain scalars, comments), so reading it costs no
/// library at start-up.
struct ConfigDocument: Sendable {
    /// One value in the file.
    struct Entry: Sendable, Hashable {
        enum Value: Sendable, Hashable {
            case scalar(String)
            case list([String])
        }
        var value: Value
        /// The 1-based line it is on.
        var line: Int
    }

    /// The file's path.
    var path: String
    /// Every value, by its dotted key.
    var entries: [String: Entry]

    /// Reads the YAML text of the file at `path`.
    ///
    /// - Throws: ``ConfigError`` naming the file, line and key of the first problem.
    init(path: String, text: String) throws(ConfigError) {
        self.path = path
        do {
            entries = try ConfigYAML.parse(text)
        } catch {
            throw ConfigError(file: path, line: error.line, key: error.key, message: error.message)
        }
    }
}

/// A problem in the config file: which file, which line, which key, what is wrong and what to do.
struct ConfigError: Error, Sendable, Hashable, CustomStringConvertible {
    var file: String
    var line: Int?
    var key: String?
    var message: String

    /// `config.yaml:12: instagram.app_id must be digits...`
    var description: String {
        var text = file
        if let line { text += ":\(line)" }
        text += ": "
        if let key { text += "\(key) " }
        return text + message
    }
}
