import ShareCore
import Synchronization

/// A destination whose first `failures` deliveries fail with a transient error, then succeed.
/// Tests the router's retry and backoff.
public final class FlakyDestination: ShareDestination {
    public let descriptor: DestinationDescriptor
    private let failures: Int
    private let state = Mutex<[Duration]>([])
    private let elapsed: @Sendable () -> Duration

    /// Creates one that fails `failures` times before delivering, timing its tries on `clock`
    /// (the router's, to check its backoff).
    public init<C: Clock<Duration>>(id: DestinationID = "flaky", failures: Int, clock: C = ContinuousClock()) {
        descriptor = DestinationDescriptor(
            id: id,
            displayName: "Flaky (\(id))",
            summary: "Fails N times, then delivers, for tests.",
            capabilities: .all
        )
        self.failures = failures
        let origin = clock.now
        elapsed = { origin.duration(to: clock.now) }
    }

    /// How many times ``deliver(_:)`` was called.
    public var deliveryAttempts: Int { state.withLock { $0.count } }

    /// When each delivery was tried, as the time on the clock since this destination was made,
    /// to check the backoff between tries.
    public var attemptTimes: [Duration] { state.withLock { $0 } }

    public func availability() async -> Availability { .available() }

    public func prepare(_ request: ShareRequest) throws(ShareError) -> PreparedShare {
        PreparedShare(destination: id, summary: "\(id): flaky", text: request.content.plainText)
    }

    public func deliver(_ prepared: PreparedShare) async throws(ShareError) -> DeliveryReceipt {
        let now = elapsed()
        let attempt = state.withLock { times in
            times.append(now)
            return times.count
        }
        if attempt <= failures {
            throw ShareError(
                .transient,
                destination: id,
                message: "simulated transient failure \(attempt) of \(failures)"
            )
        }
        return DeliveryReceipt(destination: id, summary: "delivered on try \(attempt)")
    }
}
