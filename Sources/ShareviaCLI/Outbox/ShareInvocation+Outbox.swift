import ShareCore

extension ShareInvocation {
    /// The outbox step of this share: `--no-queue` and the config file's `outbox.*` read from
    /// `routing` (the share's settings over the config file).
    func outboxQueueing(
        routing: RouterSettings,
        registry: DestinationRegistry,
        environment: ShareEnvironment
    ) -> OutboxQueueing {
        var ignored: [SettingError] = []  // checked when the config file was read
        let settings = OutboxSettings.values(
            reading: routing.reader(environment: environment),
            noQueue: noQueue,
            problems: &ignored
        )
        return OutboxQueueing(routing: routing, registry: registry, environment: environment, settings: settings)
    }
}
