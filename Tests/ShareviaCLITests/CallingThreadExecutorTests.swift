import ShareCore
import ShareCoreTesting
import Synchronization
import Testing

@testable import ShareviaCLI

#if canImport(Glibc)
import Glibc
#endif

/// The CLI's executor runs every job of the work it is given on the calling thread, and its
/// clock's sleeps are woken by the same loop.
@Suite struct CallingThreadExecutorTests {
    @Test func returnsWhatTheBodyReturns() {
        let value = CallingThreadExecutor.run { _ in 42 }
        #expect(value == 42)
    }

    @Test func runsTheBodyAndTheTasksThatPreferItOnTheCallingThread() {
        let caller = ThreadID.current
        let threads = CallingThreadExecutor.run { executor in
            var seen = [ThreadID.current]
            let child = Task(executorPreference: executor) { ThreadID.current }
            seen.append(await child.value)
            try? await executor.clock.sleep(for: .milliseconds(5))
            seen.append(ThreadID.current)
            return seen
        }
        #expect(threads == [caller, caller, caller])
    }

    @Test func sleepsAtLeastTheDurationAndWakesInDeadlineOrder() {
        let (elapsed, order) = CallingThreadExecutor.run { executor in
            let clock = executor.clock
            let start = clock.now
            let woken = WakeLog()
            let late = Task(executorPreference: executor) {
                try? await clock.sleep(for: .milliseconds(40))
                woken.append(40)
            }
            let early = Task(executorPreference: executor) {
                try? await clock.sleep(for: .milliseconds(10))
                woken.append(10)
            }
            await early.value
            await late.value
            return (clock.now - start, woken.entries)
        }
        #expect(elapsed >= .milliseconds(40))
        #expect(order == [10, 40])
    }

    @Test func aCancelledSleepThrowsAtOnce() {
        let outcome = CallingThreadExecutor.run { executor in
            let start = ContinuousClock.now
            let sleeper = Task(executorPreference: executor) { () -> String in
                do {
                    try await executor.clock.sleep(for: .seconds(600))
                    return "slept"
                } catch {
                    return "\(type(of: error))"
                }
            }
            try? await executor.clock.sleep(for: .milliseconds(5))
            sleeper.cancel()
            return (await sleeper.value, ContinuousClock.now - start)
        }
        #expect(outcome.0 == "CancellationError")
        #expect(outcome.1 < .seconds(60))
    }

    @Test func aSleepAlreadyCancelledThrowsWithoutWaiting() {
        let outcome = CallingThreadExecutor.run { executor in
            let sleeper = Task(executorPreference: executor) { () -> Bool in
                withUnsafeCurrentTask { $0?.cancel() }
                return (try? await executor.clock.sleep(for: .seconds(600))) == nil
            }
            return await sleeper.value
        }
        #expect(outcome)
    }

    /// The router, given the executor's scheduling, times out a stuck delivery and falls back
    /// with every job on the calling thread.
    @Test func theRouterTimesOutAndFallsBackOnTheCallingThread() throws {
        let stuck = SlowDestination(id: "stuck", delay: .seconds(60), honoursCancellation: false)
        let fallback = ThreadRecordingDestination()
        let registry = try DestinationRegistry([stuck, fallback])
        let caller = ThreadID.current
        let report = CallingThreadExecutor.run { executor in
            let router = ShareRouter(
                registry: registry,
                retryPolicy: RetryPolicy(maxAttempts: 1, deliveryTimeout: .milliseconds(50)),
                scheduling: executor.routerScheduling
            )
            return try? await router.share(ShareContent(text: "hi"), via: FallbackChain(["stuck", "recorder"]))
        }
        #expect(report?.attempts.map(\.result) == [.timedOut, .delivered])
        #expect(fallback.deliveryThreads == [caller])
    }
}

/// The order sleepers woke in.
private final class WakeLog: Sendable {
    private let log = Mutex<[Int]>([])

    var entries: [Int] { log.withLock { $0 } }

    func append(_ entry: Int) { log.withLock { $0.append(entry) } }
}

/// A thread's identity, comparable across tasks.
private struct ThreadID: Equatable, Sendable {
    let raw: UInt

    static var current: ThreadID { ThreadID(raw: UInt(pthread_self())) }
}

/// A destination that records the thread each delivery ran on.
private final class ThreadRecordingDestination: ShareDestination {
    let descriptor = DestinationDescriptor(id: "recorder", displayName: "Recorder", capabilities: .all)
    private let threads = Mutex<[ThreadID]>([])

    var deliveryThreads: [ThreadID] { threads.withLock { $0 } }

    func availability() async -> Availability { .available() }

    func prepare(_ request: ShareRequest) throws(ShareError) -> PreparedShare {
        PreparedShare(destination: "recorder", summary: "recorder", text: request.content.plainText)
    }

    func deliver(_ prepared: PreparedShare) async throws(ShareError) -> DeliveryReceipt {
        threads.withLock { $0.append(.current) }
        return DeliveryReceipt(destination: "recorder", summary: "recorded")
    }
}
