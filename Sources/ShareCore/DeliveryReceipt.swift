/// Proof of a delivery: where the share went (a path, a message id, a URL).
public struct DeliveryReceipt: Sendable, Hashable, Codable {
    /// The destination that delivered.
    public var destination: DestinationID
    /// One line for people, such as "wrote 2 files to /home/me/.local/share/sharevia/shares".
    public var summary: String
    /// Paths, message ids or URLs produced, in order.
    public var locations: [String]

    public init(destination: DestinationID, summary: String, locations: [String] = []) {
        self.destination = destination
        self.summary = summary
        self.locations = locations
    }
}
