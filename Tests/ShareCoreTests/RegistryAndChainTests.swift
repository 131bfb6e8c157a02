import ShareCore
import ShareCoreTesting
import Testing

@Suite struct RegistryAndChainTests {
    @Test func registersAndResolvesByIdAndAlias() throws {
        var registry = DestinationRegistry()
        try registry.register(InMemoryDestination(id: "memory"))
        #expect(registry.ids == ["memory"])
        #expect(registry.destination("memory") != nil)
        #expect(registry.destination("other") == nil)
    }

    @Test func refusesDuplicateIds() throws {
        var registry = DestinationRegistry()
        try registry.register(InMemoryDestination(id: "memory"))
        #expect(throws: ShareError.self) { try registry.register(InMemoryDestination(id: "memory")) }
    }

    @Test func refusesMalformedIds() {
        var registry = DestinationRegistry()
        #expect(throws: ShareError.self) { try registry.register(InMemoryDestination(id: "Bad Id")) }
    }

    @Test(arguments: [
        ([DestinationID](), "empty"),
        (["memory", "nope"], "unknown destination 'nope'"),
        (["memory", "memory"], "appears twice"),
    ])
    func invalidChainsThrowBadInput(ids: [DestinationID], expected: String) async throws {
        let shareRouter = try router([InMemoryDestination(id: "memory")])
        do {
            _ = try await shareRouter.share(ShareContent(text: "x"), via: FallbackChain(ids))
            Issue.record("expected the chain \(ids) to be refused")
        } catch {
            #expect(error.code == .badInput)
            #expect(error.message.contains(expected))
        }
    }

    @Test func replaceSwapsADestination() throws {
        var registry = try DestinationRegistry([InMemoryDestination(id: "a"), InMemoryDestination(id: "b")])
        try registry.replace(UnavailableDestination(id: "a"))
        #expect(registry.ids == ["a", "b"])
        #expect(registry.destination("a") is UnavailableDestination)
    }
}
