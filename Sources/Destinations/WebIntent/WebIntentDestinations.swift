import ShareCore

/// The web-intent destinations: X, Mastodon, Bluesky, Threads, LinkedIn, WhatsApp, Telegram,
/// Reddit and Facebook.
public enum WebIntentDestinations {
    /// Every web-intent destination, configured from the environment.
    public static func all(environment: ShareEnvironment, mastodonInstance: String? = nil) -> [any ShareDestination] {
        []
    }
}
