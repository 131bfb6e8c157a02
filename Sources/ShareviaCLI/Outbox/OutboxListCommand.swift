import ArgumentParser
import ShareCore
import ShareHistory

/// `sharevia outbox [--json]`: the items, newest first, with their next try and last error.
struct OutboxListCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "list",
        abstract: "List what is queued, newest first: state, tries, next try and the last error.",
        discussion: """
            NEXT TRY is in local time, with how long until then. LAST ERROR quotes what the \
            destination or its server said.

            EXIT CODES
              0   listed (also when the outbox is empty)
              1   internal error (the outbox database can't be opened)
            """
    )

    @Flag(help: "Print the items as JSON.")
    var json = false

    @OptionGroup var choice: OutboxChoice

    func run() async throws {
        let (items, location) = try await OutboxCommands.withQueue(outbox: choice.outbox) { queue, context in
            do throws(OutboxQueueError) {
                return (try await queue.items(), context.location)
            } catch {
                throw OutboxCommands.failure("the outbox can't be read: \(error)")
            }
        }
        let now = OutboxTime.nowMicroseconds()
        if json {
            StandardStreams.write(try JSONText.encode(Output(items: items.map(Entry.init), database: location.name)))
            return
        }
        StandardStreams.write(Self.text(items, now: now))
    }

    /// The list as lines: a table, or a sentence when the outbox is empty.
    static func text(_ items: [OutboxItem], now: Int64) -> String {
        guard !items.isEmpty else { return "The outbox is empty.\n" }
        let rows =
            [["ID", "DESTINATION", "STATE", "TRIES", "NEXT TRY", "LAST ERROR"]]
            + items.map { item in
                [
                    String(item.id), item.destination.rawValue, item.state.rawValue, String(item.tries),
                    nextTry(of: item, now: now), item.lastError.map { "\"\($0)\"" } ?? "-",
                ]
            }
        return AccountsCommand.table(rows)
    }

    /// When the item is tried next, in local time and from now; `-` when it is not waiting.
    static func nextTry(of item: OutboxItem, now: Int64) -> String {
        guard item.state == .queued || item.state == .unknown else { return "-" }
        let time = item.nextTryMicroseconds
        return "\(OutboxTime.local(time)) (\(time <= now ? "due" : OutboxTime.relative(time, from: now)))"
    }

    /// One item as `--json` prints it; times in UTC.
    struct Entry: Encodable {
        var id: Int64
        var shareId: ShareID
        var destination: DestinationID
        var state: String
        var tries: Int
        var created: String
        var nextTry: String
        var expires: String
        var firstSent: String?
        var lastError: String?
        var lastErrorCode: String?
        var receipt: DeliveryReceipt?

        init(_ item: OutboxItem) {
            id = item.id
            shareId = item.shareID
            destination = item.destination
            state = item.state.rawValue
            tries = item.tries
            created = OutboxTime.utc(item.createdMicroseconds)
            nextTry = OutboxTime.utc(item.nextTryMicroseconds)
            expires = OutboxTime.utc(item.expiresMicroseconds)
            firstSent = item.firstSentMicroseconds.map(OutboxTime.utc)
            lastError = item.lastError
            lastErrorCode = item.lastErrorCode
            receipt = item.receipt
        }
    }

    struct Output: Encodable {
        var items: [Entry]
        /// The database the outbox is in: its file, or its URL without a password.
        var database: String
    }
}
