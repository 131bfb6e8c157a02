import Synchronization

/// The items a run has claimed and not yet recorded: whose leases it renews while their tries run.
final class LeasesOut: Sendable {
    private let held = Mutex(Set<Int64>())

    func insert(_ id: Int64) { held.withLock { _ = $0.insert(id) } }
    func remove(_ id: Int64) { held.withLock { _ = $0.remove(id) } }
    /// The items held now, in order.
    var ids: [Int64] { held.withLock { $0.sorted() } }
}
