import ArgumentParser
import ShareCore

/// The one reader of `sharevia [share] --to DEST [FILE...] [--option value]...` and of
/// `sharevia destinations [--json] [router options]`, driven by the options' declarations
/// (``CommandOptions``); it prints their `--help` too.
///
/// swift-argument-parser still dispatches the other subcommands: it finds a command's options by
/// reflecting over its property wrappers, and on Linux each type it meets costs the Swift runtime
/// a scan of every protocol conformance in the binary (about 4 ms a run), more than the rest of a
/// clipboard copy together.
enum ShareCommandLine {
    /// What a command line this reader reads asks for.
    enum Request {
        /// A share to run.
        case share(ShareInvocation)
        /// `sharevia destinations`, with `--json` or not and its router settings.
        case destinations(json: Bool, routing: RouterSettings)
        /// Text to print and exit 0: a help screen or the version.
        case print(String)
    }

    /// The subcommands swift-argument-parser dispatches, and its own words at the start.
    static let otherCommands: Set<String> = [
        "image", "text", "sms", "config", "card", "accounts", "login", "logout", "history", "stats", "outbox",
        "integrate",
        "help",
        "--help", "-h", "--version",
        "--generate-completion-script", "--experimental-dump-help", "--generate-manual", ShellCompletions.valuesWord,
    ]

    /// The share command's help screen.
    static var shareHelp: HelpScreen {
        HelpScreen(
            commandName: "share",
            abstract: ShareCommand.configuration.abstract,
            discussion: ShareCommand.configuration.discussion,
            usage: ShareCommand.configuration.usage,
            options: CommandOptions.share
        )
    }

    /// `sharevia destinations`' help screen.
    static var destinationsHelp: HelpScreen {
        HelpScreen(
            commandName: "destinations",
            abstract: DestinationsCommand.configuration.abstract,
            options: CommandOptions.destinations
        )
    }

    /// What `arguments` (without the program name) ask for; nil for a command line
    /// swift-argument-parser reads (another subcommand, the root's help, completions).
    ///
    /// - Throws: ``CommandLineFailure`` for a command line that can't be read or whose values are bad.
    static func request(_ arguments: [String]) throws(CommandLineFailure) -> Request? {
        switch arguments.first {
        case "help":
            guard arguments.count == 2 else { return nil }
            switch arguments[1] {
            case "share": return .print(shareHelp.rendered())
            case "destinations": return .print(destinationsHelp.rendered())
            default: return nil
            }
        case "destinations":
            return try destinations(Array(arguments.dropFirst()))
        case "--experimental-dump-help" where arguments.count == 1:
            return .print(ManualDump.rendered())
        case "--generate-manual" where arguments.count == 1:
            return .print(ManualPage.rendered())
        case "share":
            return try share(Array(arguments.dropFirst()))
        case let first? where otherCommands.contains(first):
            return nil
        default:
            if let unknown = CommandWords.unknownCommand(in: arguments) { throw unknown }
            return try share(arguments)
        }
    }

    /// The share `arguments` (after `share`, if given) ask for.
    static func share(_ arguments: [String]) throws(CommandLineFailure) -> Request {
        // The help screen is drawn only when asked for or for an error: a share doesn't need it.
        do throws(CommandLineError) {
            let values = try CommandLineReader(options: CommandOptions.share).read(arguments)
            if values.wantsHelp { return .print(shareHelp.rendered()) }
            if values.wantsVersion { return .print(ShareviaVersion.current) }
            return .share(try invocation(values))
        } catch {
            throw CommandLineFailure(error: error, screen: shareHelp)
        }
    }

