import ShareCore

#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// Where sharevia looks for its config file, and reading it.
enum ConfigLocation {
    /// The variable that names a config file: `SHAREVIA_CONFIG`.
    static let variable = "SHAREVIA_CONFIG"
    /// The largest config file read.
    static let maxBytes = 1 << 20

    /// The file to read and how it was chosen: `--config`, then `SHAREVIA_CONFIG`, then
    /// `$XDG_CONFIG_HOME/sharevia/config.yaml`, then `~/.config/sharevia/config.yaml`.
    static func path(flag: String?, environment: ShareEnvironment) -> (path: String, source: String)? {
        if let flag { return (absolute(flag), "--config") }
        if let named = environment[variable] { return (absolute(named), variable) }
        if let xdg = environment["XDG_CONFIG_HOME"], xdg.hasPrefix("/") {
            return (xdg + "/sharevia/config.yaml", "$XDG_CONFIG_HOME")
        }
        if let home = environment["HOME"] { return (home + "/.config/sharevia/config.yaml", "$HOME/.config") }
        return nil
    }

    /// The config: from the file named by `--config` or `SHAREVIA_CONFIG` (which must exist),
    /// else from the default file when there is one, else empty.
    ///
    /// - Throws: ``ConfigErrors`` for a missing named file, an unreadable or invalid one.
    static func load(flag: String?, environment: ShareEnvironment) throws(ConfigErrors) -> ShareviaConfig {
        guard let (path, source) = self.path(flag: flag, environment: environment) else { return ShareviaConfig() }
        let explicit = source == "--config" || source == variable
        guard FileManager.default.fileExists(atPath: path) else {
            guard explicit else { return ShareviaConfig() }
            throw ConfigErrors(errors: [
                ConfigError(
                    file: path,
                    line: nil,
                    key: nil,
                    message: "does not exist (named by \(source)); create it or fix the path"
                )
            ])
        }
        guard let data = FileManager.default.contents(atPath: path) else {
            throw ConfigErrors(errors: [
                ConfigError(file: path, line: nil, key: nil, message: "can't be read; check its permissions")
            ])
        }
        guard data.count <= maxBytes else {
            throw ConfigErrors(errors: [
                ConfigError(
                    file: path,
                    line: nil,
                    key: nil,
                    message: "is larger than 1 MiB; a config file is a few lines"
                )
            ])
        }
        guard let text = String(validating: data, as: UTF8.self) else {
            throw ConfigErrors(errors: [
                ConfigError(file: path, line: nil, key: nil, message: "is not valid UTF-8; save it as UTF-8")
            ])
        }
        do {
            let document = try ConfigDocument(path: path, text: text)
            return try ShareviaConfig(document: document, environment: environment)
        } catch let error as ConfigError {
            throw ConfigErrors(errors: [error])
        } catch let errors as ConfigErrors {
            throw errors
        } catch {
            throw ConfigErrors(errors: [ConfigError(file: path, line: nil, key: nil, message: "\(error)")])
        }
    }

    /// Whether a file is at `path`.
    static func exists(_ path: String) -> Bool { FileManager.default.fileExists(atPath: path) }

    private static func absolute(_ path: String) -> String {
        path.hasPrefix("/") ? path : FileManager.default.currentDirectoryPath + "/" + path
    }
}
