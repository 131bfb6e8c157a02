import ShareCore

extension ShareDestination {
    /// Delivers `prepared` in a task that is already cancelled, as a router does when the person
    /// gives up or a race is lost, and returns what happened instead of throwing.
    ///
    /// A well-behaved destination throws ``ShareError/Code/cancelled`` and causes no side effect.
    public func deliverInCancelledTask(_ prepared: PreparedShare) async -> Result<DeliveryReceipt, ShareError> {
        await Task {
            withUnsafeCurrentTask { $0?.cancel() }
            do throws(ShareError) {
                return .success(try await deliver(prepared))
            } catch {
                return .failure(error)
            }
        }.value
    }
}
