/// What one try of an outbox run did.
package struct OutboxRunResult: Sendable, Hashable {
    /// The item after the try (as it was claimed, when the lease was lost meanwhile).
    package var item: OutboxItem
    /// Where the try left it: `delivered`, `handed-off`, `queued` (tried again later),
    /// `unknown`, `failed`.
    package var result: OutboxState
    /// What happened, in one line: the receipt's, or the destination's own words.
    package var words: String
    /// True when another run took the item over (its lease ran out) before this one could record
    /// how the try ended; the item was left as the other run made it.
    package var leaseLost: Bool

    package init(item: OutboxItem, result: OutboxState, words: String, leaseLost: Bool = false) {
        self.item = item
        self.result = result
        self.words = words
        self.leaseLost = leaseLost
    }
}
