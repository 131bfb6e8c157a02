import ShareCore
import TextFitting

extension MastodonDestination {
    /// Mastodon's settings: its flag, config keys and variables, declared here only.
    public enum Settings {
        /// The Mastodon server.
        public static let instance = ShareSetting(
            key: "mastodon.instance",
            flag: "mastodon-instance",
            variable: MastodonIntent.instanceVariable,
            kind: .host,
            help: "Mastodon server for the mastodon destination (or SHAREVIA_MASTODON_INSTANCE).",
            valueName: "host",
            summary: "your Mastodon server"
        )
        /// The server's character limit, until the server's own is read and cached.
        public static let limit = ShareSetting(
            key: "mastodon.limit",
            variable: MastodonIntent.limitVariable,
            kind: .integer(1...100_000),
            defaultWords: "500",
            summary: "your server's character limit"
        )
        /// The access token: a secret, from a variable or a file, never a flag.
        public static let token = ShareSetting(
            key: "mastodon.token",
            variable: Configuration.tokenVariable,
            kind: .text,
            defaultWords: "(none: the Mastodon account signed in)",
            summary: "an access token: token_env or token_file (inline only in a 0600 file)",
            isSecret: true
        )
        /// Who sees the posts.
        public static let visibility = ShareSetting(
            key: "mastodon.visibility",
            kind: .choice(MastodonVisibility.allCases.map(\.rawValue)),
            defaultWords: "(the account's default)",
            summary: "who sees the posts: public, unlisted, private or direct"
        )
        /// The posts' language.
        public static let language = ShareSetting(
            key: "mastodon.language",
            kind: .text,
            defaultWords: "(the server guesses)",
            summary: "the posts' language, an ISO 639 code such as en"
        )
        /// A content warning.
        public static let spoilerText = ShareSetting(
            key: "mastodon.spoiler_text",
            kind: .text,
            defaultWords: "(none)",
            summary: "a content warning shown before the posts"
        )

        /// Every Mastodon setting.
        public static let all = [instance, limit, token, visibility, language, spoilerText]
    }
}

extension MastodonDestination {
    /// Mastodon as a built-in: its settings, and its entry. The token comes from
    /// `SHAREVIA_MASTODON_TOKEN`, the config file's `mastodon.token_env`/`token_file`, or the
    /// account `sharevia login mastodon` saved; the accounts file and the cached limits are read
    /// only when the destination is built.
    public static let builtIn = BuiltInDestination.configured(
        settings: Settings.all,
        purpose: .post,
        read: Configuration.init(reading:problems:),
        entries: { configuration, context in
            [
                BuiltInDestination.Entry(descriptor: standardDescriptor(limit: configuration.limit)) {
                    var configuration = configuration
                    configuration.token = Settings.token.key.flatMap { context.secrets[$0] }
                    return MastodonDestination(configuration: configuration, environment: context.environment)
                }
            ]
        }
    )
}

extension MastodonDestination.Configuration {
    /// The configuration `settings` describe (the token excepted: a secret is resolved by
    /// whoever read the file); each bad value is left at its default and added to `problems`.
    public init(reading settings: SettingsReader, problems: inout [SettingError]) {
        typealias Settings = MastodonDestination.Settings
        self.init()
        instance = settings.recording(&problems) { reader throws(SettingError) in
            try reader.value(Settings.instance) { (found: SettingValue) -> Result<String, SettingProblem> in
                // A bad flag or variable makes the destination unavailable, saying why; a bad
                // value in the config file is a problem of the file.
                guard found.source.file != nil else { return .success(found.text) }
                do throws(MastodonRequestError) {
                    _ = try MastodonInstanceAddress(found.text)
                } catch {
                    return .failure(SettingProblem(error.message))
                }
                return .success(found.text)
            }
        }
        let limit = settings.recording(&problems) { reader throws(SettingError) in
            try reader.value(Settings.limit) { (found: SettingValue) -> Result<Int?, SettingProblem> in
                // A variable out of range falls back to the default, as it always has.
                guard let number = Int(found.text), Settings.limit.kind.integerRange?.contains(number) ?? false else {
                    return found.source.isVariable ? .success(nil) : .failure(.kind(Settings.limit.kind))
                }
                return .success(number)
            }
        }
        self.limit = (limit ?? nil) ?? TextRules.defaultMastodonLimit
        visibility = settings.recording(&problems) { reader throws(SettingError) in
            try reader.choice(Settings.visibility, MastodonVisibility.init(rawValue:))
        }
        language = settings.recording(&problems) { reader throws(SettingError) in
            try reader.value(Settings.language) { (found: SettingValue) -> Result<String, SettingProblem> in
                let text = found.text
                let letters = text.utf8.allSatisfy { ($0 >= 0x61 && $0 <= 0x7A) || ($0 >= 0x41 && $0 <= 0x5A) }
                guard (2...3).contains(text.utf8.count), letters else {
                    return .failure(SettingProblem("must be an ISO 639 language code of 2 or 3 letters, such as en"))
                }
                return .success(text.lowercased())
            }
        }
        spoilerText = settings.recording(&problems) { reader throws(SettingError) in
            try reader.value(Settings.spoilerText) { (found: SettingValue) -> Result<String, SettingProblem> in
                OneLineText.firstBreak(in: found.text) == nil && found.text.count <= 500
                    ? .success(found.text) : .failure(SettingProblem("must be one line of at most 500 characters"))
            }
        }
        timeout = (try? settings.seconds(ShareSettings.timeout)) ?? ShareSettings.defaultTimeout
    }
}
