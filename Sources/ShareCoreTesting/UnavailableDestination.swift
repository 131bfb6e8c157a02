import ShareCore

/// A destination that is never available, with the reason you give. Never prepares or delivers.
public struct UnavailableDestination: ShareDestination {
    public let descriptor: DestinationDescriptor
    /// The reason reported by ``availability()``.
    public let reason: String

    /// Creates one with this id and unavailability reason.
    public init(id: DestinationID = "unavailable", reason: String = "simulated: always unavailable") {
        descriptor = DestinationDescriptor(
            id: id,
            displayName: "Unavailable (\(id))",
            summary: "Never available, for tests.",
            capabilities: .all
        )
        self.reason = reason
    }

    public func availability() async -> Availability { .unavailable(reason) }

    public func prepare(_ request: ShareRequest) throws(ShareError) -> PreparedShare {
        throw ShareError(.unavailable, destination: id, message: reason)
    }

    public func deliver(_ prepared: PreparedShare) async throws(ShareError) -> DeliveryReceipt {
        throw ShareError(.unavailable, destination: id, message: reason)
    }
}
