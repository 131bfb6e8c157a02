/// Where the config file says a secret is: written inline, in a variable, or in a file.
///
/// A reference is resolved only by the destination that needs the secret, so one that can't be
/// resolved (an unset variable, a missing file) makes that destination unavailable with the
/// reason, and every other share goes on.
public struct SecretReference: Sendable, Hashable {
    /// Where the value is.
    public enum Source: Sendable, Hashable {
        /// Written in the config file itself.
        case inline(Secret)
        /// In the environment variable of this name.
        case variable(String)
        /// In the file at this path (absolute, `~` expanded).
        case file(String)
    }

    /// Where the value is.
    public var source: Source
    /// The key as written (`plugins.settings.webhook.token_env`), for messages.
    public var key: String
    /// The config file and line, for messages.
    public var file: String?
    public var line: Int
    /// Whether the config file is readable by its owner only (an inline secret needs that).
    public var inPrivateFile: Bool

    /// Creates a reference.
    public init(_ source: Source, key: String, file: String?, line: Int, inPrivateFile: Bool) {
        self.source = source
        self.key = key
        self.file = file
        self.line = line
        self.inPrivateFile = inPrivateFile
    }

    /// `env NAME`, `file PATH` or `inline`: where it comes from, never its value.
    public var origin: String {
        switch source {
        case .inline: "inline"
        case .variable(let name): "env \(name)"
        case .file(let path): "file \(path)"
        }
    }

    /// The secret, or a message saying which rule it breaks and what to do.
    ///
    /// ShareCore reads no files: `readFile` reads a `file` source's text (`resolve(environment:)`
    /// in `LocalFiles` passes one that reads files on this machine).
    ///
    /// - Parameters:
    ///   - environment: Where a `variable` source is looked up.
    ///   - readFile: The text of the file at a path, or why it can't be used, such as
    ///     `names /run/token, which group or others can read; run 'chmod 600 /run/token'`.
    public func resolve(
        environment: ShareEnvironment,
        readingFilesWith readFile: (String) -> Result<String, SecretReferenceError>
    ) -> Result<Secret, SecretReferenceError> {
        let place = (file.map { "\($0):\(line): " } ?? "") + key
        func problem(_ message: String) -> Result<Secret, SecretReferenceError> {
            .failure(SecretReferenceError(message: "\(place) \(message)"))
        }
        switch source {
        case .inline(let secret):
            guard inPrivateFile else {
                let base = Self.base(of: key.split(separator: ".").last.map(String.init) ?? key)
                return problem(
                    "is a secret written inline in a file that group or others can read; run 'chmod 600 \(file ?? "the config file")', or use \(base)_env or \(base)_file instead"
                )
            }
            return .success(secret)
        case .variable(let name):
            guard let secret = Secret(environment: environment, variable: name), !secret.revealed().isEmpty else {
                return problem("names the variable \(name), which is not set; export it or change the key")
            }
            return .success(secret)
        case .file(let path):
            let text: String
            switch readFile(path) {
            case .success(let read): text = read
            case .failure(let failure): return problem(failure.message)
            }
            var value = Substring(text)
            // By scalar: CR LF is one Character, equal to neither "\n" nor "\r".
            while let last = value.unicodeScalars.last, last == "\n" || last == "\r" {
                value = Substring(value.unicodeScalars.dropLast())
            }
            guard !value.isEmpty else { return problem("names \(path), which is empty") }
            return .success(Secret(String(value)))
        }
    }

    /// `token` for `token`, `token_env` and `token_file`.
    public static func base(of name: String) -> String {
        if name.hasSuffix("_env") { return String(name.dropLast(4)) }
        if name.hasSuffix("_file") { return String(name.dropLast(5)) }
        return name
    }

    /// Whether a setting's name says it holds a secret, however it is spelled or nested:
    /// any dotted part that, lowercased without `_` and `-`, contains `password`, `passwd`,
    /// `passphrase`, `secret`, `token`, `apikey`, `credential` or `privatekey`, or ends
    /// in `key` after a `_` or `-` (`api_key`, `signing-key`) or is `key`.
    public static func looksSecret(_ name: String) -> Bool {
        name.split(separator: ".").contains { part in
            let lower = part.lowercased()
            let squeezed = lower.filter { $0 != "_" && $0 != "-" }
            let words = ["password", "passwd", "passphrase", "secret", "token", "apikey", "credential", "privatekey"]
            return words.contains { squeezed.contains($0) } || lower == "key"
                || lower.hasSuffix("_key") || lower.hasSuffix("-key")
        }
    }
}

/// Why a ``SecretReference`` could not be resolved: file, line, key, rule and what to do; never a
/// value.
public struct SecretReferenceError: Error, Sendable, Hashable, CustomStringConvertible {
    public var message: String
    public var description: String { message }

    /// An error with this message.
    public init(message: String) { self.message = message }
}
