import ShareCore
import ShareHistory
import Testing

@testable import ShareviaCLI

/// Which destinations of a finished share go into the outbox, read from its report, and the
/// error each is queued with.
@Suite struct OutboxCandidatesTests {
    static let now: Int64 = 1_795_000_000_000_000

    static func attempt(
        _ destination: DestinationID,
        _ result: ShareReport.Result,
        _ reason: String = "it failed",
        try number: Int = 1,
        detail: ShareError.Detail? = nil
    ) -> ShareReport.Attempt {
        var attempt = ShareReport.Attempt(
            destination: destination,
            result: result,
            reason: reason,
            attempt: number,
            durationMilliseconds: 1
        )
        attempt.detail = detail
        return attempt
    }

    static func report(_ attempts: [ShareReport.Attempt], deliveredBy: DestinationID? = nil) -> ShareReport {
        var report = ShareReport(chain: Array(uniqueInOrder(attempts.map(\.destination))), attempts: attempts)
        if let deliveredBy {
            report.receipt = DeliveryReceipt(destination: deliveredBy, outcome: .delivered, summary: "done")
        }
        return report
    }

    static func candidates(_ report: ShareReport) -> [DestinationID] {
        OutboxCandidates.candidates(in: report, isNetwork: isNetwork, now: now).map(\.destination)
    }

    static func isNetwork(_ id: DestinationID) -> Bool {
        OutboxCandidates.networkBuiltIns.contains(id) || id == "webhook"
    }

    @Test func aNetworkDestinationThatFailedForAWhileIsQueuedWhenAFallbackHasTheShare() {
        let report = Self.report(
            [
                Self.attempt("mastodon", .transientFailure), Self.attempt("mastodon", .transientFailure, try: 2),
                Self.attempt("email", .transientFailure), Self.attempt("webhook", .transientFailure),
                Self.attempt("file", .delivered),
            ],
            deliveredBy: "file"
        )
        #expect(Self.candidates(report) == ["mastodon", "email", "webhook"])
    }

    @Test func localDestinationsAndFailuresForGoodAreNeverQueued() {
        let report = Self.report([
            Self.attempt("clipboard", .transientFailure), Self.attempt("file", .timedOut),
            Self.attempt("x", .transientFailure), Self.attempt("sms", .unknown),
            Self.attempt("email", .permanentFailure), Self.attempt("webhook", .contentRejected),
            Self.attempt("bluesky", .unavailable), Self.attempt("mastodon", .badInput),
        ])
        #expect(Self.candidates(report).isEmpty)
    }

    @Test func aTryThatGotNoAnswerIsQueuedAsUnknown() {
        let report = Self.report([
            Self.attempt("mastodon", .unknown, "no answer"), Self.attempt("email", .timedOut),
            Self.attempt("bluesky", .transientFailure), Self.attempt("file", .delivered),
        ])
        let candidates = OutboxCandidates.candidates(in: report, isNetwork: Self.isNetwork, now: Self.now)
        #expect(candidates.map(\.destination) == ["mastodon", "email", "bluesky"])
        #expect(candidates.map(\.failure.code) == [.outcomeUnknown, .outcomeUnknown, .transient])
        #expect(candidates.first?.failure.message == "no answer")
    }

    @Test func onlyTheLastTryOfADestinationCounts() {
        // A transient try, then a permanent one (a token refused on the retry): not queued.
        let report = Self.report([
            Self.attempt("mastodon", .transientFailure), Self.attempt("mastodon", .permanentFailure, try: 2),
        ])
        #expect(Self.candidates(report).isEmpty)
    }

    @Test func nothingIsQueuedWhenAnotherNetworkDestinationDelivered() {
        let attempts = [Self.attempt("mastodon", .transientFailure), Self.attempt("bluesky", .delivered)]
        #expect(Self.candidates(Self.report(attempts, deliveredBy: "bluesky")).isEmpty)
    }

