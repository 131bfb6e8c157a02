import ArgumentParser
import ShareCore
import ShareHistory

/// `sharevia outbox limit DESTINATION N|--none --outbox URL`: how many items of one destination every worker of a
/// PostgreSQL outbox sends at once, together.
struct OutboxLimitCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "limit",
        abstract: "Cap how many items of one destination all the workers of a PostgreSQL outbox send at once.",
        discussion: """
            The cap is kept in the database, so it holds for every worker on every machine: with \
            'limit mastodon 2', at most two Mastodon posts are out at any moment, however many workers \
            run. --none lifts it. A SQLite outbox is drained by one machine: use 'outbox run --concurrency N'.

              sharevia outbox limit mastodon 2 --outbox postgresql://app@db.internal/shares
              sharevia outbox limit mastodon --none --outbox postgresql://app@db.internal/shares

            EXIT CODES
              0   set
              64  usage error: a malformed destination id, a limit out of range, or a SQLite outbox
              1   internal error: the outbox can't be reached
            """
    )

    @Argument(help: ArgumentHelp("The destination's id, such as mastodon.", valueName: "destination"))
    var destination: String

    @Argument(help: ArgumentHelp("At most this many of its items out at once, 1 to 10000.", valueName: "n"))
    var limit: Int?

    @Flag(help: "Lift the destination's cap.")
    var none = false

    @OptionGroup var choice: OutboxChoice

    func validate() throws {
        guard DestinationID(destination).isWellFormed else {
            throw ValidationError("'\(destination)' is not a destination id (lowercase letters, digits and '-')")
        }
        if none == (limit != nil) { throw ValidationError("give a limit (1 to 10000) or --none") }
        if let limit, !(1...10_000).contains(limit) {
            throw ValidationError("the limit must be a whole number from 1 to 10000, not \(limit)")
        }
    }

    func run() async throws {
        let id = DestinationID(destination)
        try await OutboxCommands.withQueue(outbox: choice.outbox) { queue, _ in
            do throws(OutboxQueueError) {
                try await queue.setConcurrencyLimit(limit, for: id)
            } catch {
                if error.code == "unsupported" { throw usageFailure(error.message) }
                throw OutboxCommands.failure("the limit of \(id) can't be set: \(error)")
            }
        }
        StandardStreams.printError(
            limit.map { "at most \($0) item(s) of \(id) are sent at once, by every worker together" }
                ?? "\(id) has no cap of its own any more"
        )
    }
}
