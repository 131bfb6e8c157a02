/// Proof of a delivery, or of a hand-off: where the share went (a path, a message id, a URL) and,
/// for a hand-off, what the person must do next.
public struct DeliveryReceipt: Sendable, Hashable, Codable {
    /// The destination that delivered or handed off.
    public var destination: DestinationID
    /// Whether sharevia confirmed the delivery or only handed the share on.
    public var outcome: DeliveryOutcome
    /// One line for people, such as "wrote 2 files to /home/me/.local/share/sharevia/shares".
    public var summary: String
    /// Paths, message ids or URLs produced, in order.
    public var locations: [String]
    /// What the destination's server calls what it made, by name: a post's `id`, a record's `uri`
    /// and `cid`. Empty when there is nothing to name.
    public var ids: [String: String] = [:]
    /// For a hand-off: what the person must do to finish the share, such as
    /// "open this URL to post: https://x.com/intent/post?...".
    public var nextStep: String?
    /// What a helper program wrote to its standard error (a plugin's log), truncated; reports
    /// show it with `--verbose`.
    public var log: String?
    /// Where the summary or the next step names a setting in library terms, tied to its
    /// declaration, so a caller with its own names for settings can say them its way. Not
    /// encoded: the words are what reports show.
    public var mentions: [SettingMention] = []

    private enum CodingKeys: String, CodingKey {
        case destination, outcome, summary, locations, ids, nextStep, log
    }

    /// Decodes a receipt; `ids`, which receipts did not always have, may be missing.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        destination = try container.decode(DestinationID.self, forKey: .destination)
        outcome = try container.decode(DeliveryOutcome.self, forKey: .outcome)
        summary = try container.decode(String.self, forKey: .summary)
        locations = try container.decode([String].self, forKey: .locations)
        ids = try container.decodeIfPresent([String: String].self, forKey: .ids) ?? [:]
        nextStep = try container.decodeIfPresent(String.self, forKey: .nextStep)
        log = try container.decodeIfPresent(String.self, forKey: .log)
    }

    /// Encodes a receipt; `ids` only when there are some.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(destination, forKey: .destination)
        try container.encode(outcome, forKey: .outcome)
        try container.encode(summary, forKey: .summary)
        try container.encode(locations, forKey: .locations)
        if !ids.isEmpty { try container.encode(ids, forKey: .ids) }
        try container.encodeIfPresent(nextStep, forKey: .nextStep)
        try container.encodeIfPresent(log, forKey: .log)
    }

    /// A confirmed delivery.
    public init(destination: DestinationID, summary: String, locations: [String] = []) {
        self.init(destination: destination, outcome: .delivered, summary: summary, locations: locations)
    }

    /// A receipt with the given outcome.
    public init(
        destination: DestinationID,
        outcome: DeliveryOutcome,
        summary: String,
        locations: [String] = [],
        nextStep: String? = nil
    ) {
        self.destination = destination
        self.outcome = outcome
        self.summary = summary
        self.locations = locations
        self.nextStep = nextStep
    }

    /// A hand-off: sharevia passed the share to a person or another app, who must finish it.
    ///
    /// - Parameters:
    ///   - destination: The destination that handed off.
    ///   - summary: What sharevia did, such as "opened the intent URL with xdg-open".
    ///   - nextStep: What the person must do, such as "open this URL to post: https://...".
    ///   - locations: The URL, URI or folder handed over.
    public static func handedOff(
        destination: DestinationID,
        summary: String,
        nextStep: String,
        locations: [String] = []
    ) -> DeliveryReceipt {
        DeliveryReceipt(
            destination: destination,
            outcome: .handedOff,
            summary: summary,
            locations: locations,
            nextStep: nextStep
        )
    }

    /// The receipt in one line: the summary, then the next step of a hand-off.
    public var line: String {
        guard let nextStep, !nextStep.isEmpty else { return summary }
        return summary.isEmpty || summary == nextStep ? nextStep : "\(summary); \(nextStep)"
    }
}
