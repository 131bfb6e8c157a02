/// The one error type of sharevia: a stable code, the destination, a message that says what went
/// wrong, the facts behind it (``detail``), and the underlying cause.
///
/// The ``code`` decides what the router does next (see ``ShareRouter``); its ``Code/name`` is
/// the stable string that appears in JSON reports. Messages never contain secrets.
public struct ShareError: Error, Sendable, CustomStringConvertible {
    /// What kind of failure this is. A struct over a private enum, so codes can be added.
    public struct Code: Hashable, Sendable, CustomStringConvertible {
        private enum Base: String, Hashable, Sendable, CaseIterable {
            case unavailable
            case contentRejected = "content-rejected"
            case transient, permanent
            case badInput = "bad-input"
            case cancelled
            case outcomeUnknown = "outcome-unknown"
        }
        private let base: Base
        private init(_ base: Base) { self.base = base }

        /// The destination can't be used here (tool missing, no display, no credentials).
        /// The router moves on without delivering.
        public static let unavailable = Code(.unavailable)
        /// The content can't be shaped for this destination (no image for an image-only
        /// destination, text that can't fit). Thrown by `prepare`; the router moves on.
        public static let contentRejected = Code(.contentRejected)
        /// Delivery failed in a way that may pass (timeout, connection refused, verification
        /// failed). The router retries with backoff, then moves on.
        public static let transient = Code(.transient)
        /// Delivery failed and retrying won't help (authentication refused, disk full).
        /// The router moves on at once.
        public static let permanent = Code(.permanent)
        /// The request itself is wrong (missing file, unknown destination, unsafe name).
        /// The router stops: no other destination would do better.
        public static let badInput = Code(.badInput)
        /// The share was cancelled. The router stops.
        public static let cancelled = Code(.cancelled)
        /// The request went out whole and no answer came back (a timeout or a reset after
        /// sending): the share may or may not have arrived. Never retried as if it had failed;
        /// the router records `unknown` and moves on down the chain, so the person still has it.
        public static let outcomeUnknown = Code(.outcomeUnknown)

        /// The stable short name used in reports: `unavailable`, `content-rejected`, `transient`,
        /// `permanent`, `bad-input`, `cancelled`, `outcome-unknown`.
        public var name: String { base.rawValue }
        public var description: String { base.rawValue }

        /// Every code, so a test can check them all.
        package static var allCases: [Code] { Base.allCases.map(Code.init) }
    }

    /// What kind of failure this is.
    public var code: Code
    /// The destination that failed, when one did.
    public var destination: DestinationID?
    /// What happened and what to do about it, in one sentence or two.
    public var message: String
    /// The error that caused this one, if any.
    public var underlying: (any Error)?
    /// What a helper program wrote to its standard error (a plugin's log), truncated; shown with
    /// `--verbose`. Never holds a secret: sharevia gives helpers none in their argv or environment.
    public var log: String?
    /// The facts behind the error (which setting, which value), for advice in the caller's terms.
    public var detail: Detail?
    /// For a `transient` error: how long the server asked to wait before a retry (a 429's
    /// rate-limit reset, a 503's `Retry-After`), measured from when the error was made. The router
    /// waits that long instead of its backoff when the wait is within
    /// ``RetryPolicy/deliveryTimeout``, and otherwise moves on down the chain at once.
    public var retryAfter: Duration?

    /// Creates an error.
    public init(
        _ code: Code,
        destination: DestinationID? = nil,
        message: String,
        detail: Detail? = nil,
        underlying: (any Error)? = nil,
        retryAfter: Duration? = nil
    ) {
        self.code = code
        self.destination = destination
        self.message = message
        self.detail = detail
        self.underlying = underlying
        self.retryAfter = retryAfter
    }

    /// One line: `clipboard: transient: xclip timed out after 5 s`.
    public var description: String {
        var line = ""
        if let destination { line += "\(destination): " }
        line += message
        return line
    }

    /// The message followed by the chain of underlying causes, one per line.
    public var detailedDescription: String {
        var lines = ["\(description) [\(code.name)]"]
        var cause = underlying
        while let current = cause {
            if let shareError = current as? ShareError {
                lines.append("  caused by: \(shareError.description) [\(shareError.code.name)]")
                cause = shareError.underlying
            } else {
                lines.append("  caused by: \(current)")
                cause = nil
            }
        }
        return lines.joined(separator: "\n")
    }

    /// This error with the destination filled in when it was missing.
    public func attributed(to id: DestinationID) -> ShareError {
        var copy = self
        if copy.destination == nil { copy.destination = id }
        return copy
    }

    /// Wraps any error as a ``ShareError``: a ``ShareError`` stays as it is, `CancellationError`
    /// becomes `cancelled`, anything else becomes `permanent` with its description as message.
    public static func wrapping(_ error: any Error, destination: DestinationID? = nil) -> ShareError {
        if let shareError = error as? ShareError {
            return destination.map { shareError.attributed(to: $0) } ?? shareError
        }
        if error is CancellationError {
            return ShareError(.cancelled, destination: destination, message: "cancelled", underlying: error)
        }
        return ShareError(.permanent, destination: destination, message: "\(error)", underlying: error)
    }
}
