import ShareCore
import Synchronization

/// A destination whose first `failures` deliveries fail with a transient error, then succeed.
/// Tests the router's retry and backoff.
public final class FlakyDestination: ShareDestination {
    public let descriptor: DestinationDescriptor
    private let failures: Int
    private let state = Mutex<[ContinuousClock.Instant]>([])

    /// Creates one that fails `failures` times before delivering.
    public init(id: DestinationID = "flaky", failures: Int) {
        descriptor = DestinationDescriptor(
            id: id,
            displayName: "Flaky (\(id))",
            summary: "Fails N times, then delivers, for tests.",
            capabilities: .all
        )
        self.failures = failures
    }

    /// How many times ``deliver(_:)`` was called.
    public var deliveryAttempts: Int { state.withLock { $0.count } }

    /// When each delivery was tried, to check the backoff between tries.
    public var attemptTimes: [ContinuousClock.Instant] { state.withLock { $0 } }

    public func availability() async -> Availability { .available() }

    public func prepare(_ request: ShareRequest) throws(ShareError) -> PreparedShare {
        PreparedShare(destination: id, summary: "\(id): flaky", text: request.content.plainText)
    }

    public func deliver(_ prepared: PreparedShare) async throws(ShareError) -> DeliveryReceipt {
        let attempt = state.withLock { times in
            times.append(ContinuousClock.now)
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
