/// What happened to a share: every attempt in order, who delivered or handed off, and what
/// shaping changed on the way.
public struct ShareReport: Sendable, Codable, Hashable {
    /// The chain that was tried.
    public var chain: [DestinationID]
    /// Every attempt, in order; a retried destination has one entry per try.
    public var attempts: [Attempt]
    /// The receipt of the destination that delivered or handed off, if one did.
    public var receipt: DeliveryReceipt?

    public init(chain: [DestinationID], attempts: [Attempt] = [], receipt: DeliveryReceipt? = nil) {
        self.chain = chain
        self.attempts = attempts
        self.receipt = receipt
    }

    /// The destination that delivered or handed off, if any.
    public var deliveredBy: DestinationID? { receipt?.destination }

    /// What shaping changed in the share that went out ("trimmed 41 characters", "image not
    /// carried"): the notes of the attempt that delivered or handed off.
    public var notes: [String] {
        guard let deliveredBy else { return [] }
        return attempts.last { $0.destination == deliveredBy }?.notes ?? []
    }

    /// Whether the first destination, a fallback, or nobody delivered or handed off.
    public var outcome: Outcome {
        guard let receipt else { return .notDelivered }
        let first = receipt.destination == chain.first
        if receipt.outcome == .handedOff { return first ? .handedOff : .handedOffByFallback }
        return first ? .delivered : .deliveredByFallback
    }

    /// The overall result of a share: a stable string, used in `--json` output.
    ///
    /// A struct over a private enum, so outcomes can be added without breaking a `switch`:
    /// compare with `==`.
    public struct Outcome: RawRepresentable, Sendable, Codable, Hashable, CustomStringConvertible {
        private enum Base: String, Sendable, CaseIterable {
            case delivered
            case handedOff = "handed-off"
            case deliveredByFallback = "delivered-by-fallback"
            case handedOffByFallback = "handed-off-by-fallback"
            case notDelivered = "not-delivered"
        }
        private let base: Base
        private init(_ base: Base) { self.base = base }

        /// The outcome with this stable string, if there is one.
        public init?(rawValue: String) {
            guard let base = Base(rawValue: rawValue) else { return nil }
            self.base = base
        }

        /// The first destination in the chain delivered, and sharevia confirmed it.
        public static let delivered = Outcome(.delivered)
        /// The first destination handed the share to a person or another app to finish.
        public static let handedOff = Outcome(.handedOff)
        /// A later destination delivered after the first could not.
        public static let deliveredByFallback = Outcome(.deliveredByFallback)
        /// A later destination handed the share off after the first could not.
        public static let handedOffByFallback = Outcome(.handedOffByFallback)
        /// No destination delivered or handed off.
        public static let notDelivered = Outcome(.notDelivered)

        /// The stable string, such as `delivered-by-fallback`.
        public var rawValue: String { base.rawValue }
        public var description: String { base.rawValue }
        /// Every value, so a test can check them all.
        package static var allCases: [Self] { Base.allCases.map(Self.init) }

        /// True when the share reached the first destination, delivered or handed off.
        public var reachedFirstDestination: Bool { self == .delivered || self == .handedOff }
    }

    /// One try at one destination.
    public struct Attempt: Sendable, Codable, Hashable {
        /// The destination tried.
        public var destination: DestinationID
        /// What happened.
        public var result: Result
        /// Why, in words: the unavailability reason, the error message, or the receipt's line.
        public var reason: String
        /// 1 for the first try, 2 for the first retry, and so on.
        public var attempt: Int
        /// Wall time of this try, in milliseconds.
        public var durationMilliseconds: Double
        /// The prepared share's summary, such as `x: 280/280 (trimmed 41 characters)`, once the
        /// destination prepared it.
        public var prepared: String?
        /// What shaping changed for this destination, from ``PreparedShare/notes``.
        public var notes: [String]
        /// What the destination's helper program logged on standard error (a plugin's log),
        /// truncated; `sharevia` prints it with `--verbose`.
        public var log: String?
        /// The facts behind ``reason`` when it is an unavailability or an error, for advice in
        /// the caller's terms. Not encoded: the reason is what reports show.
        public var detail: ShareError.Detail?
        /// Where ``notes`` or a receipt's ``reason`` name a setting in library terms, from the
        /// prepared share and the receipt. Not encoded.
        public var mentions: [SettingMention] = []

        private enum CodingKeys: String, CodingKey {
            case destination, result, reason, attempt, durationMilliseconds, prepared, notes, log
        }

        public init(
            destination: DestinationID,
            result: Result,
            reason: String,
            attempt: Int = 1,
            durationMilliseconds: Double,
            prepared: String? = nil,
            notes: [String] = []
        ) {
            self.destination = destination
            self.result = result
            self.reason = reason
            self.attempt = attempt
            self.durationMilliseconds = durationMilliseconds
            self.prepared = prepared
            self.notes = notes
        }
    }

