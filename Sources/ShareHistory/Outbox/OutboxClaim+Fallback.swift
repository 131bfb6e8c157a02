import ShareCore

extension OutboxClaim {
    /// What is queued when this try ends with `end`: for a try that failed for good, the same share (its id is the
    /// idempotency key) for the next destination of its chain, its request without that destination among its
    /// fallbacks. Nil for any other end, when the chain ends here, or when the request can't be read.
    ///
    /// A backend queues it in the transaction that records the failure, so a crash can't fall between the two.
    package func fallback(after end: OutboxTryEnd) -> (request: OutboxRequest, destination: DestinationID)? {
        guard case .failed = end, case .success(let stored) = request, let next = stored.fallbacks.first else {
            return nil
        }
        var rest = stored
        rest.fallbacks.removeFirst()
        return (rest, next)
    }
}
