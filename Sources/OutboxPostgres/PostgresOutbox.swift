import PostgresNIO
import ShareCore
import ShareHistory

/// The outbox in a service's own PostgreSQL database, for workers on any number of machines (`sharevia outbox run
/// --outbox postgresql://…`). Enqueue on a connection of the service's own transaction and the share is queued
/// only if that transaction commits: the transactional outbox.
///
/// ```swift
/// try await PostgresOutbox.withOutbox(url: "postgresql://app@db.internal/app") { outbox in
///     try await outbox.client.withTransaction(logger: logger) { connection in
///         try await connection.query("UPDATE streaks SET days = days + 1 WHERE user_id = \(user)", logger: logger)
///         try await outbox.enqueue(card, chain: ["mastodon", "email"], on: connection)
///     }
/// }
/// ```
public struct PostgresOutbox: ShareOutbox {
    let store: PostgresOutboxStore

    /// The connection pool the outbox uses; a service may run its own statements on it.
    public var client: PostgresClient { store.client }

    /// Connects to `url` (`postgresql://USER[:PASSWORD]@HOST[:PORT]/DATABASE[?sslmode=disable|prefer|require]`),
    /// brings the outbox's tables (`sharevia_outbox_*`) up to date, and runs `body` with the outbox; the pool is
    /// closed after. `password` is used when the URL holds none.
    /// - Throws: ``OutboxError`` when the URL can't be read or the database can't be reached (its words quoted,
    ///   the password never), or what `body` throws.
    public static func withOutbox<Value: Sendable>(
        url: String,
        password: String? = nil,
        maximumAge: Duration = .seconds(72 * 3600),
        _ body: (PostgresOutbox) async throws -> Value
    ) async throws -> Value {
        var parsed: OutboxDatabaseURL
        do {
            parsed = try OutboxDatabaseURL(parsing: url)
        } catch {
            throw OutboxError(code: "invalid-url", message: error.description)
        }
        if parsed.password == nil, let password { parsed.password = Secret(password) }
        do {
            return try await PostgresOutboxStore.withStore(url: parsed, schedule: OutboxSchedule(maxAge: maximumAge)) {
                store in
                try await body(PostgresOutbox(store: store))
            }
        } catch let error as PostgresOutboxError {
            throw OutboxError(PostgresOutboxQueue.queueError(error))
        }
    }

    public func enqueue(
        _ content: any ShareableContent,
        chain: [DestinationID],
        options: ShareOptions,
        cardSize: DestinationDescriptor.PixelSize
    ) async throws(OutboxError) -> QueuedShare {
        let (first, request) = try OutboxEnqueueing.request(content, chain: chain, options: options, cardSize: cardSize)
        do throws(PostgresOutboxError) {
            let item = try await store.enqueue(request, for: first)
            return QueuedShare(item, fallbacks: request.fallbacks)
        } catch {
            throw OutboxError(PostgresOutboxQueue.queueError(error))
        }
    }

    /// Queues `content` inside the caller's transaction on `connection`: the share (and the `NOTIFY` that wakes
    /// workers) exists only if that transaction commits. `connection` must be in a transaction.
    /// - Throws: ``OutboxError``; after it, the caller's transaction is as it was before the call.
    public func enqueue(
        _ content: any ShareableContent,
        chain: [DestinationID],
        options: ShareOptions = ShareOptions(),
        cardSize: DestinationDescriptor.PixelSize = .story,
        on connection: PostgresConnection
    ) async throws(OutboxError) -> QueuedShare {
        let (first, request) = try OutboxEnqueueing.request(content, chain: chain, options: options, cardSize: cardSize)
        do throws(PostgresOutboxError) {
            let item = try await store.enqueue(request, for: first, on: connection)
            return QueuedShare(item, fallbacks: request.fallbacks)
        } catch {
            throw OutboxError(PostgresOutboxQueue.queueError(error))
        }
    }
}