    /// The result of one attempt: a stable string, used in `--json` output.
    ///
    /// A struct over a private enum, so results can be added without breaking a `switch`:
    /// compare with `==`, or read ``succeeded``.
    public struct Result: RawRepresentable, Sendable, Codable, Hashable, CustomStringConvertible {
        private enum Base: String, Sendable, CaseIterable {
            case delivered
            case handedOff = "handed-off"
            case unavailable
            case contentRejected = "content-rejected"
            case transientFailure = "transient-failure"
            case permanentFailure = "permanent-failure"
            case timedOut = "timed-out"
            case badInput = "bad-input"
            case cancelled
            case unknown
        }
        private let base: Base
        private init(_ base: Base) { self.base = base }

        /// The result with this stable string, if there is one.
        public init?(rawValue: String) {
            guard let base = Base(rawValue: rawValue) else { return nil }
            self.base = base
        }

        /// sharevia confirmed the delivery.
        public static let delivered = Result(.delivered)
        /// The share was handed to a person or another app, who must finish it.
        public static let handedOff = Result(.handedOff)
        /// The destination can't be used here; the router moved on.
        public static let unavailable = Result(.unavailable)
        /// The content can't be shaped for the destination; the router moved on.
        public static let contentRejected = Result(.contentRejected)
        /// Delivery failed in a way that may pass; the router retried or moved on.
        public static let transientFailure = Result(.transientFailure)
        /// Delivery failed and retrying won't help; the router moved on.
        public static let permanentFailure = Result(.permanentFailure)
        /// Delivery did not answer within the timeout and was cancelled.
        public static let timedOut = Result(.timedOut)
        /// The request itself is wrong; the router stopped.
        public static let badInput = Result(.badInput)
        /// The share was cancelled; the router stopped.
        public static let cancelled = Result(.cancelled)
        /// The request went out and no answer came back: the share may have arrived. Not retried;
        /// the router moved on down the chain (from a ``ShareError/Code/outcomeUnknown`` error).
        public static let unknown = Result(.unknown)

        /// The stable string, such as `content-rejected`.
        public var rawValue: String { base.rawValue }
        public var description: String { base.rawValue }
        /// Every value, so a test can check them all.
        package static var allCases: [Self] { Base.allCases.map(Self.init) }

        /// The result in words: `handed off`, `content rejected`.
        public var phrase: String { String(rawValue.map { $0 == "-" ? " " : $0 }) }

        /// True for `delivered` and `handed-off`.
        public var succeeded: Bool { self == .delivered || self == .handedOff }
    }
}

extension ShareReport: CustomStringConvertible {
    /// The human report: one line per attempt with its shaping notes, then the outcome.
    ///
    /// ```
    /// ✗ instagram: unavailable: no Facebook App ID (Configuration.appID)
    /// ✓ x: handed off: open this URL to post: https://x.com/intent/post?text=...
    ///     x: 280/280 (trimmed 41 characters)
    ///     note: trimmed 41 characters
    /// handed off by fallback x (instagram did not deliver)
    /// ```
    /// This report without what helper programs logged (``Attempt/log``): what `sharevia`
    /// prints unless `--verbose`.
    public var withoutLogs: ShareReport {
        var copy = self
        for index in copy.attempts.indices { copy.attempts[index].log = nil }
        copy.receipt?.log = nil
        return copy
    }

    public var description: String {
        var lines: [String] = []
        for attempt in attempts {
            let retry = attempt.attempt > 1 ? " (try \(attempt.attempt))" : ""
            let mark = attempt.result.succeeded ? "✓" : attempt.result == .unknown ? "?" : "✗"
            lines.append("\(mark) \(attempt.destination)\(retry): \(attempt.result.phrase): \(attempt.reason)")
            if attempt.result.succeeded {
                if let prepared = attempt.prepared { lines.append("    \(prepared)") }
                for note in attempt.notes { lines.append("    note: \(note)") }
            }
            if let log = attempt.log {
                for line in log.split(separator: "\n", omittingEmptySubsequences: false) {
                    lines.append("    log: \(line)")
                }
            }
        }
        let first = chain.first.map(\.rawValue) ?? "first"
        // A destination that took the request and never answered may have delivered it.
        let unanswered = attempts.first { $0.result == .unknown }?.destination
        let didNotDeliver =
            unanswered.map { "\($0) did not answer: it may have delivered too" } ?? "\(first) did not deliver"
        switch outcome {
        case .delivered:
            lines.append("delivered by \(deliveredBy!)")
        case .handedOff:
            lines.append("handed off by \(deliveredBy!): the share is not posted until you finish it")
        case .deliveredByFallback:
            lines.append("delivered by fallback \(deliveredBy!) (\(didNotDeliver))")
        case .handedOffByFallback:
            lines.append(
                "handed off by fallback \(deliveredBy!) (\(didNotDeliver)): the share is not posted until you finish it"
            )
        default:
            if let last = attempts.last, last.result == .cancelled {
                lines.append("not delivered: the share was cancelled at \(last.destination)")
            } else if let unanswered {
                lines.append(
                    "not confirmed: \(unanswered) took the share and did not answer, so it may have arrived; no other destination in \(chain.map(\.rawValue).joined(separator: " -> ")) delivered"
                )
            } else {
                lines.append(
                    "not delivered: every destination in \(chain.map(\.rawValue).joined(separator: " -> ")) failed"
                )
            }
        }
        return lines.joined(separator: "\n")
    }
}
