import ShareCore
import ShareCoreTesting
import Testing

/// Retries, backoff, timeouts and cancellation, on a ``ManualClock`` the tests move: nothing here
/// sleeps on the wall clock.
@Suite struct RouterRetryTests {
    let content = ShareContent(text: "hello")
    let clock = ManualClock()

    func router(_ destinations: [any ShareDestination], policy: RetryPolicy = .standard) throws -> ShareRouter {
        ShareRouter(
            registry: try DestinationRegistry(destinations),
            retryPolicy: policy,
            scheduling: RouterScheduling(clock: clock)
        )
    }

    /// Waits for each of `waits` to be slept on the clock, then moves the clock past it.
    func pass(_ waits: Duration...) async {
        for wait in waits {
            await clock.waitForSleep(of: wait)
            clock.advance(by: wait)
        }
    }

    @Test func retriesATransientFailureUntilItSucceeds() async throws {
        let flaky = FlakyDestination(id: "flaky", failures: 2)
        let router = try router([flaky])
        let content = self.content
        let share = Task { try await router.share(content, via: FallbackChain(["flaky"])) }
        // The standard backoff: 200 ms, then 400 ms.
        await pass(.milliseconds(200), .milliseconds(400))
        let report = try await share.value
        #expect(report.outcome == .delivered)
        #expect(flaky.deliveryAttempts == 3)
        #expect(report.attempts.map(\.result) == [.transientFailure, .transientFailure, .delivered])
        #expect(report.attempts.map(\.attempt) == [1, 2, 3])
    }

    @Test func backoffGrowsBetweenTries() async throws {
        let policy = RetryPolicy(
            maxAttempts: 3,
            initialBackoff: .milliseconds(40),
            multiplier: 2,
            maxBackoff: .seconds(1)
        )
        let flaky = FlakyDestination(id: "flaky", failures: 2, clock: clock)
        let router = try router([flaky], policy: policy)
        let content = self.content
        let share = Task { try await router.share(content, via: FallbackChain(["flaky"])) }
        await pass(.milliseconds(40), .milliseconds(80))
        _ = try await share.value
        let times = flaky.attemptTimes
        try #require(times.count == 3)
        #expect(times[1] - times[0] >= .milliseconds(40))
        #expect(times[2] - times[1] >= .milliseconds(80))
    }

    @Test func backoffIsBounded() {
        let policy = RetryPolicy(initialBackoff: .milliseconds(200), multiplier: 2, maxBackoff: .seconds(1))
        #expect(policy.backoff(beforeRetry: 1) == .milliseconds(200))
        #expect(policy.backoff(beforeRetry: 2) == .milliseconds(400))
        #expect(policy.backoff(beforeRetry: 5) == .seconds(1))
    }

    @Test func givesUpAfterMaxAttemptsAndFallsBack() async throws {
        let flaky = FlakyDestination(id: "flaky", failures: 10)
        let memory = InMemoryDestination(id: "file")
        let router = try router([flaky, memory])
        let content = self.content
        let share = Task { try await router.share(content, via: FallbackChain(["flaky", "file"])) }
        await pass(.milliseconds(200), .milliseconds(400))
        let report = try await share.value
        #expect(flaky.deliveryAttempts == 3)
        #expect(report.deliveredBy == "file")
        #expect(report.outcome == .deliveredByFallback)
    }

    @Test func timesOutASlowDeliveryAndMovesOn() async throws {
        let policy = RetryPolicy(maxAttempts: 1, deliveryTimeout: .milliseconds(100))
        let slow = SlowDestination(id: "slow", delay: .seconds(120), clock: clock)
        let memory = InMemoryDestination(id: "file")
        let wall = ContinuousClock()
        let started = wall.now
        let router = try router([slow, memory], policy: policy)
        let content = self.content
        let share = Task { try await router.share(content, via: FallbackChain(["slow", "file"])) }
        await clock.waitForSleep(of: .seconds(120))
        await pass(.milliseconds(100))
        let report = try await share.value
        // A bound, not a speed target: below the delivery's 120 s even on a machine loaded by the
        // whole test run (which has delayed the start of tests by 40 s).
        #expect(wall.now - started < .seconds(90))
        #expect(report.attempts.first?.result == .timedOut)
        #expect(report.attempts.first?.durationMilliseconds == 100, "durations are on the router's clock")
        #expect(report.deliveredBy == "file")
    }

    @Test func aDeliveryThatIgnoresCancellationCannotHangTheShare() async throws {
        let policy = RetryPolicy(maxAttempts: 1, deliveryTimeout: .milliseconds(100))
        let stuck = SlowDestination(id: "stuck", delay: .seconds(120), honoursCancellation: false, clock: clock)
        let memory = InMemoryDestination(id: "file")
        let wall = ContinuousClock()
        let started = wall.now
        let router = try router([stuck, memory], policy: policy)
        let content = self.content
        let share = Task { try await router.share(content, via: FallbackChain(["stuck", "file"])) }
        await clock.waitForSleep(of: .seconds(120))
        await pass(.milliseconds(100))
        let report = try await share.value
        // The stuck delivery would take 120 s; the share must not wait for it (a bound that holds
        // on a machine loaded by the whole test run).
        #expect(wall.now - started < .seconds(90))
        #expect(report.deliveredBy == "file")
        #expect(stuck.completedDeliveries == 0)
    }

    @Test func honoursTaskCancellation() async throws {
        let slow = SlowDestination(id: "slow", delay: .seconds(30), clock: clock)
        let memory = InMemoryDestination(id: "file")
        let shareRouter = try router([slow, memory], policy: RetryPolicy(deliveryTimeout: .seconds(60)))
        let content = self.content
        let task = Task { try await shareRouter.share(content, via: FallbackChain(["slow", "file"])) }
        // Cancelled while the slow delivery is under way.
        await clock.waitForSleep(of: .seconds(30))
        task.cancel()
        let report = try await task.value
        #expect(report.attempts.last?.result == .cancelled)
        #expect(report.outcome == .notDelivered)
        #expect(memory.received.isEmpty)
    }

    /// A delivery that ignores cancellation is given a grace period; its timeout firing within
    /// that period is still the caller's cancellation, at the destination it interrupted, not a
    /// timeout that moves the share on to the next destination.
    @Test func aTimeoutDuringTheCancellationGraceIsACancellation() async throws {
        let slow = SlowDestination(id: "slow", delay: .seconds(30), honoursCancellation: false, clock: clock)
        let memory = InMemoryDestination(id: "file")
        let policy = RetryPolicy(maxAttempts: 1, deliveryTimeout: .milliseconds(600))
        let shareRouter = try router([slow, memory], policy: policy)
        let content = self.content
        let task = Task { try await shareRouter.share(content, via: FallbackChain(["slow", "file"])) }
        await clock.waitForSleep(of: .seconds(30))
        task.cancel()
        // The 3 s grace has begun; the 600 ms timeout fires inside it.
        await clock.waitForSleep(of: .seconds(3))
        await pass(.milliseconds(600))
        let report = try await task.value
        #expect(report.attempts.map(\.destination) == ["slow"], "\(report)")
        #expect(report.attempts.last?.result == .cancelled, "\(report)")
        #expect(memory.received.isEmpty)
    }
}
