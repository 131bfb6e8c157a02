import Synchronization

/// When a store last tidied the outbox up (turned run-out leases `unknown` and old items `expired`), so that a
/// worker claiming hundreds of times a second does it at most once a ``interval`` rather than on every claim.
///
/// A reference: the copies of one ``PostgresOutboxStore`` share it.
final class TidyUpSchedule: Sendable {
    /// The least time between two tidy-ups of one store, in microseconds.
    static let interval: Int64 = 1_000_000

    private let last = Mutex<Int64?>(nil)

    /// Whether a claim at `now` (microseconds since 1970) tidies up; if so, `now` becomes the last time. A `now`
    /// earlier than the last time (a caller's own clock) tidies up too.
    func isDue(at now: Int64) -> Bool {
        last.withLock { last in
            if let previous = last, now >= previous, now - previous < Self.interval { return false }
            last = now
            return true
        }
    }

    /// The next claim tidies up, whenever it comes (after a failed transaction, whose tidy-up was undone).
    func forget() {
        last.withLock { $0 = nil }
    }
}
