import ShareCore

extension MastodonDestination: OutcomeChecking {
    /// How long a Mastodon server keeps an `Idempotency-Key` and answers a repeated request with
    /// the status the first one made: 1 hour.
    public static let idempotencyWindow: Duration = .seconds(3_600)

    /// A post prepared again carries the same `Idempotency-Key`s as the first try (they follow
    /// from the share's id), and the server answers a repeat with the first status for an hour:
    /// - under ``idempotencyWindow`` since the first request went out → `safeToResend`;
    /// - later → `cannotTell`: a repeat could post twice, so a person decides.
    ///
    /// A hand-off can't be looked up: `cannotTell`.
    public func checkOutcome(of prepared: PreparedShare, sinceFirstSent: Duration) async -> OutcomeCheck {
        guard let plan = try? prepared.plan(as: MastodonPlan.self, for: id), case .post = plan else {
            return .cannotTell(
                "a hand-off to the Mastodon share page can't be looked up; only you can tell whether you posted it"
            )
        }
        let minutes = Int(sinceFirstSent.components.seconds / 60)
        guard sinceFirstSent < Self.idempotencyWindow else {
            return .cannotTell(
                "the first request went out \(minutes) minutes ago, longer than the hour a Mastodon server keeps its Idempotency-Key, so sending it again could post twice; look at your profile, then drop the item or resend it"
            )
        }
        return .safeToResend(
            "the first request went out \(minutes) minutes ago, and for an hour the server answers a request with the same Idempotency-Key with the status the first one made"
        )
    }
}
