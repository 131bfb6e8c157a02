/// Exactly what a destination would deliver: the preview that `--dry-run` prints, and the
/// input to ``ShareDestination/deliver(_:)``.
///
/// `prepare` builds it without side effects; `deliver` sends it as it is, reading what
/// `prepare` decided from its typed ``plan``. Never put a secret in it: it is printed and
/// serialised.
public struct PreparedShare: Sendable, Hashable {
    /// The destination that prepared it.
    public var destination: DestinationID
    /// One line, such as `x: 280/280 (trimmed 41 characters, dropped #fitness)`.
    public var summary: String
    /// The text exactly as it would be delivered, if any.
    public var text: String?
    /// The files exactly as they would be delivered.
    public var attachments: [ShareAttachment]
    /// What the destination decided: a value of its own ``SharePlan`` type, which its
    /// `deliver` reads with ``plan(as:for:)``.
    public var plan: any SharePlan
    /// What shaping changed: "dropped #fitness", "trimmed 41 characters".
    public var notes: [String]
    /// Where the notes name a setting in library terms (`Configuration.fit`), tied to its
    /// declaration, so a caller with its own names for settings can say them its way.
    public var mentions: [SettingMention]

    /// Creates a prepared share.
    ///
    /// - Parameters:
    ///   - destination: The destination that prepared it.
    ///   - summary: One line for the report and the dry run.
    ///   - text: The text exactly as it would be delivered.
    ///   - attachments: The files exactly as they would be delivered.
    ///   - plan: What `deliver` acts on beyond the text and attachments; ``NoPlan`` when nothing.
    ///   - notes: What shaping changed.
    ///   - mentions: Where the notes name a setting.
    public init(
        destination: DestinationID,
        summary: String,
        text: String? = nil,
        attachments: [ShareAttachment] = [],
        plan: any SharePlan = NoPlan(),
        notes: [String] = [],
        mentions: [SettingMention] = []
    ) {
        self.destination = destination
        self.summary = summary
        self.text = text
        self.attachments = attachments
        self.plan = plan
        self.notes = notes
        self.mentions = mentions
    }

    /// Named values that make up the delivery in order, as the plan describes itself: pasteboard
    /// keys, headers, an intent URL. What `--dry-run` prints; `deliver` reads ``plan`` instead.
    public var fields: [Field] { plan.fields }

    /// The plan, as the type the delivering destination prepares.
    ///
    /// - Parameters:
    ///   - type: The destination's plan type.
    ///   - deliverer: The destination asking, named in the error.
    /// - Throws: ``ShareError`` `permanent` when the plan is of another type: the share was
    ///   prepared by another destination, so this one can't deliver it.
    public func plan<Plan: SharePlan>(
        as type: Plan.Type,
        for deliverer: DestinationID
    ) throws(ShareError) -> Plan {
        guard let plan = plan as? Plan else {
            throw ShareError(
                .permanent,
                destination: deliverer,
                message:
                    "the prepared share holds \(destination)'s plan (\(Swift.type(of: plan))), not \(Plan.self); "
                    + "deliver a share that \(deliverer) prepared"
            )
        }
        return plan
    }

    public static func == (lhs: PreparedShare, rhs: PreparedShare) -> Bool {
        lhs.destination == rhs.destination && lhs.summary == rhs.summary && lhs.text == rhs.text
            && lhs.attachments == rhs.attachments && lhs.notes == rhs.notes && lhs.mentions == rhs.mentions
            && lhs.plan.isEqual(to: rhs.plan)
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(destination)
        hasher.combine(summary)
        hasher.combine(text)
        hasher.combine(attachments)
        hasher.combine(notes)
        hasher.combine(mentions)
        hasher.combine(ObjectIdentifier(Swift.type(of: plan)))
        plan.hash(into: &hasher)
    }

    /// A named value of a prepared share, as a dry run shows it.
    public struct Field: Sendable, Hashable, Codable {
        public var name: String
        public var value: String
        public init(_ name: String, _ value: String) {
            self.name = name
            self.value = value
        }
    }
}
