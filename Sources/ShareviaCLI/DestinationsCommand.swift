import ArgumentParser
import Destinations
import ShareCore

/// `sharevia destinations`: lists every registered destination with its availability.
struct DestinationsCommand: AsyncParsableCommand, DeclaredArgumentsCommand {
    static let configuration = CommandConfiguration(
        commandName: "destinations",
        abstract: "List every destination with whether it is available here, and why not."
    )

    /// Everything after `destinations`, which ``ShareCommandLine`` reads from the options' declarations.
    @Argument(parsing: .captureForPassthrough, help: "Options; see 'sharevia destinations --help'.")
    var words: [String] = []

    static var declaredOptions: [CommandOption] { CommandOptions.destinations }
    var passthrough: Argument<[String]> { _words }

    init() {}

    init(from decoder: any Decoder) throws { _words = try Self.passthrough(from: decoder) }

    struct Entry: Encodable {
        var id: DestinationID
        var aliases: [DestinationID]
        var name: String
        var summary: String
        var available: Bool
        var reason: String?
        var capabilities: [String]
        var textLimit: DestinationDescriptor.TextLimit?
        /// What its receipts can say: `delivered` (confirmed), `handed-off` (a person finishes it).
        var outcomes: [DeliveryOutcome]
        /// The plugin executable serving it; nil for a built-in.
        var plugin: String?
        /// True for a plugin that is not used because a built-in or an earlier plugin has its id.
        var shadowed: Bool?
    }

    /// What a destination's receipts can say, in words.
    static func outcomeText(_ outcomes: [DeliveryOutcome]) -> String {
        switch (outcomes.contains(.delivered), outcomes.contains(.handedOff)) {
        case (true, false): return "delivers: sharevia confirms the share arrived"
        case (false, true): return "hands off: a person or app finishes the share"
        default: return "delivers when it can confirm it, else hands off to a person or app"
        }
    }

    /// `x (twitter)`: the id with its aliases.
    static func label(_ entry: Entry) -> String {
        entry.aliases.isEmpty
            ? entry.id.rawValue : "\(entry.id) (\(entry.aliases.map(\.rawValue).joined(separator: ", ")))"
    }

    func run() async throws {
        let request: ShareCommandLine.Request
        do throws(CommandLineFailure) {
            request = try ShareCommandLine.destinations(words)
        } catch {
            throw ValidationError(error.error.message)
        }
        switch request {
        case .destinations(let json, let routing): try await Self.list(json: json, settings: routing)
        case .print(let text): StandardStreams.write(text + "\n")
        case .share: break
        }
    }

    /// Prints the list; ``ShareCommandLine`` reads the command line and calls this at start-up.
    static func list(json: Bool, settings: RouterSettings) async throws {
        let entries = try await entries(settings: settings)
        if json {
            StandardStreams.write(try JSONText.encode(entries))
            return
        }
        let names = entries.map(label)
        let width = max(10, names.map(\.count).max() ?? 0)
        let indent = String(repeating: " ", count: width)
        var lines: [String] = []
        for (entry, name) in zip(entries, names) {
            let state = entry.available ? "available" : "unavailable"
            let reason = entry.reason.map { ": \($0)" } ?? ""
            let limit = entry.textLimit.map { "; text up to \($0.maximum) \($0.unit)" } ?? ""
            lines.append("\(name)\(String(repeating: " ", count: width - name.count))  \(entry.name)")
            lines.append("\(indent)  \(state)\(reason)")
            if !entry.capabilities.isEmpty {
                lines.append("\(indent)  takes \(entry.capabilities.joined(separator: ", "))\(limit)")
            }
            if !entry.outcomes.isEmpty { lines.append("\(indent)  \(Self.outcomeText(entry.outcomes))") }
            if let plugin = entry.plugin { lines.append("\(indent)  plugin: \(plugin)") }
        }
        StandardStreams.write(lines.joined(separator: "\n") + "\n")
    }

    /// Every registered destination with its availability (each checked at once), then the
    /// plugins not used because their id is taken: what ``list(json:settings:)`` prints and
    /// `sharevia integrate desktop` offers.
    static func entries(settings: RouterSettings) async throws -> [Entry] {
        let environment = ShareEnvironment(ProcessEnvironment.variables())
        let config = try settings.loadConfig(environment: environment)
        let layered = await settings.layered(over: config, environment: environment)
            .withPlugins(wanted: nil, environment: environment)
        let router = try layered.checkedRouter(environment: environment)
        let plugins = Dictionary(
            layered.pluginCatalog.entries.map { ($0.plugin.id, $0.plugin.path) },
            uniquingKeysWith: { first, _ in first }
        )
        var entries: [Entry] = []
        for (destination, availability) in await RegistryAvailability.check(router) {
            let descriptor = destination.descriptor
            entries.append(
                Entry(
                    id: descriptor.id,
                    aliases: descriptor.aliases,
                    name: descriptor.displayName,
                    summary: descriptor.summary,
                    available: availability.isAvailable,
                    reason: availability.reason,
                    capabilities: descriptor.capabilities.names,
                    textLimit: descriptor.textLimit,
                    outcomes: descriptor.outcomes,
                    plugin: plugins[descriptor.id]
                )
            )
        }
        for shadowed in layered.pluginCatalog.shadowed {
            entries.append(
                Entry(
                    id: shadowed.plugin.id,
                    aliases: [],
                    name: "plugin (not used)",
                    summary: "",
                    available: false,
                    reason: "not used: its id '\(shadowed.plugin.id)' is taken by \(shadowed.shadowedBy)",
                    capabilities: [],
                    textLimit: nil,
                    outcomes: [],
                    plugin: shadowed.plugin.path,
                    shadowed: true
                )
            )
        }
        return entries
    }
}
