/// What happened to a share: every attempt in order, and who delivered.
public struct ShareReport: Sendable, Codable, Hashable {
    /// The chain that was tried.
    public var chain: [DestinationID]
    /// Every attempt, in order; a retried destination has one entry per try.
    public var attempts: [Attempt]
    /// The receipt of the delivery, when one destination delivered.
    public var receipt: DeliveryReceipt?

    public init(chain: [DestinationID], attempts: [Attempt] = [], receipt: DeliveryReceipt? = nil) {
        self.chain = chain
        self.attempts = attempts
        self.receipt = receipt
    }

    /// The destination that delivered, if any.
    public var deliveredBy: DestinationID? { receipt?.destination }

    /// Whether the first destination, a fallback, or nobody delivered.
    public var outcome: Outcome {
        guard let deliveredBy else { return .notDelivered }
        return deliveredBy == chain.first ? .delivered : .deliveredByFallback
    }

    /// The overall result of a share.
    public enum Outcome: String, Sendable, Codable, Hashable {
        /// The first destination in the chain delivered.
        case delivered
        /// A later destination delivered after the first could not.
        case deliveredByFallback = "delivered-by-fallback"
        /// No destination delivered.
        case notDelivered = "not-delivered"
    }

    /// One try at one destination.
    public struct Attempt: Sendable, Codable, Hashable {
        /// The destination tried.
        public var destination: DestinationID
        /// What happened.
        public var result: Result
        /// Why, in words: the unavailability reason, the error message, or the receipt summary.
        public var reason: String
        /// 1 for the first try, 2 for the first retry, and so on.
        public var attempt: Int
        /// Wall time of this try, in milliseconds.
        public var durationMilliseconds: Double

        public init(
            destination: DestinationID,
            result: Result,
            reason: String,
            attempt: Int = 1,
            durationMilliseconds: Double
        ) {
            self.destination = destination
            self.result = result
            self.reason = reason
            self.attempt = attempt
            self.durationMilliseconds = durationMilliseconds
        }
    }

    /// The result of one attempt. Stable strings, used in `--json` output.
    public enum Result: String, Sendable, Codable, Hashable {
        case delivered
        case unavailable
        case contentRejected = "content-rejected"
        case transientFailure = "transient-failure"
        case permanentFailure = "permanent-failure"
        case timedOut = "timed-out"
        case badInput = "bad-input"
        case cancelled
    }
}

extension ShareReport: CustomStringConvertible {
    /// The human report: one line per attempt, then who delivered.
    public var description: String {
        var lines: [String] = []
        for attempt in attempts {
            let retry = attempt.attempt > 1 ? " (try \(attempt.attempt))" : ""
            let mark = attempt.result == .delivered ? "✓" : "✗"
            lines.append("\(mark) \(attempt.destination)\(retry): \(attempt.result.rawValue): \(attempt.reason)")
        }
        switch outcome {
        case .delivered:
            lines.append("delivered by \(deliveredBy!)")
        case .deliveredByFallback:
            lines.append(
                "delivered by fallback \(deliveredBy!) (\(chain.first.map(\.rawValue) ?? "first") did not deliver)"
            )
        case .notDelivered:
            lines.append(
                "not delivered: every destination in \(chain.map(\.rawValue).joined(separator: " -> ")) failed"
            )
        }
        return lines.joined(separator: "\n")
    }
}
