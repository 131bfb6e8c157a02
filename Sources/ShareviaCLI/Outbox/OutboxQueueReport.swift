import ShareCore
import ShareHistory

/// What the outbox did with a share: the items queued, and the destinations that failed for a
/// while but could not be queued, with why. Part of the share's report, in its lines and `--json`.
struct OutboxQueueReport: Sendable, Equatable {
    var queued: [QueuedShare] = []
    var notQueued: [NotQueued] = []

    /// The report's lines: `queued for mastodon, next try in 5 min (item 3; 'sharevia outbox' lists it)`.
    func lines(now: Int64) -> [String] {
        queued.map {
            "queued for \($0.destination), next try \(OutboxTime.relative($0.nextTryMicroseconds, from: now)) "
                + "(item \($0.id); 'sharevia outbox' lists it)"
        } + notQueued.map { "not queued for \($0.destination): \($0.reason)" }
    }
}

/// One item queued for a share, as `--json` writes it: `{"destination", "id", "nextTry"}`.
struct QueuedShare: Sendable, Equatable, Encodable {
    var destination: DestinationID
    /// The item's number, for `sharevia outbox retry ID` and `drop ID`.
    var id: Int64
    /// When it is tried next, in UTC: `2026-11-26T14:45:00Z`.
    var nextTry: String
    /// The same, in microseconds since 1970; not encoded.
    var nextTryMicroseconds: Int64

    private enum CodingKeys: String, CodingKey { case destination, id, nextTry }

    init(_ item: OutboxItem) {
        destination = item.destination
        id = item.id
        nextTry = OutboxTime.utc(item.nextTryMicroseconds)
        nextTryMicroseconds = item.nextTryMicroseconds
    }
}

/// A destination the share was not queued for although it failed for a while.
struct NotQueued: Sendable, Equatable, Encodable {
    var destination: DestinationID
    var reason: String
}
