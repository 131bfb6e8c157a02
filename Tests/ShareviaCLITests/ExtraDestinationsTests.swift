import ArgumentParser
import Destinations
import ShareCore
import ShareCoreTesting
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
}
