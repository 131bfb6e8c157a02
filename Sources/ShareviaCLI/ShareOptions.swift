import ArgumentParser
import Clipboard

/// Options shared by the commands that build a router: which destinations count as unavailable,
/// where files go, how the clipboard behaves, timeouts. ``settings`` holds what they mean.
struct RouterOptions: ParsableArguments {
    @Option(
        name: .customLong("unavailable"),
        help: ArgumentHelp(
            "Treat these destinations as unavailable (comma separated), to test fallbacks. Adds to SHAREVIA_UNAVAILABLE.",
            valueName: "dest,..."
        )
    )
    var unavailable: String?

    @Option(
        help: ArgumentHelp("Folder for the file export (default: $XDG_DATA_HOME/sharevia/shares).", valueName: "dir")
    )
    var out: String?

    @Option(help: "Clipboard selection to use: clipboard or primary (default: clipboard).")
    var selection: ClipboardSelection?

    @Flag(name: .customLong("no-verify"), help: "Don't read the clipboard back to confirm it holds the bytes.")
    var noVerify = false

    @Option(
        help: ArgumentHelp(
            "How to reach the clipboard; x11 is sharevia's own X11 client (or SHAREVIA_CLIPBOARD_BACKEND).",
            valueName: "backend"
        )
    )
    var clipboardBackend: ClipboardDestination.BackendPreference?

    @Option(
        help: ArgumentHelp(
            "Mastodon server for the mastodon destination (or SHAREVIA_MASTODON_INSTANCE).",
            valueName: "host"
        )
    )
    var mastodonInstance: String?

    @Option(
        help: ArgumentHelp(
            "Seconds one delivery may take before it counts as failed (default: 30).",
            valueName: "seconds"
        )
    )
    var timeout: Double?

    @Option(help: "Retries after a transient failure, per destination (default: 2).")
    var retries: Int?

    @Option(
        help: ArgumentHelp(
            "The config file (or SHAREVIA_CONFIG; default: $XDG_CONFIG_HOME/sharevia/config.yaml).",
            valueName: "file"
        )
    )
    var config: String?

    /// The values given, as plain settings.
    var settings: RouterSettings {
        RouterSettings(
            unavailable: unavailable,
            out: out,
            selection: selection,
            noVerify: noVerify,
            clipboardBackend: clipboardBackend,
            mastodonInstance: mastodonInstance,
            timeout: timeout,
            retries: retries,
            configFile: config
        )
    }

    func validate() throws { try settings.validate() }
}

/// The requirements are spelled out, with the values ArgumentParser's defaults for a `String`-backed
/// `CaseIterable` enum give (`clipboard`, `primary`; no per-value descriptions), because the
/// defaults reach them through key paths and generic constraints that cost start-up time each time
/// the command line is parsed.
extension ClipboardSelection: ExpressibleByArgument {
    public init?(argument: String) { self.init(rawValue: argument) }
    public var defaultValueDescription: String { rawValue }
    public static var allValueStrings: [String] { allCases.map { $0.rawValue } }
    public static var allValueDescriptions: [String: String] { [:] }
    public static var defaultCompletionKind: CompletionKind { .list(allValueStrings) }
}

/// Spelled out like ``ClipboardSelection``'s, and taking `auto` for ``automatic``.
extension ClipboardDestination.BackendPreference: ExpressibleByArgument {
    public init?(argument: String) { self.init(parsing: argument) }
    public var defaultValueDescription: String { self == .automatic ? "auto" : rawValue }
    public static var allValueStrings: [String] { allCases.map { $0 == .automatic ? "auto" : $0.rawValue } }
    public static var allValueDescriptions: [String: String] { [:] }
    public static var defaultCompletionKind: CompletionKind { .list(allValueStrings) }
}
