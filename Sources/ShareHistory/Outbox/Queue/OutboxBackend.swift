import ShareCore

/// An outbox backend a program links in addition to the SQLite one: the PostgreSQL backend (`OutboxPostgres`),
/// which the `sharevia-outbox-postgres` executable registers and the lean `sharevia` doesn't link.
package protocol OutboxBackend: Sendable {
    /// Connects to `url` (its password given separately as `password`, when it is not in the URL), brings its
    /// schema up to date, and runs `body` with the queue, closing the connections after.
    /// - Throws: ``OutboxQueueError`` when the database can't be reached or used, or what `body` throws.
    func withQueue<Value: Sendable>(
        url: OutboxDatabaseURL,
        schedule: OutboxSchedule,
        _ body: (any OutboxQueue) async throws -> Value
    ) async throws -> Value
}
