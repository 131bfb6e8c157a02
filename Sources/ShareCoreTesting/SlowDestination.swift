import ShareCore
import Synchronization

/// A destination whose delivery takes `delay`. With `honoursCancellation: false` it keeps waiting
/// when cancelled, like a destination stuck in a blocking call, to test the router's timeout.
public final class SlowDestination: ShareDestination {
    public let descriptor: DestinationDescriptor
    private let delay: Duration
    private let honoursCancellation: Bool
    private let finished = Mutex(0)
    private let wait: @Sendable (Duration) async throws -> Void

    /// Creates one whose deliveries take `delay` on `clock` (a test's ``ManualClock``, so the
    /// delay passes only when the test moves it).
    public init<C: Clock<Duration>>(
        id: DestinationID = "slow",
        delay: Duration,
        honoursCancellation: Bool = true,
        clock: C = ContinuousClock()
    ) {
        descriptor = DestinationDescriptor(
            id: id,
            displayName: "Slow (\(id))",
            summary: "Takes a while to deliver, for tests.",
            capabilities: .all
        )
        self.delay = delay
        self.honoursCancellation = honoursCancellation
        wait = { try await clock.sleep(for: $0) }
    }

    /// How many deliveries ran to the end of their delay.
    public var completedDeliveries: Int { finished.withLock { $0 } }

    public func availability() async -> Availability { .available() }

    public func prepare(_ request: ShareRequest) throws(ShareError) -> PreparedShare {
        PreparedShare(destination: id, summary: "\(id): slow", text: request.content.plainText)
    }

    public func deliver(_ prepared: PreparedShare) async throws(ShareError) -> DeliveryReceipt {
        if honoursCancellation {
            do {
                try await wait(delay)
            } catch {
                throw ShareError(.cancelled, destination: id, message: "cancelled while delivering")
            }
        } else {
            // A task of its own is not cancelled with this one: the wait runs to its end.
            let wait = self.wait
            let delay = self.delay
            try? await Task { try await wait(delay) }.value
        }
        finished.withLock { $0 += 1 }
        return DeliveryReceipt(destination: id, summary: "delivered after \(delay)")
    }
}
