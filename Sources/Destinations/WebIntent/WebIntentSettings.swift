import ProcessRunning
import ShareCore
import TextFitting

extension WebIntentDestination {
    /// The web intents as one built-in: an entry per service, but for the networks that post
    /// through their API and hand off to their intent only when not signed in (`mastodon`, in
    /// ``MastodonDestination``).
    public static let builtIn = BuiltInDestination(
        settings: [],
        purpose: .post,
        entries: { context in
            let runner = ProcessRunner()
            let services = WebIntentDestinations.services(mastodon: MastodonIntent(instance: nil))
            return services.filter { $0.descriptor.id != "mastodon" }.map { service in
                BuiltInDestination.Entry(descriptor: WebIntentDestination.descriptor(for: service)) {
                    WebIntentDestination(service: service, environment: context.environment, runner: runner)
                }
            }
        }
    )
}
