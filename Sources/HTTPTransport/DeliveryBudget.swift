/// How long the requests of one delivery may take so that they end before the router's own
/// timeout (`--timeout`, `RetryPolicy.deliveryTimeout`).
///
/// A request the router cut off would count as a transient failure and be tried again; one that
/// ends first is classified for what it is (sent with no answer: `outcome-unknown`). Every
/// network destination takes its deadline from here, so they all leave the same margin.
package enum DeliveryBudget {
    /// `timeout` less a margin: a tenth of it, at least a second, at most half.
    ///
    /// Zero or a negative `timeout` (no router limit) gives ``unbounded``.
    package static func within(_ timeout: Duration) -> Duration {
        guard timeout > .zero else { return unbounded }
        let margin = min(max(.seconds(1), timeout / 10), timeout / 2)
        return timeout - margin
    }

    /// The budget when the router sets no limit: two minutes.
    package static let unbounded: Duration = .seconds(120)
}
