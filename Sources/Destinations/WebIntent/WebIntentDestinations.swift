import ProcessRunning
import ShareCore

/// The web-intent destinations: `x` (alias `twitter`), `mastodon`, `threads`,
/// `linkedin`, `whatsapp`, `telegram`, `reddit` and `facebook`.
public enum WebIntentDestinations {
    /// The services, in the order `sharevia destinations` lists them.
    ///
    /// - Parameters:
    ///   - environment: Read for `SHAREVIA_MASTODON_INSTANCE` and `SHAREVIA_MASTODON_LIMIT`.
    ///   - mastodonInstance: The Mastodon server; overrides the environment.
    public static func services(
        environment: ShareEnvironment,
        mastodonInstance: String? = nil
    ) -> [any WebIntentService] {
        services(mastodon: MastodonIntent(environment: environment, instance: mastodonInstance))
    }

    /// The services, in the order `sharevia destinations` lists them, with Mastodon as given.
    public static func services(mastodon: MastodonIntent) -> [any WebIntentService] {
        [
            XIntent(), mastodon, ThreadsIntent(), LinkedInIntent(), WhatsAppIntent(),
            TelegramIntent(), RedditIntent(), FacebookIntent(),
        ]
    }

    /// Every web-intent destination, configured from the environment.
    ///
    /// - Parameters:
    ///   - environment: Where `DISPLAY`, `WAYLAND_DISPLAY`, `PATH` and the Mastodon settings are read.
    ///   - mastodonInstance: The Mastodon server (`mastodon.social`); overrides `SHAREVIA_MASTODON_INSTANCE`.
    public static func all(environment: ShareEnvironment, mastodonInstance: String? = nil) -> [any ShareDestination] {
        all(environment: environment, mastodonInstance: mastodonInstance, runner: ProcessRunner())
    }

    /// Every web-intent destination, their `xdg-open` run through `runner` (a test's fake).
    package static func all(
        environment: ShareEnvironment,
        mastodonInstance: String? = nil,
        runner: any CommandRunning
    ) -> [any ShareDestination] {
        // One delivery for all: finding xdg-open on the PATH once is enough.
        let delivery = WebIntentDelivery(environment: environment, runner: runner)
        return services(environment: environment, mastodonInstance: mastodonInstance).map {
            WebIntentDestination(service: $0, delivery: delivery)
        }
    }
}
