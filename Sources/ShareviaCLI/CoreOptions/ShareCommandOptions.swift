import ShareCore

/// The share command's own options, declared once as settings: what to share, where, and how to
/// report it. A destination's options come from its declarations (``StandardDestinations/builtIns``),
/// so this file names none of them; ``CommandOptions`` puts the two together in `--help`'s order.
enum ShareCommandOptions {
    /// `--to`: where to share.
    static let to = ShareSetting(
        flag: "to",
        kind: .destinations,
        help: "Where to share, tried in order (comma separated, or --to repeated). See 'sharevia destinations'.",
        valueName: "dest,...",
        repeats: true
    )
    /// The files to attach: the command's arguments.
    static let files = ShareSetting(
        kind: .texts,
        help: "Images or other files to attach; the first image is the card; '-' reads one from standard input.",
        valueName: "file",
        repeats: true
    )
    /// `--text`.
    static let text = ShareSetting(
        flag: "text",
        kind: .text,
        help: "The share text; '-' reads it from standard input.",
        valueName: "text"
    )
    /// `--title`.
    static let title = ShareSetting(flag: "title", kind: .text, help: "A title (the email subject, the Reddit title).")
    /// `--url`.
    static let url = ShareSetting(flag: "url", kind: .text, help: "A link to share (http or https).", valueName: "url")
    /// `--hashtag`, repeated.
    static let hashtag = ShareSetting(
        flag: "hashtag",
        kind: .text,
        help: "A hashtag, with or without '#'; repeat for more.",
        valueName: "tag",
        repeats: true
    )
    /// `--alt`, repeated: alt text for the share's images in order, the card first; its help
    /// names `--card`, which the library's declaration can't.
    static let alt: ShareSetting = {
        var alt = ShareOptions.Settings.altText
        alt.help = alt.help.replacing("A card drawn from a spec", with: "A --card")
        return alt
    }()
    /// `--require-alt`.
    static let requireAlt = ShareOptions.Settings.requiresAltText
    /// `--thread`.
    static let thread = ShareOptions.Settings.threadsLongText
    /// `--share-id`: send a share again with the identity it had.
    static let shareID = ShareSetting(
        flag: "share-id",
        kind: .text,
        help: "Send a share again as the same share: its \"shareId\" from --json. Mastodon (within an hour) "
            + "and Bluesky then can't post it twice.",
        valueName: "id",
        group: "Posting"
    )
    /// `--kind`.
    static let kind = ShareSetting(
        flag: "kind",
        kind: .text,
        help: "The kind of moment: achievement, streak, level-up, progress or generic.",
        valueName: "kind",
        shownDefault: ShareInvocation.defaultKind
    )
    /// `--chain`.
    static let chain = ShareSetting(
        flag: "chain",
        kind: .text,
        help: "A chain named in the config file ('chains:'), instead of --to and the fallbacks.",
        valueName: "name"
    )
    /// `--no-fallback`.
    static let noFallback = ShareSetting(
        flag: "no-fallback",
        kind: .presence,
        help: "Try only the --to destinations."
    )
    /// `--dry-run`.
    static let dryRun = ShareSetting(
        flag: "dry-run",
        kind: .presence,
        help: "Show what each destination would receive; deliver nothing."
    )
    /// `--json`.
    static let json = ShareSetting(
        flag: "json",
        kind: .presence,
        help: "Print the report (or the dry run) as JSON on standard output."
    )
    /// `--notify`: the result as a desktop notification, the report in `last-report.json`.
    static let notify = ShareSetting(
        flag: "notify",
        kind: .presence,
        help: "Show the result as a desktop notification and keep the report in "
            + "$XDG_STATE_HOME/sharevia/last-report.json.",
        group: "Desktop"
    )
    /// `--pick`: ask which destination to use.
    static let pick = ShareSetting(
        flag: "pick",
        kind: .presence,
        help: "Ask which destination to use (zenity, kdialog or a terminal prompt) instead of --to; "
            + "implies --notify when standard output is not a terminal.",
        group: "Desktop"
    )
    /// `-v`, `--verbose`.
    static let verbose = ShareSetting(
        flag: "verbose",
        kind: .presence,
        help: "Include what plugins logged on stderr in the report."
    )
    /// `--card`: draw a card from a spec and share it in one step.
    static let card = ShareSetting(
        flag: "card",
        kind: .text,
        help: "Draw the card in this spec (see 'sharevia card') at each destination's size and share it with "
            + "the kind's share text (--text replaces it).",
        valueName: "spec.json",
        group: "Cards"
    )
    /// `--config`: the config file, which every command that builds a router takes.
    static let config = ShareSetting(
        flag: "config",
        kind: .text,
        help: "The config file (or SHAREVIA_CONFIG; default: $XDG_CONFIG_HOME/sharevia/config.yaml).",
        valueName: "file"
    )
    /// `sharevia destinations --json`.
    static let listJSON = ShareSetting(flag: "json", kind: .presence, help: "Print the list as JSON.")
}
