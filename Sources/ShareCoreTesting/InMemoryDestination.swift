import ShareCore
import Synchronization

/// A destination that keeps what it receives in memory. Always available; delivers instantly.
///
/// Use it as the last link of a chain in router tests, or in place of a real destination in an
/// app's own tests: ``received`` says exactly what would have been delivered.
public final class InMemoryDestination: ShareDestination {
    public let descriptor: DestinationDescriptor
    private let store = Mutex<[PreparedShare]>([])

    private let outcome: DeliveryOutcome

    /// Creates one with this id, taking text, links, hashtags, images and files by default.
    ///
    /// - Parameter outcome: What its receipts say: `.delivered` (the default), or `.handedOff` to
    ///   stand in for a destination that hands shares to a person (a web intent, an `sms:` URI).
    public init(
        id: DestinationID = "memory",
        capabilities: DestinationDescriptor.Capabilities = .all,
        outcome: DeliveryOutcome = .delivered
    ) {
        self.outcome = outcome
        descriptor = DestinationDescriptor(
            id: id,
            displayName: "In-memory (\(id))",
            summary: "Keeps shares in memory, for tests.",
            capabilities: capabilities,
            outcomes: [outcome]
        )
    }

    /// Every prepared share delivered so far, oldest first.
    public var received: [PreparedShare] { store.withLock { $0 } }

    public func availability() async -> Availability { .available() }

    public func prepare(_ request: ShareRequest) throws(ShareError) -> PreparedShare {
        try requireSupported(request.content)
        let content = request.content
        return PreparedShare(
            destination: id,
            summary: "\(id): \(content.plainText.count) characters, \(content.attachments.count) attachment(s)",
            text: content.plainText,
            attachments: content.attachments
        )
    }

    public func deliver(_ prepared: PreparedShare) async throws(ShareError) -> DeliveryReceipt {
        if Task.isCancelled { throw ShareError(.cancelled, destination: id, message: "cancelled before delivery") }
        let count = store.withLock { shares in
            shares.append(prepared)
            return shares.count
        }
        return DeliveryReceipt(
            destination: id,
            outcome: outcome,
            summary: "kept in memory (#\(count))",
            locations: ["memory:\(id)/\(count)"],
            nextStep: outcome == .handedOff ? "open memory:\(id)/\(count) to finish the share" : nil
        )
    }
}
