import HTTPTransport
import ShareCore

/// Which destinations of a finished share go into the outbox, read from its report: a network
/// destination (email over SMTP, Mastodon, Bluesky, a plugin) whose last try
/// - failed in a way that may pass (`transient-failure`, `rate-limited` among them): queued as
///   `queued`, for its next try;
/// - or got no answer (`unknown`, or `timed-out`: the request may have gone out): queued as
///   `unknown`, which the outbox checks before any new try (Bluesky's record key, Mastodon's
///   `Idempotency-Key`), and which an email only leaves on a person's word (`retry --resend`).
///
/// Never queued:
/// - a destination on this machine (clipboard, file) or one that hands off (web intents, SMS,
///   Instagram): their failures are not the network's;
/// - a destination whose last try failed for good (`permanent-failure`, `content-rejected`, ...);
/// - anything, when another network destination of the chain delivered the share (`--to
///   mastodon,bluesky` and Bluesky posted it): it reached a network as asked.
enum OutboxCandidates {
    /// One destination to queue, with the error it ended on.
    struct Candidate: Sendable {
        var destination: DestinationID
        var failure: ShareError
    }

    /// The built-ins that send over the network and can fail for a while; plugins are added by id.
    static let networkBuiltIns: Set<DestinationID> = ["email", "mastodon", "bluesky"]

    /// The destinations of `report` to queue, in chain order.
    ///
    /// - Parameters:
    ///   - isNetwork: Whether a destination sends over the network (``networkBuiltIns`` or a plugin).
    ///   - now: Microseconds since 1970, to turn a rate limit's reset into a wait.
    static func candidates(
        in report: ShareReport,
        isNetwork: (DestinationID) -> Bool,
        now: Int64
    ) -> [Candidate] {
        if let deliverer = report.receipt?.destination, isNetwork(deliverer), report.receipt?.outcome == .delivered {
            return []
        }
        var seen: Set<DestinationID> = []
        var candidates: [Candidate] = []
        for attempt in report.attempts.reversed() where seen.insert(attempt.destination).inserted {
            let unanswered = attempt.result == .unknown || attempt.result == .timedOut
            guard isNetwork(attempt.destination), attempt.result == .transientFailure || unanswered else { continue }
            candidates.append(Candidate(destination: attempt.destination, failure: failure(of: attempt, now: now)))
        }
        return candidates.reversed()
    }

    /// The error an attempt ended on, as the report kept it: its words without what the router
    /// added about moving on, and a rate limit's reset as a wait from `now`; `outcome-unknown`
    /// for a try that got no answer.
    static func failure(of attempt: ShareReport.Attempt, now: Int64) -> ShareError {
        var message = attempt.reason
        for added in ["; that is later than the ", "; waiting "] {
            if let range = message.ranges(of: added).last { message = String(message[..<range.lowerBound]) }
        }
        let code: ShareError.Code = attempt.result == .transientFailure ? .transient : .outcomeUnknown
        var error = ShareError(code, destination: attempt.destination, message: message, detail: attempt.detail)
        if attempt.detail?.code == .rateLimited, let value = attempt.detail?.value,
            let reset = UTCTime(iso8601: value)
        {
            let wait = reset.secondsSince1970 - Double(now) / 1_000_000
            // Rounded up: a next try a fraction of a millisecond before the reset is still too early.
            error.retryAfter = .milliseconds(Int64((max(0, wait) * 1000).rounded(.up)))
        }
        return error
    }
}
