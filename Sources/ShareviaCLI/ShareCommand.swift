import ArgumentParser

/// `sharevia --to DEST [FILE...]`: shares content through a fallback chain. The default subcommand.
///
/// swift-argument-parser only names it (in `sharevia --help`, completions and the manual) and
/// hands it its words; ``ShareCommandLine`` reads them, from the options' declarations
/// (``CommandOptions``), and draws its `--help`. ``invocation`` holds what they mean.
struct ShareCommand: AsyncParsableCommand, DeclaredArgumentsCommand {
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

            INPUT LIMITS
            An attached file is a regular file of at most 1 GiB, or a pipe such as <(command), \
            read once into memory: at most 64 MiB, and its end must come within --timeout. A \
            device, socket or directory is refused. Destinations take less: Instagram 20 MiB, email \
            25 MiB unless configured. --text - and --card - read standard input: at most 64 MiB and \
            1 MiB. --timeout limits each delivery, the file export's copy included.

            EXAMPLES
              sharevia --to clipboard card.png
              sharevia --to x --text "Seven days in a row" --url https://example.com --hashtag streak
              echo "New level" | sharevia --to clipboard --text -
              sharevia --to file card.png --out ~/shares --json
              sharevia --to email card.png --email-to friend@example.org --smtp smtp://mail.example.org:587
              sharevia --to clipboard card.png --dry-run
              sharevia --to mastodon card.png --alt "A gold badge: level 7" --text "Level 7!" --thread
              SHAREVIA_UNAVAILABLE=clipboard sharevia --to clipboard card.png   # falls back to file
              sharevia share --pick --notify card.png   # asks where; the result as a desktop notification

            \(ShareviaExitCode.helpText)
            """
    )

    /// Everything after `share`, which ``ShareCommandLine`` reads. Completion scripts are written
    /// from the declared options instead (``DeclaredArgumentsCommand``).
    @Argument(parsing: .captureForPassthrough, help: "Options and files; see 'sharevia share --help'.")
    var words: [String] = []

    static var declaredOptions: [CommandOption] { CommandOptions.share }
    var passthrough: Argument<[String]> { _words }

    init() {}

    init(from decoder: any Decoder) throws { _words = try Self.passthrough(from: decoder) }

    /// The share the words ask for, validated.
    func request() throws -> ShareInvocation {
        do throws(CommandLineError) {
            return try ShareCommandLine.invocation(CommandLineReader(options: CommandOptions.share).read(words))
        } catch {
            throw ValidationError(error.message)
        }
    }

    /// The values given, as a plain invocation.
    var invocation: ShareInvocation { (try? request()) ?? ShareInvocation(destinations: "") }

    func validate() throws { _ = try request() }

    func run() async throws { try await request().run() }
}
