import ShareCore
import ShareHistory
import Synchronization
import TestSupport
import Testing

extension HistoryTests {
    /// A run that tries several items at once: never more than its concurrency, each item once,
    /// the results in the order the items were claimed, and a cancellation that leaves what was
    /// out `unknown` and what was not claimed `queued`.
    struct OutboxConcurrentRunTests {
        let folder = TemporaryFolder("outbox-concurrent")
        var store: OutboxStore { OutboxStore(path: folder.file("sharevia.sqlite"), schedule: OutboxFixtures.schedule) }
        static let later = OutboxFixtures.now + 2 * OutboxFixtures.minute

        func enqueue(_ count: Int) throws -> [OutboxItem] {
            try (1...count).map { nonce in
                try store.enqueue(
                    OutboxFixtures.request(UInt64(nonce)),
                    for: "mastodon",
                    failure: OutboxFixtures.transient,
                    now: OutboxFixtures.now
                )
            }
        }

        func runner(_ destination: any ShareDestination, concurrency: Int) -> OutboxRunner<SQLiteOutboxQueue> {
            OutboxRunner(store: store, owner: "test-run", leaseSeconds: 600, concurrency: concurrency) {
                _,
                _ throws(ShareError) in destination
            }
        }

        @Test(arguments: [1, 4])
        func itemsAreSentUpToTheConcurrencyAtOnceEachOnce(concurrency: Int) async throws {
            let items = try enqueue(10)
            let destination = GatheringDestination(gathering: concurrency)

            let results = try await runner(destination, concurrency: concurrency).run(now: { Self.later })

            #expect(destination.mostAtOnce == concurrency, "the first \(concurrency) were sent together, no more")
            #expect(destination.timedOut == false, "the first \(concurrency) never were out together")
            #expect(results.map(\.item.id) == items.map(\.id), "results in the order the items were claimed")
            #expect(results.allSatisfy { $0.result == .delivered && !$0.leaseLost })
            let shares = (1...10).map { OutboxFixtures.options(UInt64($0)).id.description }
            #expect(destination.delivered.sorted() == shares.sorted(), "each item delivered once")
            for item in items { #expect(try store.item(item.id)?.state == .delivered) }
        }

        @Test func aCancelledRunLeavesWhatWasOutUnknownAndTheRestQueued() async throws {
            let items = try enqueue(8)
            let waiting = WaitingDestination()
            let runner = runner(waiting, concurrency: 3)
            let run = Task { try await runner.run(now: { Self.later }) }
            // A generous hang guard: under a full test run a task may start late.
            let deadline = ContinuousClock.now + .seconds(60)
            while waiting.startedCount < 3, ContinuousClock.now < deadline {
                try await Task.sleep(for: .milliseconds(20))
            }
            #expect(waiting.startedCount == 3, "three deliveries were to be out at once")
            run.cancel()
            let results = try await run.value

            #expect(results.map(\.result) == [.unknown, .unknown, .unknown])
            #expect(results.map(\.item.id) == Array(items.prefix(3).map(\.id)))
            let states = try items.map { try store.item($0.id)?.state }
            #expect(states == [.unknown, .unknown, .unknown, .queued, .queued, .queued, .queued, .queued])
        }
    }
}

/// A destination that holds its first `gathering` deliveries until all of them are out together
/// (at most 60 s), then delivers everything, counting the most deliveries out at once.
final class GatheringDestination: ShareDestination {
    let descriptor = DestinationDescriptor(
        id: "mastodon",
        displayName: "Gathering",
        summary: "Waits for company, for tests.",
        capabilities: .all
    )
    private struct State {
        var out = 0
        var most = 0
        var started = 0
        var timedOut = false
        var delivered: [String] = []
    }

    private let gathering: Int
    private let state = Mutex(State())

    init(gathering: Int) { self.gathering = gathering }

    var mostAtOnce: Int { state.withLock { $0.most } }
    var timedOut: Bool { state.withLock { $0.timedOut } }
    var delivered: [String] { state.withLock { $0.delivered } }

    func availability() async -> Availability { .available() }

    func prepare(_ request: ShareRequest) throws(ShareError) -> PreparedShare {
        PreparedShare(destination: id, summary: request.options.id.description)
    }

    func deliver(_ prepared: PreparedShare) async throws(ShareError) -> DeliveryReceipt {
        let first = state.withLock { state in
            state.out += 1
            state.started += 1
            state.most = max(state.most, state.out)
            return state.started <= gathering
        }
        if first {
            let deadline = ContinuousClock.now + .seconds(60)
            while state.withLock({ $0.started < gathering }) {
                if ContinuousClock.now >= deadline {
                    state.withLock { $0.timedOut = true }
                    break
                }
                try? await Task.sleep(for: .milliseconds(5))
            }
        }
        state.withLock { state in
            state.out -= 1
            state.delivered.append(prepared.summary)
        }
        return DeliveryReceipt(destination: id, summary: "posted \(prepared.summary)")
    }
}
