import Synchronization

/// A bound on how long one call to the database may take. After a server restart a call has been seen to wait
/// forever on the client's pool (once in several restarts); past the bound the worker takes it as a lost connection
/// (transient: it keeps what it has and tries again), and leaves the call behind, cancelled.
enum DatabaseDeadline {
    /// How long one call may take unless it says otherwise.
    static let standard: Duration = .seconds(60)

    /// `body`'s result, or a `connection` error when it takes longer than `limit`. Cancelling the caller cancels
    /// the call.
    static func run<Value: Sendable>(
        within limit: Duration = standard,
        doing: String,
        _ body: @escaping @Sendable () async throws(PostgresOutboxError) -> Value
    ) async throws(PostgresOutboxError) -> Value {
        let outcome = Outcome<Value>()
        let work = Task {
            do throws(PostgresOutboxError) {
                outcome.settle(.success(try await body()))
            } catch {
                outcome.settle(.failure(error))
            }
        }
        let timer = Task {
            try? await Task.sleep(for: limit)
            if Task.isCancelled { return }
            let words = "\(doing): the database did not answer within \(limit.components.seconds) s"
            if outcome.settle(.failure(PostgresOutboxError(.connection, words))) { work.cancel() }
        }
        let result = await withTaskCancellationHandler {
            await withCheckedContinuation { outcome.wait($0) }
        } onCancel: {
            work.cancel()
        }
        timer.cancel()
        return try result.get()
    }

    /// The first result of the call or its timer, and the caller waiting for it.
    private final class Outcome<Value: Sendable>: Sendable {
        private enum State {
            case pending(CheckedContinuation<Result<Value, PostgresOutboxError>, Never>?)
            case settled
            case early(Result<Value, PostgresOutboxError>)
        }

        private let state = Mutex(State.pending(nil))

        /// Sets the result unless one was set; true when this call set it.
        @discardableResult
        func settle(_ result: Result<Value, PostgresOutboxError>) -> Bool {
            let waiter: CheckedContinuation<Result<Value, PostgresOutboxError>, Never>?? = state.withLock { state in
                guard case .pending(let waiter) = state else { return .none }
                state = waiter == nil ? .early(result) : .settled
                return .some(waiter)
            }
            guard case .some(let continuation) = waiter else { return false }
            continuation?.resume(returning: result)
            return true
        }

        /// Resumes `continuation` with the result, now or once it is set.
        func wait(_ continuation: CheckedContinuation<Result<Value, PostgresOutboxError>, Never>) {
            let ready: Result<Value, PostgresOutboxError>? = state.withLock { state in
                if case .early(let result) = state {
                    state = .settled
                    return result
                }
                state = .pending(continuation)
                return nil
            }
            if let ready { continuation.resume(returning: ready) }
        }
    }
}
