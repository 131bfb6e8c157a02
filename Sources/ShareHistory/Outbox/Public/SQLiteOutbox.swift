import ShareCore

/// The outbox in a SQLite file on this machine: the one `sharevia` keeps in its history database by default, or a
/// service's own file. Every enqueue is on disk (`synchronous=FULL`) before it returns; workers are `sharevia outbox
/// run --outbox PATH`.
public struct SQLiteOutbox: ShareOutbox {
    let queue: SQLiteOutboxQueue

    /// The outbox in the SQLite file `path` (created with its schema when missing); items expire after
    /// `maximumAge` (3 days by default).
    public init(path: String, maximumAge: Duration = .seconds(72 * 3600)) {
        queue = SQLiteOutboxQueue(store: OutboxStore(path: path, schedule: OutboxSchedule(maxAge: maximumAge)))
    }

    public func enqueue(
        _ content: any ShareableContent,
        chain: [DestinationID],
        options: ShareOptions,
        cardSize: DestinationDescriptor.PixelSize
    ) async throws(OutboxError) -> QueuedShare {
        let (first, request) = try OutboxEnqueueing.request(content, chain: chain, options: options, cardSize: cardSize)
        do throws(OutboxQueueError) {
            let item = try await queue.enqueue(request, for: first, failure: nil, now: OutboxStore.now())
            return QueuedShare(item, fallbacks: request.fallbacks)
        } catch {
            throw OutboxError(error)
        }
    }
}
