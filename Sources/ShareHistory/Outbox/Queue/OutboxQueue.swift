import ShareCore

/// What ``OutboxRunner`` and the `outbox` commands need of an outbox, whichever database holds it: the SQLite
/// file on this machine (``SQLiteOutboxQueue``) or a PostgreSQL database that workers on many machines share
/// (`PostgresOutboxQueue`, in the `OutboxPostgres` target). Both keep the same items, states, idempotency keys and
/// "unknown" rules.
package protocol OutboxQueue: Sendable {
    /// What one run holds from its start to its end (a SQLite connection; nothing for PostgreSQL's pool).
    associatedtype Run

    /// When items are tried again, and when they expire.
    var schedule: OutboxSchedule { get }
    /// Where the outbox is, in words, any password left out: `the outbox /home/a/.local/state/…/history.db`.
    var location: String { get }
    /// How long a worker's lease lasts before it is renewed (nil: leases last the whole try and are never renewed).
    var leaseRenewal: Duration? { get }

    /// Starts a run: expires what is past its age.
    func startRun(now: Int64) async throws(OutboxQueueError) -> Run

    /// Records how the `finished` tries ended and claims up to `count` more due items (of `only`, last first, when
    /// given, which are taken off as they are claimed or found unclaimable), in one transaction committed before any
    /// request of them goes out. A finish changes nothing when the claim's lease was lost.
    /// - Returns: Each finished item (nil when its lease was lost) and the claims, fewer than `count` when fewer are
    ///   due.
    func settle(
        _ run: Run,
        finished: [(claim: OutboxClaim, end: OutboxTryEnd)],
        claiming count: Int,
        owner: String,
        leaseSeconds: Int64,
        now: Int64,
        runStart: Int64,
        only: inout [Int64]?
    ) async throws(OutboxQueueError) -> (finished: [OutboxItem?], claims: [OutboxClaim])

    /// Extends `owner`'s leases on `ids` until `until`; returns the ids renewed.
    func renewLeases(owner: String, ids: [Int64], until: Int64) async throws(OutboxQueueError) -> [Int64]

    /// Queues `request` for `destination` (the item already queued for the same share and destination when there is
    /// one). `failure` is the share's own error when it failed first; nil queues it due now.
    func enqueue(
        _ request: OutboxRequest,
        for destination: DestinationID,
        failure: ShareError?,
        now: Int64
    ) async throws(OutboxQueueError) -> OutboxItem

    /// Every item, newest first (at most ``OutboxLimits/listedItems``).
    func items() async throws(OutboxQueueError) -> [OutboxItem]
    /// The item numbered `id`, or nil.
    func item(_ id: Int64) async throws(OutboxQueueError) -> OutboxItem?
    /// Removes the item numbered `id`; false when there was none.
    func drop(_ id: Int64) async throws(OutboxQueueError) -> Bool
    /// Makes the item numbered `id` (every waiting item when nil) due now; returns the ids made due.
    func makeDue(_ id: Int64?, now: Int64) async throws(OutboxQueueError) -> [Int64]
    /// Removes items delivered or handed off before `before`; returns how many.
    func prune(deliveredBefore before: Int64) async throws(OutboxQueueError) -> Int
    /// Caps how many items of `destination` are sent at once by every worker together; nil lifts the cap.
    /// - Throws: ``OutboxQueueError``; the SQLite outbox, which one machine drains, has no such cap.
    func setConcurrencyLimit(_ limit: Int?, for destination: DestinationID) async throws(OutboxQueueError)
    /// The queue's figures at `now`.
    func statistics(now: Int64) async throws(OutboxQueueError) -> OutboxQueueStatistics

    /// Runs `body` with a way for an idle worker to sleep until there is work (a `NOTIFY` for PostgreSQL; the next
    /// due time, looked up, for SQLite).
    func withWorkWaiting<Value: Sendable>(
        _ body: @Sendable (any OutboxWorkWaiting) async throws -> Value
    ) async throws -> Value
}

/// An idle worker's sleep: returns when work may be there, or after `timeout`.
package protocol OutboxWorkWaiting: Sendable {
    /// Sleeps until an item may be due, a share is queued (where the database can tell), or `timeout`.
    func waitForWork(timeout: Duration, now: Int64) async throws(OutboxQueueError)
}

/// The queue's figures, for `sharevia stats --outbox`: depth by state, the age of the oldest due item, throughput.
package struct OutboxQueueStatistics: Sendable, Hashable {
    /// Items in each state (a state with none is absent).
    package var depth: [OutboxState: Int] = [:]
    /// How long ago the oldest item that is due now was queued, in microseconds; nil when none is due.
    package var oldestDueAgeMicroseconds: Int64?
    /// Items delivered or handed off in the last minute and the last hour (by when that was recorded).
    package var deliveredLastMinute = 0
    package var deliveredLastHour = 0

    package init() {}
}
