import Destinations
import Foundation
import ShareCore
import ShareCoreTesting
import TestSupport
import Testing

/// Every built-in destination keeps the ShareDestination contract, checked by the same kit an
/// integrator uses. No desktop session, so web intents deliver by returning their URL and the
/// clipboard is unavailable; the file export writes into a temporary HOME.
@Suite struct StandardDestinationsConformanceTests {
    static let ids: [DestinationID] = [
        "clipboard", "file", "instagram", "sms", "email", "mastodon", "x", "threads", "linkedin", "whatsapp",
        "telegram",
        "reddit", "facebook", "bluesky",
    ]

    @Test func registryHoldsEveryBuiltInOnce() {
        let registry = DestinationRegistry.standard(environment: ShareEnvironment(["HOME": "/tmp"]))
        #expect(registry.ids == Self.ids)
        #expect(registry.destination("twitter")?.descriptor.id == "x")
    }

    @Test(arguments: ids)
    func conforms(id: DestinationID) async throws {
        let home = TemporaryFolder()
        let environment = ShareEnvironment(["HOME": home.path, "PATH": "/usr/bin:/bin"])
        let settings = CommandLineSettingsProvider(values: [
            MastodonDestination.Settings.instance.flag!: ["mastodon.example"],
            InstagramDestination.Settings.appID.flag!: ["1234567890"],
        ])
        let registry = DestinationRegistry.standard(
            context: DestinationContext(settings: SettingsReader(providers: [settings]), environment: environment)
        )
        let destination = try #require(registry.destination(id))
        let failures = await DestinationConformance(destination, deliverSample: true).run()
        #expect(failures.isEmpty, "\(failures)")
    }
}

/// The built-ins' descriptors, registered before building, are exactly those the built
/// destinations report.
@Test func standardEntriesDescribeWhatTheyBuild() {
    let environment = ShareEnvironment(["HOME": "/tmp", "SHAREVIA_MASTODON_INSTANCE": "mastodon.example"])
    for entry in StandardDestinations.entries(environment: environment) {
        #expect(entry.build().descriptor == entry.descriptor, "\(entry.descriptor.id)")
    }
}