    /// The validated invocation `values` describe.
    static func invocation(_ values: CommandLineReader.Values) throws(CommandLineError) -> ShareInvocation {
        typealias Own = ShareCommandOptions
        var invocation = ShareInvocation(destinations: (values.options[Own.to.flag!] ?? []).joined(separator: ","))
        invocation.files = values.arguments
        invocation.text = values.value(Own.text)
        invocation.title = values.value(Own.title)
        invocation.url = values.value(Own.url)
        invocation.hashtags = values.options[Own.hashtag.flag!] ?? []
        invocation.altTexts = values.options[Own.alt.flag!] ?? []
        invocation.requiresAltText = values.isSet(Own.requireAlt)
        invocation.threadsLongText = values.isSet(Own.thread)
        invocation.shareID = values.value(Own.shareID)
        invocation.kind = values.value(Own.kind) ?? ShareInvocation.defaultKind
        invocation.fallback = values.value(ShareChainSettings.fallback)
        invocation.chainName = values.value(Own.chain)
        invocation.noFallback = values.isSet(Own.noFallback)
        invocation.dryRun = values.isSet(Own.dryRun)
        invocation.noQueue = values.isSet(OutboxSettings.noQueue)
        invocation.enqueue = values.isSet(OutboxSettings.enqueue)
        invocation.outbox = values.value(OutboxSettings.outbox)
        invocation.json = values.isSet(Own.json)
        invocation.verbose = values.isSet(Own.verbose)
        invocation.card = values.value(Own.card)
        invocation.notify = values.isSet(Own.notify)
        invocation.pick = values.isSet(Own.pick)
        let ownFlags = Set(CommandOptions.shareOwn.map(\.flag))
        invocation.routing = routing(values, leaving: ownFlags)
        do {
            try invocation.routing.validate()
            try invocation.validate()
        } catch {
            throw .invalid(ShareviaCommand.message(for: error))
        }
        return invocation
    }

    /// `sharevia destinations` with `arguments` (after `destinations`).
    static func destinations(_ arguments: [String]) throws(CommandLineFailure) -> Request {
        do throws(CommandLineError) {
            let values = try CommandLineReader(options: CommandOptions.destinations).read(arguments)
            if values.wantsHelp { return .print(destinationsHelp.rendered()) }
            if values.wantsVersion { return .print(ShareviaVersion.current) }
            let json = ShareCommandOptions.listJSON.flag!
            let routing = routing(values, leaving: [json])
            do {
                try routing.validate()
            } catch {
                throw .invalid(ShareviaCommand.message(for: error))
            }
            return .destinations(json: values.options[json] != nil, routing: routing)
        } catch {
            throw CommandLineFailure(error: error, screen: destinationsHelp)
        }
    }

    /// The router settings `values` give: the shared ones, and every other flag for the
    /// destinations' settings to read.
    private static func routing(_ values: CommandLineReader.Values, leaving own: Set<String>) -> RouterSettings {
        var routing = RouterSettings()
        routing.unavailable = values.value(ShareSettings.unavailable)
        routing.out = values.value(ShareSettings.outputFolder)
        routing.timeout = values.value(ShareSettings.timeout).flatMap(Double.init)
        routing.retries = values.value(ShareSettings.retries).flatMap { Int($0) }
        routing.configFile = values.value(ShareCommandOptions.config)
        let shared = [
            ShareSettings.unavailable, ShareSettings.outputFolder, ShareSettings.timeout, ShareSettings.retries,
            ShareCommandOptions.config,
        ]
        let taken = own.union(shared.compactMap { $0.flag })
        routing.destinationFlags = values.options.filter { !taken.contains($0.key) }
        return routing
    }
}

/// A share or `destinations` command line that can't be run, or words that name no command:
/// what is wrong, and the screen it belongs to for the usage shown below it. Exits 64.
struct CommandLineFailure: Error {
    var error: CommandLineError
    /// The command's screen; nil when the words name no command.
    var screen: HelpScreen?

    /// What `sharevia` prints on standard error, as swift-argument-parser prints it.
    var fullText: String {
        "Error: \(error.message)\n" + (error.help.map { "Help:  \($0)\n" } ?? "")
            + (screen?.errorUsage ?? "  See 'sharevia --help' for the commands.")
    }
}
