import Destinations
import ShareCore

/// The options of the share command and of `sharevia destinations`, in `--help`'s order: the
/// share's own (``ShareCommandOptions``), the shared ones (``ShareSettings``), and every
/// destination's from its declarations (``StandardDestinations/builtIns``, then an integrator's
/// settings that declare a flag). Nothing here names a destination.
enum CommandOptions {
    /// The share command's options: its own, the router's, then the destinations' own groups, then
    /// its own groups (posting, cards).
    static var share: [CommandOption] {
        shareOwn.filter { $0.setting.group == nil } + router + destinationGroups.map(CommandOption.init)
            + shareOwn.filter { $0.setting.group != nil } + history
    }

    /// History's flag (`--keep-content`), read with the destinations' flags by the settings
    /// reader, so the config file's `history.keep_content` and the flag are one setting.
    static let history = [CommandOption(HistorySettings.keepContent)]

    /// The share command's own options, its groups last: posting (`--alt`, `--require-alt`,
    /// `--thread`, `--share-id`), then `--card`.
    static let shareOwn: [CommandOption] = {
        typealias Own = ShareCommandOptions
        return [
            CommandOption(Own.to), CommandOption(setting: Own.files, isArgument: true), CommandOption(Own.text),
            CommandOption(Own.title), CommandOption(Own.url), CommandOption(Own.hashtag), CommandOption(Own.kind),
            CommandOption(ShareChainSettings.fallback), CommandOption(Own.chain), CommandOption(Own.noFallback),
            CommandOption(Own.dryRun), CommandOption(OutboxSettings.noQueue), CommandOption(OutboxSettings.enqueue),
            CommandOption(OutboxSettings.outbox), CommandOption(Own.json),
            CommandOption(setting: Own.verbose, short: "v"),
            CommandOption(Own.alt), CommandOption(Own.requireAlt), CommandOption(Own.thread),
            CommandOption(Own.shareID), CommandOption(Own.card), CommandOption(Own.pick), CommandOption(Own.notify),
        ]
    }()

    /// The options of every command that builds a router: which destinations count as unavailable,
    /// where files go, the destinations' options that have no section of their own, timeouts and
    /// the config file.
    static var router: [CommandOption] {
        let shared = [ShareSettings.unavailable, ShareSettings.outputFolder]
        let ungrouped = destinationSettings.filter { $0.group == nil }
        let last = [ShareSettings.timeout, ShareSettings.retries, ShareCommandOptions.config]
        return unique(shared + ungrouped + last).map(CommandOption.init)
    }

    /// `sharevia destinations`' options: `--json`, then the router's.
    static var destinations: [CommandOption] { [CommandOption(ShareCommandOptions.listJSON)] + router }

    /// The destinations' settings that have a section of their own in `--help` (`Instagram Stories`).
    private static var destinationGroups: [ShareSetting] { destinationSettings.filter { $0.group != nil } }

    /// Every destination setting with a flag: the built-ins', then an integrator's.
    private static var destinationSettings: [ShareSetting] {
        (StandardDestinations.builtIns.flatMap(\.settings) + ShareviaMain.registryFactory.extraSettings)
            .filter { $0.flag != nil }
    }

    /// `settings` without a second setting of a flag already taken.
    private static func unique(_ settings: [ShareSetting]) -> [ShareSetting] {
        var seen: Set<String> = []
        return settings.filter { seen.insert($0.flag ?? "").inserted }
    }
}
