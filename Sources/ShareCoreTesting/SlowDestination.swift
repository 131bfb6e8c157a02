import Dispatch
import ShareCore
import Synchronization

/// A destination whose delivery takes `delay`. With `honoursCancellation: false` it keeps waiting
/// when cancelled, like a destination stuck in a blocking call, to test the router's timeout.
public final class SlowDestination: ShareDestination {
    public let descriptor: DestinationDescriptor
    private let delay: Duration
    private let honoursCancellation: Bool
    private let finished = Mutex(0)

    /// Creates one whose deliveries take `delay`.
    public init(id: DestinationID = "slow", delay: Duration, honoursCancellation: Bool = true) {
        descriptor = DestinationDescriptor(
            id: id,
            displayName: "Slow (\(id))",
            summary: "Takes a while to deliver, for tests.",
            capabilities: .all
        )
        self.delay = delay
        self.honoursCancellation = honoursCancellation
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
                try await Task.sleep(for: delay)
            } catch {
                throw ShareError(.cancelled, destination: id, message: "cancelled while delivering")
            }
        } else {
            let (seconds, attoseconds) = delay.components
            let nanoseconds = Int(seconds) * 1_000_000_000 + Int(attoseconds / 1_000_000_000)
            await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
                DispatchQueue.global().asyncAfter(deadline: .now() + .nanoseconds(nanoseconds)) {
                    continuation.resume()
                }
            }
        }
        finished.withLock { $0 += 1 }
        return DeliveryReceipt(destination: id, summary: "delivered after \(delay)")
    }
}
