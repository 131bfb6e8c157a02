import ArgumentParser
import Destinations
import Foundation
import ShareCore
import ShareCoreTesting
import TestSupport
import Testing

@testable import ShareviaCLI

/// An integrator's destinations, given to `ShareviaMain.run(extraDestinations:)`, reach the commands.
@Suite struct ExtraDestinationsTests {
    @Test func extraDestinationsJoinTheRegistryTheCommandsUse() async throws {
        let factory = ShareviaMain.RegistryFactory.standard(plus: { _ in [InMemoryDestination(id: "webhook")] })
        try await ShareviaMain.$registryFactory.withValue(factory) {
            let command = try #require(
                try ShareviaCommand.parseAsRoot(["--to", "webhook", "--text", "hi"]) as? ShareCommand
            )
            let environment = ShareEnvironment(ProcessEnvironment.variables())
            let registry = command.invocation.routing.registry(environment: environment)
            #expect(registry.destination("webhook") != nil)
            #expect(registry.destination("file") != nil)
            #expect(try command.invocation.chain(in: registry).ids == ["webhook", "clipboard", "file"])
            let report = try await command.invocation.routing.router(environment: environment).share(
                try command.invocation.buildContent(),
                via: FallbackChain(["webhook"])
            )
            #expect(report.deliveredBy == "webhook")
        }
    }

    @Test func anExtraDestinationCannotReplaceABuiltIn() {
        let factory = ShareviaMain.RegistryFactory.standard(plus: { _ in [UnavailableDestination(id: "file")] })
        let registry = factory.make(DestinationContext(environment: ShareEnvironment(["HOME": "/tmp"])), .init())
        #expect(registry.destination("file")?.descriptor.displayName == "File export")
        #expect(registry.destinations.count { $0.descriptor.id == "file" } == 1)
    }

    /// An integrator's setting, given to `ShareviaMain.run(settings:extraDestinations:)`, is a key
    /// of the config file and reaches its destination through the same reader as the built-ins'.
    @Test func anExtraSettingIsAConfigKeyReadLikeTheBuiltIns() throws {
        let url = ShareSetting(key: "webhook.url", variable: "WEBHOOK_URL", kind: .text, summary: "where it posts")
        let folder = TemporaryFolder("extra-setting")
        let path = folder.file("config.yaml")
        try "webhook:\n  url: https://chat.example.com/hook\n".write(toFile: path, atomically: true, encoding: .utf8)
        let environment = ShareEnvironment(["HOME": folder.path])
        #expect(throws: ConfigErrors.self) { try ConfigLocation.load(flag: path, environment: environment) }
        let factory = ShareviaMain.RegistryFactory.standard(settings: [url], plus: { _ in [] })
        try ShareviaMain.$registryFactory.withValue(factory) {
            let config = try ConfigLocation.load(flag: path, environment: environment)
            let settings = RouterSettings(configFile: path).layered(over: config, environment: environment)
            let context = settings.context(environment: environment)
            #expect(context.settings.text(url) == "https://chat.example.com/hook")
            #expect(context.settings.source(url) == .file(path, line: 2))
            let overridden = settings.context(environment: ShareEnvironment(["WEBHOOK_URL": "https://other.example"]))
            #expect(overridden.settings.text(url) == "https://other.example")
            #expect(ConfigCheckCommand.effective(config, environment: environment).contains { $0.key == "webhook.url" })
        }
    }
}
