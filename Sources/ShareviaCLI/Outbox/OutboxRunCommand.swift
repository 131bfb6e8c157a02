import ArgumentParser
import ShareCore
import ShareHistory

/// `sharevia outbox run [--watch]`: sends what is due; with `--watch`, keeps doing so.
struct OutboxRunCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "run",
        abstract: "Send the items that are due; with --watch, keep doing so until SIGINT or SIGTERM.",
        discussion: """
            Each item is sent to its destination as the share's flags and config file describe it, the \
            config file and the environment read again now (tokens and passwords come from there). An \
            'unknown' item is checked first: a Bluesky post is looked up by its record key, a Mastodon \
            post is sent again under the same Idempotency-Key within the hour the server keeps it; an \
            email waits for 'sharevia outbox retry ID --resend'. Up to --concurrency items are sent at \
            once (default \(OutboxConcurrency.standard)). Two runs at once never send an item twice: each \
            claims an item, on disk, before sending it.

            SIGINT or SIGTERM stops a run from claiming more (exit 130 or 143); an item whose request \
            was out is left 'unknown'. --watch sleeps until the next item is due (at most \
            \(OutboxWatch.poll.components.seconds) s; a PostgreSQL outbox wakes it at once when a share is \
            queued), and ends on SIGINT or SIGTERM with 0. \
            'scripts/install.sh --with-outbox-timer' installs a systemd user timer that runs \
            'sharevia outbox run' instead.

            With --outbox postgresql://..., this is a worker: run any number of them, on any number of \
            machines. Each claims due items (SELECT ... FOR UPDATE SKIP LOCKED) under a lease it renews \
            while it sends; one that dies loses its lease and another takes the item over as 'unknown'. \
            A rate limit (429) pauses that destination for every worker. Items delivered longer ago than \
            outbox.keep_delivered hours (default \(OutboxSettings.defaultKeepHours)) are removed after each run \
            (with --watch, at most once an hour).

            \(OutboxExitCode.helpText)
            """
    )

    @Flag(help: "Keep running: send each item when it is due, until SIGINT or SIGTERM.")
    var watch = false

    @OptionGroup var sendsAtOnce: OutboxConcurrency

    @OptionGroup var choice: OutboxChoice

    @Option(
        help: ArgumentHelp(
            "PostgreSQL outbox: how long a worker's claim on an item lasts unless renewed (renewed every third of "
                + "it while the item is sent); a worker that dies holds its items this long. 2 to 3600.",
            valueName: "seconds"
        )
    )
    var lease: Int64 = OutboxSending.standardRenewedLease

    func validate() throws {
        guard (2...3600).contains(lease) else {
            throw ValidationError("--lease must be a whole number of seconds from 2 to 3600, not \(lease)")
        }
    }

    func run() async throws {
        try await OutboxCommands.withQueue(outbox: choice.outbox) { queue, context in
            var sending = OutboxSending(queue: queue, context: context)
            sending.concurrency = sendsAtOnce.concurrency
            sending.lease = lease
            if watch {
                try await OutboxWatch(sending: sending).run()
            } else {
                try await runOnce(sending)
            }
        }
    }

    private func runOnce(_ sending: OutboxSending) async throws {
        var results: [OutboxRunResult] = []
        let signal = try await OutboxSending.interruptible { results = try await sending.send() }
        await sending.prune(now: OutboxTime.nowMicroseconds())
        if results.isEmpty && signal == nil {
            StandardStreams.printError("nothing is due in the outbox")
            return
        }
        for line in OutboxSending.lines(results, now: OutboxTime.nowMicroseconds()) {
            StandardStreams.printError(line)
        }
        if let signal {
            StandardStreams.printError("interrupted by \(InterruptSignals.name(of: signal)): the run stopped")
            throw ExitCode(128 + signal)
        }
        let code = OutboxExitCode.code(for: results.map(\.result))
        if code != 0 { throw ExitCode(code) }
    }
}
