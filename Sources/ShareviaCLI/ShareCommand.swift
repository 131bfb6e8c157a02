import ArgumentParser

/// `sharevia --to DEST [FILE...]`: shares content through a fallback chain. The default subcommand.
/// ``invocation`` holds what the options mean and does the share.
struct ShareCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "share",
        abstract: "Share files, text and a link to a destination, falling back so the share is never lost.",
        usage: """
            sharevia --to <dest>[,<dest>...] [<file> ...] [--text <text> | --text -] [--title <title>] [--url <url>] [--hashtag <tag> ...]
                     [--fallback <dest>,... | --no-fallback] [--unavailable <dest>,...] [--dry-run] [--json] [--out <dir>]
            """,
        discussion: """
            The chain is the destinations given to --to, then the clipboard, then the file export, \
            so a share is never lost. --fallback replaces that tail; --no-fallback drops it.

            EXAMPLES
              sharevia --to clipboard card.png
              sharevia --to x --text "Seven days in a row" --url https://example.com --hashtag streak
              echo "New level" | sharevia --to clipboard --text -
              sharevia --to file card.png --out ~/shares --json
              sharevia --to email card.png --email-to friend@example.org --smtp smtp://mail.example.org:587
              sharevia --to clipboard card.png --dry-run
              SHAREVIA_UNAVAILABLE=clipboard sharevia --to clipboard card.png   # falls back to file

            \(ShareviaExitCode.helpText)
            """
    )

    @Option(
        name: .customLong("to"),
        help: ArgumentHelp(
            "Where to share, tried in order (comma separated, or --to repeated). See 'sharevia destinations'.",
            valueName: "dest,..."
        )
    )
    var destinations: [String] = []

    @Argument(help: ArgumentHelp("Images or other files to attach; the first image is the card.", valueName: "file"))
    var files: [String] = []

    @Option(help: ArgumentHelp("The share text; '-' reads it from standard input.", valueName: "text"))
    var text: String?

    @Option(help: "A title (the email subject, the Reddit title).")
    var title: String?

    @Option(help: ArgumentHelp("A link to share (http or https).", valueName: "url"))
    var url: String?

    @Option(
        name: .customLong("hashtag"),
        help: ArgumentHelp("A hashtag, with or without '#'; repeat for more.", valueName: "tag")
    )
    var hashtags: [String] = []

    @Option(
        help: ArgumentHelp("The kind of moment: achievement, streak, level-up, progress or generic.", valueName: "kind")
    )
    var kind: String = ShareInvocation.defaultKind

    @Option(
        help: ArgumentHelp(
            "Fallbacks after the --to destinations, replacing the default 'clipboard,file'.",
            valueName: "dest,..."
        )
    )
    var fallback: String?

    @Option(
        help: ArgumentHelp(
            "A chain named in the config file ('chains:'), instead of --to and the fallbacks.",
            valueName: "name"
        )
    )
    var chain: String?

    @Flag(name: .customLong("no-fallback"), help: "Try only the --to destinations.")
    var noFallback = false

    @Flag(help: "Show what each destination would receive; deliver nothing.")
    var dryRun = false

    @Flag(help: "Print the report (or the dry run) as JSON on standard output.")
    var json = false

    @Flag(name: [.customShort("v"), .long], help: "Include what plugins logged on stderr in the report.")
    var verbose = false

    @OptionGroup var routing: RouterOptions

    @OptionGroup(title: "Instagram Stories") var instagram: InstagramOptions

    @OptionGroup(title: "SMS") var sms: SMSOptions

    @OptionGroup(title: "Email") var email: EmailOptions

    @OptionGroup(title: "Cards") var card: CardOptions

    /// The values given, as a plain invocation.
    var invocation: ShareInvocation {
        ShareInvocation(
            destinations: destinations.joined(separator: ","),
            files: files,
            text: text,
            title: title,
            url: url,
            hashtags: hashtags,
            kind: kind,
            fallback: fallback,
            chainName: chain,
            noFallback: noFallback,
            dryRun: dryRun,
            json: json,
            verbose: verbose,
            routing: routing.settings.with(instagram: instagram.configuration).with(sms: sms.configuration)
                .with(email: email.configuration),
            card: card.card
        )
    }

    func validate() throws { try invocation.validate() }

    func run() async throws { try await invocation.run() }
}
