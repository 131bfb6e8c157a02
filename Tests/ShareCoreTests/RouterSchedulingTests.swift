import Dispatch
import ShareCore
import ShareCoreTesting
import Synchronization
import Testing

/// The router's delivery and timer tasks prefer ``RouterScheduling/taskExecutor``, and its
/// timeouts and backoff wait on ``RouterScheduling/clock``.
@Suite struct RouterSchedulingTests {
    let content = ShareContent(text: "hello")

    @Test func backoffWaitsOnTheGivenClock() async throws {
        let clock = ManualClock()
        let policy = RetryPolicy(
            maxAttempts: 3,
            initialBackoff: .seconds(2),
            multiplier: 2,
            maxBackoff: .seconds(10),
            deliveryTimeout: .seconds(60)
        )
        let flaky = FlakyDestination(id: "flaky", failures: 2)
        let router = ShareRouter(
            registry: try DestinationRegistry([flaky]),
            retryPolicy: policy,
            scheduling: RouterScheduling(clock: clock)
        )
        let content = self.content
        let share = Task { try await router.share(content, via: FallbackChain(["flaky"])) }
        for backoff in [Duration.seconds(2), .seconds(4)] {
            await clock.waitForSleep(of: backoff)
            clock.advance(by: backoff)
        }
        let report = try await share.value
        #expect(report.outcome == .delivered)
        let sleeps = clock.requestedSleeps
        // The backoffs, awaited by the router in order; the rest are the per-delivery timers.
        #expect(sleeps.filter { $0 < .seconds(60) } == [.seconds(2), .seconds(4)])
        #expect(sleeps.filter { $0 >= .seconds(60) }.allSatisfy { $0 == .seconds(60) })
    }

    @Test func aTimeoutOnTheGivenClockMovesOn() async throws {
        let clock = ManualClock()
        let stuck = SlowDestination(id: "stuck", delay: .seconds(60), honoursCancellation: false, clock: clock)
        let fallback = InMemoryDestination(id: "fallback")
        let router = ShareRouter(
            registry: try DestinationRegistry([stuck, fallback]),
            retryPolicy: RetryPolicy(maxAttempts: 1, deliveryTimeout: .seconds(5)),
            scheduling: RouterScheduling(clock: clock)
        )
        let content = self.content
        let share = Task { try await router.share(content, via: FallbackChain(["stuck", "fallback"])) }
        await clock.waitForSleep(of: .seconds(5))
        clock.advance(by: .seconds(5))
        let report = try await share.value
        #expect(report.attempts.map(\.result) == [.timedOut, .delivered])
        #expect(clock.requestedSleeps.contains(.seconds(5)))
    }

    @Test func deliveriesRunOnTheGivenExecutor() async throws {
        let executor = CountingExecutor()
        let destination = InMemoryDestination(id: "memory")
        let router = ShareRouter(
            registry: try DestinationRegistry([destination]),
            scheduling: RouterScheduling(taskExecutor: executor)
        )
        let report = try await router.share(content, via: FallbackChain(["memory"]))
        #expect(report.outcome == .delivered)
        #expect(executor.jobsRun > 0)
    }

    @Test func theStandardSchedulingUsesTheGlobalExecutor() {
        #expect(RouterScheduling.standard.taskExecutor == nil)
        #expect(ShareRouter(registry: DestinationRegistry()).scheduling.taskExecutor == nil)
    }
}

/// A task executor that counts the jobs it runs and runs each on Dispatch's global queue.
private final class CountingExecutor: TaskExecutor {
    private let count = Atomic<Int>(0)

    var jobsRun: Int { count.load(ordering: .relaxed) }

    func enqueue(_ job: consuming ExecutorJob) {
        count.add(1, ordering: .relaxed)
        let job = UnownedJob(job)
        DispatchQueue.global().async { job.runSynchronously(on: self.asUnownedTaskExecutor()) }
    }
}
