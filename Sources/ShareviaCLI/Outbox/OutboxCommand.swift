import ArgumentParser

/// `sharevia outbox`: what is queued for network destinations that failed for a while, and the
/// commands that send it (`run`, `retry`) or remove it (`drop`).
struct OutboxCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "outbox",
        abstract: "List, send and drop the shares queued for network destinations that failed for a while.",
        discussion: """
            A share that email, Mastodon, Bluesky or a plugin failed to take for a while (a server down or \
            rate-limiting, greylisting, offline) still falls back down its chain, and is queued here for that \
            destination with its own copy of the attachments ('--no-queue' or 'outbox.enabled: false' turn \
            this off). The outbox is in $XDG_STATE_HOME/sharevia/sharevia.sqlite, unless --outbox (or \
            SHAREVIA_OUTBOX_URL, or the config file's outbox.url) names another: a SQLite file, or \
            postgresql://USER@HOST[:PORT]/DATABASE, an outbox that workers on many machines share \
            ('sharevia --to DEST ... --enqueue --outbox URL' fills it; 'outbox run --outbox URL' is a worker).

            STATES
              queued      waiting for its next try
              sending     being sent by a run now
              delivered   sent, with the destination's receipt
              handed-off  handed to a person or an app, who must finish it
              failed      refused for good; kept with its last error
              unknown     sent, and no answer came back: checked before any new try;
                          an email is sent again only by 'outbox retry ID --resend'
              expired     not through within outbox.max_age (72 hours); kept until dropped

              sharevia outbox
              sharevia outbox run --watch
              sharevia outbox retry 3
              sharevia outbox drop 3
              sharevia outbox run --watch --outbox postgresql://app@db.internal/shares

            \(OutboxExitCode.helpText)
            """,
        subcommands: [
            OutboxListCommand.self, OutboxRunCommand.self, OutboxRetryCommand.self, OutboxDropCommand.self,
            OutboxLimitCommand.self, OutboxPasswordCommand.self,
        ],
        defaultSubcommand: OutboxListCommand.self
    )
}
