import ArgumentParser
import ShareCore
import ShareHistory

/// `sharevia outbox retry [ID|--all] [--resend]`: sends now, whatever the next try says.
struct OutboxRetryCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "retry",
        abstract: "Send an item now (or every item with --all), whatever its next try says.",
        discussion: """
            An item whose outcome is 'unknown' is checked first, as 'outbox run' does. An email whose \
            outcome is unknown is never sent again on its own: SMTP can't tell a duplicate, so it may \
            arrive twice. Check the recipient's mailbox (or the server's log); if it did not arrive, \
            send it again with --resend.

              sharevia outbox retry 3
              sharevia outbox retry --all
              sharevia outbox retry 4 --resend

            \(OutboxExitCode.helpText)
            """
    )

    @Argument(help: ArgumentHelp("The item's number, as 'sharevia outbox' lists it.", valueName: "id"))
    var id: Int64?

    @Flag(help: "Retry every item that has not gone through (queued, failed, expired, and unknown where that is safe).")
    var all = false

    @Flag(help: "Send an email whose outcome is unknown again, on your word that it did not arrive.")
    var resend = false

    @OptionGroup var sendsAtOnce: OutboxConcurrency

    func validate() throws {
        if all == (id != nil) {
            throw ValidationError("give an item's number (as 'sharevia outbox' lists it) or --all")
        }
    }

    @OptionGroup var choice: OutboxChoice

    func run() async throws {
        try await OutboxCommands.withQueue(outbox: choice.outbox) { queue, context in
            var sending = OutboxSending(queue: queue, context: context)
            sending.concurrency = sendsAtOnce.concurrency
            try await retry(sending)
        }
    }

    private func retry(_ sending: OutboxSending) async throws {
        let queue = sending.queue
        let checking = Self.checksOutcome(environment: sending.context.environment)
        let candidates: [OutboxItem]
        if let id {
            let item = try await OutboxCommands.item(id, in: queue)
            if let refusal = Self.refusal(for: item, resend: resend, checking: checking) {
                throw usageFailure(refusal)
            }
            candidates = [item]
        } else {
            do throws(OutboxQueueError) {
                candidates = try await queue.items().filter {
                    Self.refusal(for: $0, resend: resend, checking: checking) == nil
                }
            } catch {
                throw OutboxCommands.failure("the outbox can't be read: \(error)")
            }
        }
        // A failed or expired item is queued again (with a new maximum age), then sent.
        var ids: [Int64] = []
        do throws(OutboxQueueError) {
            for item in candidates { ids += try await queue.makeDue(item.id, now: OutboxTime.nowMicroseconds()) }
        } catch {
            throw OutboxCommands.failure("the outbox can't be written: \(error)")
        }
        guard !ids.isEmpty else {
            StandardStreams.printError("nothing to retry in the outbox")
            return
        }
        var results: [OutboxRunResult] = []
        let signal = try await OutboxSending.interruptible {
            results = try await sending.send(only: ids, resend: resend)
        }
        for line in OutboxSending.lines(results, now: OutboxTime.nowMicroseconds()) {
            StandardStreams.printError(line)
        }
        if let signal {
            StandardStreams.printError("interrupted by \(InterruptSignals.name(of: signal)): the retry stopped")
            throw ExitCode(128 + signal)
        }
        let code = OutboxExitCode.code(for: results.map(\.result))
        if code != 0 { throw ExitCode(code) }
    }

    /// Whether the destination `id` can find out whether an `unknown` delivery arrived: whether it
    /// conforms to ``OutcomeChecking`` (Mastodon, Bluesky). Email can't, nor can a plugin.
    static func checksOutcome(environment: ShareEnvironment) -> (DestinationID) -> Bool {
        let registry = RouterSettings().registry(environment: environment)
        return { registry.destination($0) is any OutcomeChecking }
    }

    /// Why `item` can't be retried (with `resend` or not), or nil when it can; `checking` says
    /// whether a destination can find out whether an `unknown` delivery arrived.
    static func refusal(for item: OutboxItem, resend: Bool, checking: (DestinationID) -> Bool) -> String? {
        switch item.state {
        case .delivered, .handedOff:
            return "item \(item.id) (\(item.destination)) was \(item.state == .delivered ? "delivered" : "handed off") "
                + "already; there is nothing to retry"
        case .sending:
            return "item \(item.id) (\(item.destination)) is being sent by a run now; wait for that try to end"
        case .unknown where !resend && !checking(item.destination):
            return "item \(item.id) was sent to \(item.destination) and no answer came back, so it may have "
                + "arrived; \(item.destination) can't tell a duplicate, so it is not sent again on its own. "
                + "Check whether it arrived; if it did not, run 'sharevia outbox retry \(item.id) --resend'"
        default:
            return nil
        }
    }
}
