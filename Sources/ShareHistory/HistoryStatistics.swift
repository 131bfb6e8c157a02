/// What was shared where since a time: per destination and per card kind.
package struct HistoryStatistics: Sendable, Hashable, Codable {
    /// One destination's figures.
    package struct Destination: Sendable, Hashable, Codable {
        /// The destination's id.
        package var destination: String
        /// Attempts at it (each retry counts).
        package var attempts: Int64
        /// Attempts that delivered.
        package var delivered: Int64
        /// Attempts that handed off.
        package var handedOff: Int64
        /// Shares that went on to another destination after this one did not deliver.
        package var fallenBackFrom: Int64
        /// Failed attempts by reason: the error's detail code, else the attempt's result.
        package var failureReasons: [String: Int64]
        /// The median wall time of an attempt, in milliseconds.
        package var medianMilliseconds: Double

        package init(
            destination: String,
            attempts: Int64,
            delivered: Int64,
            handedOff: Int64,
            fallenBackFrom: Int64,
            failureReasons: [String: Int64],
            medianMilliseconds: Double
        ) {
            self.destination = destination
            self.attempts = attempts
            self.delivered = delivered
            self.handedOff = handedOff
            self.fallenBackFrom = fallenBackFrom
            self.failureReasons = failureReasons
            self.medianMilliseconds = medianMilliseconds
        }
    }

    /// One card kind's figures.
    package struct CardKind: Sendable, Hashable, Codable {
        /// The card's kind.
        package var kind: String
        /// Shares with a card of this kind.
        package var shares: Int64
        /// Where they went: shares by the destination that delivered or handed off
        /// (`none` when none did).
        package var deliveredBy: [String: Int64]

        package init(kind: String, shares: Int64, deliveredBy: [String: Int64]) {
            self.kind = kind
            self.shares = shares
            self.deliveredBy = deliveredBy
        }
    }

    /// Shares since the time.
    package var shares: Int64
    /// Shares by outcome (`delivered`, `delivered-by-fallback`, `not-delivered`, ...).
    package var outcomes: [String: Int64]
    /// Per destination, by id.
    package var destinations: [Destination]
    /// Per card kind, by kind.
    package var cardKinds: [CardKind]

    package init(shares: Int64, outcomes: [String: Int64], destinations: [Destination], cardKinds: [CardKind]) {
        self.shares = shares
        self.outcomes = outcomes
        self.destinations = destinations
        self.cardKinds = cardKinds
    }
}
