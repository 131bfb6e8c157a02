import ShareCore
import Synchronization

/// A destination that keeps every request it is asked to prepare, options included, and fails
/// or delivers as told: to check what the share command hands each destination of a chain.
final class RequestRecordingDestination: ShareDestination {
    let descriptor: DestinationDescriptor
    private let fails: Bool
    private let requests = Mutex<[ShareRequest]>([])

    init(id: DestinationID, fails: Bool = false) {
        descriptor = DestinationDescriptor(
            id: id,
            displayName: "Recording (\(id))",
            summary: "Keeps the requests it prepares, for tests.",
            capabilities: .all
        )
        self.fails = fails
    }

    /// Every request prepared so far, oldest first.
    var received: [ShareRequest] { requests.withLock { $0 } }

    func availability() async -> Availability { .available() }

    func prepare(_ request: ShareRequest) throws(ShareError) -> PreparedShare {
        requests.withLock { $0.append(request) }
        return PreparedShare(
            destination: id,
            summary: "\(id): recorded",
            text: request.content.plainText,
            attachments: request.content.attachments
        )
    }

    func deliver(_ prepared: PreparedShare) async throws(ShareError) -> DeliveryReceipt {
        if fails { throw ShareError(.permanent, destination: id, message: "refused, for the test") }
        return DeliveryReceipt(destination: id, outcome: .delivered, summary: "recorded", locations: [])
    }
}
