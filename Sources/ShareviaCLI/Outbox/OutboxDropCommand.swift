import ArgumentParser
import ShareHistory

/// `sharevia outbox drop ID`: removes an item and its copy of the attachments.
struct OutboxDropCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "drop",
        abstract: "Remove an item, and its copy of the attachments, from the outbox.",
        discussion: """
            The share itself is not touched: what its fallback made (a file, the clipboard) stays. An item \
            being sent by a run now is dropped too; that run's try still ends, but is not recorded.

            EXIT CODES
              0   dropped
              64  usage error: no such item
              1   internal error (the outbox database can't be opened)
            """
    )

    @Argument(help: ArgumentHelp("The item's number, as 'sharevia outbox' lists it.", valueName: "id"))
    var id: Int64

    @OptionGroup var choice: OutboxChoice

    func run() async throws {
        try await OutboxCommands.withQueue(outbox: choice.outbox) { queue, _ in try await drop(from: queue) }
    }

    private func drop(from queue: any OutboxQueue) async throws {
        let item = try await OutboxCommands.item(id, in: queue)
        let dropped: Bool
        do throws(OutboxQueueError) {
            dropped = try await queue.drop(id)
        } catch {
            throw OutboxCommands.failure("item \(id) can't be dropped: \(error)")
        }
        guard dropped else { throw usageFailure("the outbox has no item \(id); 'sharevia outbox' lists them") }
        StandardStreams.write("Dropped item \(id) (\(item.destination), \(item.state.rawValue)).\n")
    }
}
