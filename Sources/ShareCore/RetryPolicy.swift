/// How the router retries a transient delivery failure and how long it waits for one delivery.
public struct RetryPolicy: Sendable, Hashable {
    /// Deliveries tried per destination, first one included (1 means no retry).
    public var maxAttempts: Int
    /// The wait before the first retry.
    public var initialBackoff: Duration
    /// Each further wait is the previous one times this.
    public var multiplier: Double
    /// No wait is longer than this.
    public var maxBackoff: Duration
    /// How long one `deliver` call may take before it counts as a transient failure.
    public var deliveryTimeout: Duration

    /// Creates a policy; the defaults are 3 attempts, 200 ms doubling to at most 2 s, 30 s timeout.
    public init(
        maxAttempts: Int = 3,
        initialBackoff: Duration = .milliseconds(200),
        multiplier: Double = 2,
        maxBackoff: Duration = .seconds(2),
        deliveryTimeout: Duration = .seconds(30)
    ) {
        self.maxAttempts = max(1, maxAttempts)
        self.initialBackoff = initialBackoff
        self.multiplier = multiplier
        self.maxBackoff = maxBackoff
        self.deliveryTimeout = deliveryTimeout
    }

    /// The defaults: 3 attempts, 200 ms doubling to at most 2 s, 30 s per delivery.
    public static let standard = RetryPolicy()

    /// The wait before a retry that a server asked for (a 429's rate-limit reset, `Retry-After`):
    /// `requested` (at least zero) when it is within ``deliveryTimeout``, or nil when it is later,
    /// and the router should move on down the chain instead of waiting.
    public func retryAfterWait(_ requested: Duration) -> Duration? {
        let wait = max(.zero, requested)
        return wait <= deliveryTimeout ? wait : nil
    }

    /// The wait before retry number `retry` (1 for the first retry).
    public func backoff(beforeRetry retry: Int) -> Duration {
        var wait = initialBackoff
        for _ in 1..<max(1, retry) { wait = wait * multiplier }
        return min(wait, maxBackoff)
    }
}
