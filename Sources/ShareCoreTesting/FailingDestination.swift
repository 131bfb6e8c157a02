import ShareCore
import Synchronization

/// A destination that is available and prepares fine but whose every delivery fails with the
/// code you choose (`transient` or `permanent`, typically). Counts the deliveries tried.
public final class FailingDestination: ShareDestination {
    public let descriptor: DestinationDescriptor
    private let code: ShareError.Code
    private let message: String
    private let tries = Mutex(0)

    /// Creates one that fails every delivery with `code` and `message`.
    public init(
        id: DestinationID = "failing",
        code: ShareError.Code = .permanent,
        message: String = "simulated failure"
    ) {
        descriptor = DestinationDescriptor(
            id: id,
            displayName: "Failing (\(id))",
            summary: "Every delivery fails, for tests.",
            capabilities: .all
        )
        self.code = code
        self.message = message
    }

    /// How many times ``deliver(_:)`` was called.
    public var deliveryAttempts: Int { tries.withLock { $0 } }

    public func availability() async -> Availability { .available() }

    public func prepare(_ request: ShareRequest) throws(ShareError) -> PreparedShare {
        PreparedShare(destination: id, summary: "\(id): will fail", text: request.content.plainText)
    }

    public func deliver(_ prepared: PreparedShare) async throws(ShareError) -> DeliveryReceipt {
        tries.withLock { $0 += 1 }
        throw ShareError(code, destination: id, message: message)
    }
}
