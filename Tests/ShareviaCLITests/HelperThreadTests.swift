import Synchronization
import Testing

@testable import ShareviaCLI

/// Helper threads run their body once each, at the same time as the caller, and `join` waits
/// for the body to return.
@Suite struct HelperThreadTests {
    final class Counter: Sendable {
        let value = Atomic<Int>(0)
    }

    @Test func eachBodyRunsOnceAndJoinWaitsForIt() throws {
        let counter = Counter()
        let helpers = try (0..<4).map { _ in
            try #require(
                HelperThread.start {
                    for _ in 0..<10_000 { counter.value.wrappingAdd(1, ordering: .relaxed) }
                }
            )
        }
        for helper in helpers { helper.join() }
        #expect(counter.value.load(ordering: .relaxed) == 40_000)
    }

    @Test(.timeLimit(.minutes(1))) func theCallerWorksWhileHelpersRun() throws {
        // The helper waits until the caller has done its part: a helper that ran on the caller's
        // thread (or not at all) would never see it, and join would not return.
        let counter = Counter()
        let helper = try #require(
            HelperThread.start {
                while counter.value.load(ordering: .acquiring) == 0 {}
                counter.value.wrappingAdd(1, ordering: .releasing)
            }
        )
        counter.value.store(1, ordering: .releasing)
        helper.join()
        #expect(counter.value.load(ordering: .acquiring) == 2)
    }
}
