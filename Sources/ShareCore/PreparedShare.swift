/// Exactly what a destination would deliver: the preview that `--dry-run` prints, and the
/// input to ``ShareDestination/deliver(_:)``.
///
/// `prepare` builds it without side effects; `deliver` sends it as it is. Never put a secret
/// in it: it is printed and serialised.
public struct PreparedShare: Sendable, Hashable {
    /// The destination that prepared it.
    public var destination: DestinationID
    /// One line, such as `x: 280/280 (trimmed 41 characters, dropped #fitness)`.
    public var summary: String
    /// The text exactly as it would be delivered, if any.
    public var text: String?
    /// The files exactly as they would be delivered.
    public var attachments: [ShareAttachment]
    /// Named values that make up the delivery in order: pasteboard keys, headers, an intent URL.
    public var fields: [Field]
    /// What shaping changed: "dropped #fitness", "trimmed 41 characters".
    public var notes: [String]

    public init(
        destination: DestinationID,
        summary: String,
        text: String? = nil,
        attachments: [ShareAttachment] = [],
        fields: [Field] = [],
        notes: [String] = []
    ) {
        self.destination = destination
        self.summary = summary
        self.text = text
        self.attachments = attachments
        self.fields = fields
        self.notes = notes
    }

    /// The first field with this name, if any.
    public subscript(field name: String) -> String? {
        fields.first { $0.name == name }?.value
    }

    /// A named value of a prepared share.
    public struct Field: Sendable, Hashable, Codable {
        public var name: String
        public var value: String
        public init(_ name: String, _ value: String) {
            self.name = name
            self.value = value
        }
    }
}
