import HTTPTransport
import ShareCore

extension BlueskyDestination {
    /// Bluesky's settings: the PDS and the posts' language, declared here only (the credentials'
    /// are ``BlueskyCredentials/settings``).
    public enum Settings {
        /// The PDS the account posts through.
        public static let pds = ShareSetting(
            key: BlueskyServer.settingKey,
            flag: "bluesky-pds",
            variable: BlueskyServer.variable,
            kind: .text,
            help: "Bluesky PDS for the bluesky destination (or SHAREVIA_BLUESKY_PDS; default https://bsky.social).",
            valueName: "url",
            defaultWords: BlueskyServer.standard.description,
            summary: "the Bluesky server (PDS) that posts go through"
        )
        /// The language of the posts' text, as a BCP 47 tag (`langs`).
        public static let language = ShareSetting(
            key: "bluesky.language",
            variable: "SHAREVIA_BLUESKY_LANGUAGE",
            kind: .text,
            summary: "the language of Bluesky posts (a BCP 47 tag such as en or pt-BR)"
        )

        /// Every Bluesky setting of the destination itself.
        public static let all = [pds, language]
    }

    /// What the settings give: the PDS and the languages.
    package struct Configuration: Sendable {
        /// The PDS.
        package var server: BlueskyServer
        /// The posts' languages (zero or one tag).
        package var langs: [String]

        /// The default PDS, no language.
        package init(server: BlueskyServer = .standard, langs: [String] = []) {
            self.server = server
            self.langs = langs
        }

        /// The configuration `settings` describe; a bad value is added to `problems` and left at
        /// its default.
        package init(reading settings: SettingsReader, problems: inout [SettingError]) {
            let server = settings.recording(&problems) { reader throws(SettingError) in
                try reader.value(Settings.pds) { (found: SettingValue) -> Result<BlueskyServer, SettingProblem> in
                    do throws(BlueskyRecordError) {
                        return .success(try BlueskyServer(found.text))
                    } catch {
                        return .failure(SettingProblem(error.message))
                    }
                }
            }
            let language = settings.recording(&problems) { reader throws(SettingError) in
                try reader.value(Settings.language) { (found: SettingValue) -> Result<String, SettingProblem> in
                    ATProtoSyntax.isLanguage(found.text)
                        ? .success(found.text)
                        : .failure(SettingProblem("must be a language tag such as en or pt-BR"))
                }
            }
            self.init(server: server ?? .standard, langs: language.map { [$0] } ?? [])
        }
    }

    /// Bluesky as a built-in: its settings and the credentials', built only when a chain names it.
    /// With no credentials it hands off through the compose page, saying how to sign in.
    public static let builtIn = BuiltInDestination.configured(
        settings: Settings.all + BlueskyCredentials.settings,
        purpose: .post,
        read: { Configuration(reading: $0, problems: &$1) },
        entries: { configuration, context in
            [
                BuiltInDestination.Entry(descriptor: BlueskyDestination.standardDescriptor) {
                    var ignored: [SettingError] = []
                    let source = BlueskyCredentials.source(
                        reading: context.settings,
                        problems: &ignored,
                        environment: context.environment,
                        server: configuration.server,
                        secrets: context.secrets
                    )
                    let timeout = ShareSettings.Values(reading: context.settings, problems: &ignored).timeout
                    return BlueskyDestination(
                        configuration: configuration,
                        source: source,
                        environment: context.environment,
                        client: BlueskyDestination.httpClient(within: timeout ?? ShareSettings.defaultTimeout)
                    )
                }
            ]
        }
    )
}

extension BlueskyDestination {
    /// The longest one call may take: 20 s.
    static let callDeadline: Duration = .seconds(20)

    /// An HTTP client whose every call ends within `timeout`, the router's limit for one
    /// delivery (`--timeout`): the ``DeliveryBudget`` every network destination keeps, at most
    /// ``callDeadline``.
    static func httpClient(within timeout: Duration) -> HTTPClient {
        let deadline = min(callDeadline, DeliveryBudget.within(timeout))
        let connect = min(Duration.seconds(10), deadline)
        return HTTPClient(.init(connectTimeout: connect, deadline: max(deadline, .milliseconds(100))))
    }
}
