import ShareCore
import ShareCoreTesting
import Synchronization
import Testing

/// A server's "come back later" (a 429's rate-limit reset) and a request whose outcome is unknown,
/// on a ``ManualClock``: the router waits for the reset within the timeout, moves on when it is
/// later, and never resends a request that may have arrived.
@Suite(.timeLimit(.minutes(1))) struct RouterRetryAfterTests {
    let content = ShareContent(text: "hello")
    let clock = ManualClock()

    /// Throws the given errors on its first deliveries, then delivers.
    final class ScriptedDestination: ShareDestination {
        let descriptor: DestinationDescriptor
        private let errors: [ShareError]
        private let tries = Mutex(0)

        init(id: DestinationID, errors: [ShareError]) {
            descriptor = DestinationDescriptor(
                id: id,
                displayName: id.rawValue,
                summary: "scripted",
                capabilities: .all
            )
            self.errors = errors
        }

        var deliveryAttempts: Int { tries.withLock { $0 } }

        func availability() async -> Availability { .available() }

        func prepare(_ request: ShareRequest) throws(ShareError) -> PreparedShare {
            PreparedShare(destination: id, summary: "\(id)", text: request.content.plainText)
        }

        func deliver(_ prepared: PreparedShare) async throws(ShareError) -> DeliveryReceipt {
            let attempt = tries.withLock { count in
                count += 1
                return count
            }
            if attempt <= errors.count { throw errors[attempt - 1] }
            return DeliveryReceipt(destination: id, summary: "posted on try \(attempt)")
        }
    }

    static func rateLimited(after wait: Duration) -> ShareError {
        ShareError(.transient, message: "rate-limited (429)", retryAfter: wait)
    }

    func router(_ destinations: [any ShareDestination], timeout: Duration = .seconds(30)) throws -> ShareRouter {
        ShareRouter(
            registry: try DestinationRegistry(destinations),
            retryPolicy: RetryPolicy(deliveryTimeout: timeout),
            scheduling: RouterScheduling(clock: clock)
        )
    }

    @Test func waitsForAResetWithinTheTimeoutInsteadOfTheBackoff() async throws {
        let network = ScriptedDestination(id: "network", errors: [Self.rateLimited(after: .seconds(12))])
        let router = try router([network])
        let content = self.content
        let share = Task { try await router.share(content, via: FallbackChain(["network"])) }
        await clock.waitForSleep(of: .seconds(12))
        clock.advance(by: .seconds(12))
        let report = try await share.value
        #expect(report.outcome == .delivered)
        #expect(network.deliveryAttempts == 2)
        #expect(clock.requestedSleeps.contains(.seconds(12)))
        #expect(!clock.requestedSleeps.contains(.milliseconds(200)), "the standard backoff was not used")
        #expect(report.attempts.first?.reason.hasSuffix("; waiting 12.0 s before trying again") == true, "\(report)")
    }

    @Test func movesOnAtOnceWhenTheResetIsLaterThanTheTimeout() async throws {
        let network = ScriptedDestination(id: "network", errors: [Self.rateLimited(after: .seconds(600))])
        let memory = InMemoryDestination(id: "file")
        let router = try router([network, memory], timeout: .seconds(30))
        let report = try await router.share(content, via: FallbackChain(["network", "file"]))
        #expect(network.deliveryAttempts == 1)
        #expect(report.deliveredBy == "file")
        #expect(report.attempts.first?.result == .transientFailure)
        #expect(report.attempts.first?.reason.contains("later than the 30.0 s timeout") == true, "\(report)")
        #expect(!clock.requestedSleeps.contains(.seconds(600)))
    }

    @Test func aResetInThePastRetriesAtOnce() {
        let policy = RetryPolicy(deliveryTimeout: .seconds(30))
        #expect(policy.retryAfterWait(.seconds(-5)) == .zero)
        #expect(policy.retryAfterWait(.seconds(30)) == .seconds(30))
        #expect(policy.retryAfterWait(.seconds(31)) == nil)
    }

    @Test func anUnknownOutcomeIsNeverResentAndTheShareFallsBack() async throws {
        let unknown = ShareError(.outcomeUnknown, message: "no answer after sending; the post may have gone out")
        let network = ScriptedDestination(id: "network", errors: [unknown, unknown, unknown])
        let memory = InMemoryDestination(id: "file")
        let router = try router([network, memory])
        let report = try await router.share(content, via: FallbackChain(["network", "file"]))
        #expect(network.deliveryAttempts == 1, "a request that may have arrived is not sent again")
        #expect(report.attempts.map(\.result) == [.unknown, .delivered])
        #expect(report.outcome == .deliveredByFallback)
        #expect(report.attempts.first?.result.rawValue == "unknown")
        let text = report.description
        #expect(text.contains("? network: unknown: no answer after sending"), "\(text)")
        #expect(
            text.contains("delivered by fallback file (network did not answer: it may have delivered too)"),
            "\(text)"
        )
    }

    @Test func anUnknownOutcomeWithNoFallbackIsNotConfirmedRatherThanFailed() async throws {
        let network = ScriptedDestination(id: "network", errors: [ShareError(.outcomeUnknown, message: "no answer")])
        let report = try await router([network]).share(content, via: FallbackChain(["network"]))
        #expect(report.outcome == .notDelivered)
        #expect(
            report.description.hasSuffix(
                "not confirmed: network took the share and did not answer, so it may have arrived; no other destination in network delivered"
            ),
            "\(report)"
        )
    }
}