    @Test func aRateLimitIsQueuedWithItsResetAsTheWaitAndTheRoutersWordsRemoved() throws {
        let detail = ShareError.Detail(.rateLimited, value: "2026-11-18T20:13:40Z", found: ["100"])
        let reason =
            "127.0.0.1 is rate-limiting these requests (429): the limit resets at 2026-11-18T20:13:40Z (in 100 s)"
        let report = Self.report([
            Self.attempt(
                "mastodon",
                .transientFailure,
                reason + "; that is later than the 5.0 s timeout, so the share moves on",
                detail: detail
            )
        ])
        // 2026-11-18T20:13:20Z: 20 s before the reset.
        let now: Int64 = 1_795_032_800_000_000
        let candidate = try #require(
            OutboxCandidates.candidates(in: report, isNetwork: Self.isNetwork, now: now).first
        )
        #expect(candidate.failure.message == reason)
        #expect(candidate.failure.code == .transient)
        #expect(candidate.failure.detail?.code == .rateLimited)
        #expect(candidate.failure.retryAfter == .seconds(20))
    }

    @Test func relativeTimesRoundAWaitUp() {
        let second: Int64 = 1_000_000
        #expect(OutboxTime.relative(Self.now, from: Self.now) == "now")
        #expect(OutboxTime.relative(Self.now + 40 * second, from: Self.now) == "in 40 s")
        #expect(OutboxTime.relative(Self.now + 90 * second, from: Self.now) == "in 90 s")
        #expect(OutboxTime.relative(Self.now + 241 * second, from: Self.now) == "in 5 min")
        #expect(OutboxTime.relative(Self.now + 2 * 3600 * second + 300 * second, from: Self.now) == "in 2 h 5 min")
        #expect(OutboxTime.relative(Self.now + 3 * 86400 * second, from: Self.now) == "in 3 days")
        #expect(OutboxTime.relative(Self.now - 300 * second, from: Self.now) == "5 min ago")
        #expect(OutboxTime.utc(1_795_032_820_000_000) == "2026-11-18T20:13:40Z")
    }
}

/// The chain of a report made of these ids: each once, in order.
private func uniqueInOrder(_ ids: [DestinationID]) -> [DestinationID] {
    var seen: Set<DestinationID> = []
    return ids.filter { seen.insert($0).inserted }
}

/// What `sharevia outbox retry` refuses, and why, before anything is sent.
@Suite struct OutboxRetryRefusalTests {
    static func item(_ destination: DestinationID, _ state: OutboxState) -> OutboxItem {
        OutboxItem(
            id: 4,
            shareID: ShareID(microseconds: 1, nonce: 2),
            destination: destination,
            state: state,
            createdMicroseconds: 0,
            nextTryMicroseconds: 0,
            expiresMicroseconds: 0
        )
    }

    @Test func onlyMastodonAndBlueskyCanTellWhetherAnUnknownDeliveryArrived() {
        let checking = OutboxRetryCommand.checksOutcome(environment: ShareEnvironment(["HOME": "/nonexistent"]))
        #expect(checking("mastodon") && checking("bluesky"))
        #expect(!checking("email") && !checking("file") && !checking("some-plugin"))
    }

    @Test func anUnknownEmailIsRefusedWithoutResendSayingWhyAndHow() throws {
        let checking: (DestinationID) -> Bool = { $0 == "mastodon" }
        let refusal = try #require(
            OutboxRetryCommand.refusal(for: Self.item("email", .unknown), resend: false, checking: checking)
        )
        #expect(refusal.contains("may have arrived") && refusal.contains("'sharevia outbox retry 4 --resend'"))
        #expect(OutboxRetryCommand.refusal(for: Self.item("email", .unknown), resend: true, checking: checking) == nil)
        #expect(
            OutboxRetryCommand.refusal(for: Self.item("mastodon", .unknown), resend: false, checking: checking) == nil
        )
        for state in [OutboxState.queued, .failed, .expired] {
            #expect(
                OutboxRetryCommand.refusal(for: Self.item("email", state), resend: false, checking: checking) == nil
            )
        }
        for state in [OutboxState.delivered, .handedOff, .sending] {
            #expect(OutboxRetryCommand.refusal(for: Self.item("email", state), resend: true, checking: checking) != nil)
        }
    }
}

/// What an outbox item keeps of the share's flags.
@Suite struct OutboxStoredFlagsTests {
    static func queueing(_ flags: [String: [String]]) -> OutboxQueueing {
        var routing = RouterSettings()
        routing.destinationFlags = flags
        return OutboxQueueing(
            routing: routing,
            registry: DestinationRegistry(),
            environment: ShareEnvironment([:]),
            settings: OutboxSettings.Values()
        )
    }

    @Test func aPathIsKeptAbsoluteAndOtherValuesAsGiven() {
        let stored = Self.queueing(["smtp-ca-file": ["certs/ca.pem"], "email-to": ["a@example.org", "b@example.org"]])
            .storedFlags
        #expect(stored["smtp-ca-file"]?.first?.hasPrefix("/") == true)
        #expect(stored["smtp-ca-file"]?.first?.hasSuffix("/certs/ca.pem") == true)
        #expect(stored["email-to"] == ["a@example.org", "b@example.org"])
        #expect(Self.queueing(["smtp-ca-file": ["/etc/ca.pem"]]).storedFlags["smtp-ca-file"] == ["/etc/ca.pem"])
    }

    @Test func aURLWithAPasswordIsFoundSoTheShareIsNotQueued() {
        #expect(Self.queueing(["webhook-url": ["https://me:pw@hooks.example/x"]]).flagWithCredentials == "webhook-url")
        #expect(Self.queueing(["mastodon-instance": ["https://mastodon.social/@me"]]).flagWithCredentials == nil)
    }
}
