/// What a destination's ``ShareDestination/prepare(_:)`` decided and its
/// ``ShareDestination/deliver(_:)`` acts on: a value of the destination's own type, carried in
/// ``PreparedShare/plan``.
///
/// `deliver` reads the plan's properties through ``PreparedShare/plan(as:for:)``, never a string
/// it parses back. The plan describes itself for `--dry-run` in ``fields``, which are for people
/// and the JSON dry run only.
///
/// ```swift
/// struct WebhookPlan: SharePlan {
///     var endpoint: URL
///     var fields: [PreparedShare.Field] { [.init("endpoint", endpoint.absoluteString)] }
/// }
/// ```
///
/// Never put a secret in a plan: its fields are printed.
public protocol SharePlan: Sendable, Hashable {
    /// The named values a dry run shows, in order: pasteboard keys, headers, an intent URL.
    var fields: [PreparedShare.Field] { get }
}

/// The plan of a destination that needs nothing beyond the prepared share's text and
/// attachments: a dry run shows no fields for it.
public struct NoPlan: SharePlan {
    /// Creates the empty plan.
    public init() {}

    /// None.
    public var fields: [PreparedShare.Field] { [] }
}

extension SharePlan {
    /// Whether `other` is a plan of the same type and equal to this one.
    func isEqual(to other: any SharePlan) -> Bool {
        guard let other = other as? Self else { return false }
        return self == other
    }
}
