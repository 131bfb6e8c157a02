import LocalFiles
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
        func refuse(_ message: String) -> ConfigErrors {
            ConfigErrors(errors: [ConfigError(file: path, line: nil, key: nil, message: message)])
        }
        // Opened without blocking and read once, the limit checked while reading, so a FIFO or an
        // endless file can't hang or fill memory before the limit is seen.
        let data: [UInt8]
        do throws(InputFileError) {
            let input = try InputFile(path: path)
            try input.requireReadable(allowingPipes: false)
            data = try input.readAll(limit: InputLimit(bytes: maxBytes, rule: "the limit of a config file"))
        } catch {
            switch error.problem {
            case .missing:
                guard explicit else { return ShareviaConfig() }
                throw refuse("does not exist (named by \(source)); create it or fix the path")
            case .notAFile(let kind):
                throw refuse("is \(kind.phrase), not a regular file; write the config to a file and name that file")
            case .tooLarge:
                throw refuse("is larger than 1 MiB (the limit of a config file); a config file is a few lines")
            default:
                throw refuse("can't be read (\(error.message)); check its permissions")
            }
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
