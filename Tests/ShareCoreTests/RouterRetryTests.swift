import ShareCore
import ShareCoreTesting
import Testing

@Suite struct RouterRetryTests {
    let content = ShareContent(text: "hello")

    @Test func retriesATransientFailureUntilItSucceeds() async throws {
        let flaky = FlakyDestination(id: "flaky", failures: 2)
        let report = try await router([flaky]).share(content, via: FallbackChain(["flaky"]))
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
        let flaky = FlakyDestination(id: "flaky", failures: 2)
        _ = try await router([flaky], policy: policy).share(content, via: FallbackChain(["flaky"]))
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
        let report = try await router([flaky, memory]).share(content, via: FallbackChain(["flaky", "file"]))
        #expect(flaky.deliveryAttempts == 3)
        #expect(report.deliveredBy == "file")
        #expect(report.outcome == .deliveredByFallback)
    }

    @Test func timesOutASlowDeliveryAndMovesOn() async throws {
        let policy = RetryPolicy(maxAttempts: 1, deliveryTimeout: .milliseconds(100))
        let slow = SlowDestination(id: "slow", delay: .seconds(120))
        let memory = InMemoryDestination(id: "file")
        let clock = ContinuousClock()
        let started = clock.now
        let report = try await router([slow, memory], policy: policy).share(
            content,
            via: FallbackChain(["slow", "file"])
        )
        // A bound, not a speed target: far below the delivery's 120 s even on a loaded machine.
        #expect(clock.now - started < .seconds(30))
        #expect(report.attempts.first?.result == .timedOut)
        #expect(report.deliveredBy == "file")
    }

    @Test func aDeliveryThatIgnoresCancellationCannotHangTheShare() async throws {
        let policy = RetryPolicy(maxAttempts: 1, deliveryTimeout: .milliseconds(100))
        let stuck = SlowDestination(id: "stuck", delay: .seconds(120), honoursCancellation: false)
        let memory = InMemoryDestination(id: "file")
        let clock = ContinuousClock()
        let started = clock.now
        let report = try await router([stuck, memory], policy: policy).share(
            content,
            via: FallbackChain(["stuck", "file"])
        )
        // The stuck delivery would take 120 s; the share must not wait for it.
        #expect(clock.now - started < .seconds(30))
        #expect(report.deliveredBy == "file")
        #expect(stuck.completedDeliveries == 0)
    }

    @Test func honoursTaskCancellation() async throws {
        let slow = SlowDestination(id: "slow", delay: .seconds(30))
        let memory = InMemoryDestination(id: "file")
        let shareRouter = try router([slow, memory], policy: RetryPolicy(deliveryTimeout: .seconds(60)))
        let content = self.content
        let task = Task { try await shareRouter.share(content, via: FallbackChain(["slow", "file"])) }
        try await Task.sleep(for: .milliseconds(100))
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
        let slow = SlowDestination(id: "slow", delay: .seconds(30), honoursCancellation: false)
        let memory = InMemoryDestination(id: "file")
        let policy = RetryPolicy(maxAttempts: 1, deliveryTimeout: .milliseconds(600))
        let shareRouter = try router([slow, memory], policy: policy)
        let content = self.content
        let task = Task { try await shareRouter.share(content, via: FallbackChain(["slow", "file"])) }
        try await Task.sleep(for: .milliseconds(100))
        task.cancel()
        let report = try await task.value
        #expect(report.attempts.map(\.destination) == ["slow"], "\(report)")
        #expect(report.attempts.last?.result == .cancelled, "\(report)")
        #expect(memory.received.isEmpty)
    }
}
