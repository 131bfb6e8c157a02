import ShareCore

/// A queue of shares that workers (`sharevia outbox run`) send later, with the outbox's states, idempotency keys and
/// "unknown" rules: ``SQLiteOutbox`` on one machine, or `PostgresOutbox` (product `ShareviaOutboxPostgres`) for
/// workers on any number of machines.
///
/// ```swift
/// let outbox = SQLiteOutbox(path: "/var/lib/myapp/outbox.db")
/// let queued = try await outbox.enqueue(content, chain: ["mastodon", "email"])
/// print(queued.itemID)
/// ```
public protocol ShareOutbox: Sendable {
    /// Queues `content` for the first destination of `chain`, due now; when it fails for good there, a worker
    /// queues it for the next. Queueing the same share (the same `options.id`) for the same destination again
    /// returns the item already queued: the share's id is its idempotency key.
    /// - Parameters:
    ///   - content: What to share. Its card, if it has one, is drawn now at `cardSize`; attachments are copied
    ///     into the outbox (at most 64 MiB each).
    ///   - chain: The destinations to try, first to last (at most 17).
    ///   - options: The share's id (its idempotency key), `threadsLongText` and `requiresAltText`.
    ///   - cardSize: The size the card is drawn at (an Instagram story's by default).
    /// - Throws: ``OutboxError``: `invalid-request` for an empty chain or content over the outbox's caps, or the
    ///   database's error.
    func enqueue(
        _ content: any ShareableContent,
        chain: [DestinationID],
        options: ShareOptions,
        cardSize: DestinationDescriptor.PixelSize
    ) async throws(OutboxError) -> QueuedShare
}

extension ShareOutbox {
    /// ``enqueue(_:chain:options:cardSize:)`` with a new share id and a story-sized card.
    public func enqueue(
        _ content: any ShareableContent,
        chain: [DestinationID],
        options: ShareOptions = ShareOptions()
    ) async throws(OutboxError) -> QueuedShare {
        try await enqueue(content, chain: chain, options: options, cardSize: .story)
    }
}

/// A share the outbox holds: the item's number (what `sharevia outbox retry ID` takes), the share's id, where it
/// goes first and then.
public struct QueuedShare: Sendable, Hashable {
    /// The item's number in its outbox.
    public var itemID: Int64
    /// The share's id: its idempotency key.
    public var shareID: ShareID
    /// The destination it is queued for, and the rest of its chain.
    public var destination: DestinationID
    public var fallbacks: [DestinationID]
    /// `queued` (due now), or what an earlier enqueue of the same share left (`delivered`, `sending`, …).
    public var state: String

    package init(_ item: OutboxItem, fallbacks: [DestinationID]) {
        itemID = item.id
        shareID = item.shareID
        destination = item.destination
        self.fallbacks = fallbacks
        state = item.state.rawValue
    }
}

/// Why a share could not be queued: the outbox's words (never a password), and a stable code.
public struct OutboxError: Error, Sendable, Hashable, CustomStringConvertible {
    /// `invalid-request`, `too-large`, or the database's (`connection`, `server`, `busy`, …).
    public var code: String
    public var message: String

    package init(code: String, message: String) {
        self.code = code
        self.message = message
    }

    public var description: String { message }
}

extension OutboxError {
    package init(_ error: OutboxQueueError) {
        self.init(code: error.code, message: error.message)
    }
}

/// What both public outboxes do before writing: the request the outbox keeps for the chain.
package enum OutboxEnqueueing {
    /// The request for `chain`'s first destination, the rest kept as fallbacks; the card drawn at `cardSize`.
    /// - Throws: ``OutboxError`` `invalid-request` for an empty or malformed chain, or a card that can't be drawn.
    package static func request(
        _ content: any ShareableContent,
        chain: [DestinationID],
        options: ShareOptions,
        cardSize: DestinationDescriptor.PixelSize
    ) throws(OutboxError) -> (first: DestinationID, request: OutboxRequest) {
        guard let first = chain.first else {
            throw OutboxError(code: "invalid-request", message: "the chain is empty: name a destination to queue for")
        }
        if let bad = chain.first(where: { !$0.isWellFormed }) {
            throw OutboxError(
                code: "invalid-request",
                message: "'\(bad)' is not a destination id (lowercase letters, digits and '-')"
            )
        }
        var snapshot = content.snapshot
        if let card = content.cardImage {
            do throws(ShareError) {
                snapshot.attachments.insert(try card.cardImage(size: cardSize), at: 0)
            } catch {
                throw OutboxError(code: "invalid-request", message: "the card can't be drawn: \(error.message)")
            }
        }
        let request = OutboxRequest(content: snapshot, options: options, fallbacks: Array(chain.dropFirst()))
        do {
            try request.validate()
        } catch {
            throw OutboxError(code: "invalid-request", message: "can't queue the share: \(error)")
        }
        return (first, request)
    }
}
