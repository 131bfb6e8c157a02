/// Which shares ``HistoryStore/entries(_:)`` lists: newest first, narrowed by time, destination
/// and card kind.
package struct HistoryQuery: Sendable, Hashable {
    /// Only shares made at or after this time (microseconds since 1970); nil: all.
    package var sinceMicroseconds: Int64?
    /// Only shares that tried this destination.
    package var destination: String?
    /// Only shares with a card of this kind.
    package var cardKind: String?
    /// At most this many shares (capped at ``HistoryLimits/entries``).
    package var limit: Int

    package init(
        sinceMicroseconds: Int64? = nil,
        destination: String? = nil,
        cardKind: String? = nil,
        limit: Int = 1_000
    ) {
        self.sinceMicroseconds = sinceMicroseconds
        self.destination = destination
        self.cardKind = cardKind
        self.limit = limit
    }
}
