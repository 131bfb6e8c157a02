import ShareCore
import ShareCoreTesting
import Synchronization
import Testing

/// A registry of descriptors builds a destination only when something asks for it, once.
struct LazyRegistryTests {
    /// Counts how often each id was built.
    final class BuildLog: Sendable {
        let counts = Mutex<[DestinationID: Int]>([:])
        func record(_ id: DestinationID) { counts.withLock { $0[id, default: 0] += 1 } }
        var snapshot: [DestinationID: Int] { counts.withLock { $0 } }
    }

    static func registry(_ ids: [DestinationID], log: BuildLog) throws -> DestinationRegistry {
        var registry = DestinationRegistry()
        for id in ids {
            let descriptor = InMemoryDestination(id: id).descriptor
            try registry.register(descriptor) {
                log.record(id)
                return InMemoryDestination(id: id)
            }
        }
        return registry
    }

    @Test func aShareBuildsOnlyItsChainOnce() async throws {
        let log = BuildLog()
        let registry = try Self.registry(["a", "b", "c", "d"], log: log)
        #expect(registry.ids == ["a", "b", "c", "d"])
        #expect(
            registry.descriptors.map(\.displayName) == [
                "In-memory (a)", "In-memory (b)", "In-memory (c)", "In-memory (d)",
            ]
        )
        #expect(registry.contains("c") && !registry.contains("e"))
        #expect(log.snapshot.isEmpty, "listing ids and descriptors builds nothing")

        let router = ShareRouter(registry: registry)
        _ = try await router.share(ShareContent(text: "hi"), via: FallbackChain(["b", "d"]))
        _ = try await router.share(ShareContent(text: "again"), via: FallbackChain(["b"]))
        #expect(log.snapshot == ["b": 1], "b delivered, so d was never needed; b was built once")
    }

    @Test func aDuplicateIdIsRefusedWithoutBuilding() throws {
        let log = BuildLog()
        var registry = try Self.registry(["a"], log: log)
        #expect(throws: ShareError.self) {
            try registry.register(InMemoryDestination(id: "a").descriptor) { InMemoryDestination(id: "a") }
        }
        #expect(log.snapshot.isEmpty)
    }
}
