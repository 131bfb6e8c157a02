import ProcessRunning
import ShareCore

/// The plugins found on disk, each described (from the cache or by running `describe`) and
/// either accepted or refused with a reason.
package struct PluginCatalog: Sendable, Hashable {
    /// One plugin: where it is, and what it said about itself.
    package struct Entry: Sendable, Hashable {
        package var plugin: PluginDiscovery.Found
        /// Its description, when `describe` answered.
        package var description: PluginProtocol.Description?
        /// The protocol version both sides speak, when they share one.
        package var protocolVersion: Int?
        /// Why sharevia won't use it, when it won't.
        package var refusal: String?
        /// What the router, `--help` and `sharevia destinations` read.
        package var descriptor: DestinationDescriptor
    }

    /// The plugins in use (described, or refused with a reason).
    package var entries: [Entry]
    /// Plugins skipped because a built-in or an earlier plugin has their id.
    package var shadowed: [PluginDiscovery.Shadowed]

    package init(entries: [Entry] = [], shadowed: [PluginDiscovery.Shadowed] = []) {
        self.entries = entries
        self.shadowed = shadowed
    }

    /// Finds the plugins and describes those with an id in `wanted` (every one when nil).
    ///
    /// - Parameters:
    ///   - builtIns: The built-in ids, which no plugin may take.
    ///   - wanted: The ids a share's chain names; others are found but not described.
    ///   - shareviaVersion: The version plugins are told in `describe`.
    package static func load(
        settings: PluginSettings,
        environment: ShareEnvironment,
        builtIns: Set<DestinationID>,
        wanted: Set<DestinationID>? = nil,
        shareviaVersion: String,
        runner: any CommandRunning = ProcessRunner(),
        transcript: PluginTranscript? = nil
    ) async -> PluginCatalog {
        let found = PluginDiscovery.search(
            folders: settings.searchFolders(environment: environment),
            builtIns: builtIns
        )
        let plugins = found.plugins.filter { wanted?.contains($0.id) ?? true }
        guard !plugins.isEmpty else { return PluginCatalog(shadowed: found.shadowed) }
        var cache = PluginDescriptionCache(file: settings.cacheFile)
        var entries: [Entry] = []
        for plugin in plugins {
            if let description = cache.description(of: plugin) {
                entries.append(entry(plugin, description))
                continue
            }
            let process = PluginProcess(
                path: plugin.path,
                id: plugin.id,
                runner: runner,
                transcript: transcript,
                redactor: settings.redactor
            )
            let request = PluginProtocol.DescribeRequest(
                sharevia: shareviaVersion,
                protocolVersions: .init(
                    min: PluginProtocol.supportedVersions.lowerBound,
                    max: PluginProtocol.supportedVersions.upperBound
                )
            )
            do throws(ShareError) {
                let exchange = try await process.run(
                    .describe,
                    request: request,
                    as: PluginProtocol.Description.self,
                    environment: PluginProcess.environment(from: environment, temporaryFolder: "/tmp"),
                    timeout: settings.probeTimeout
                )
                guard exchange.exitStatus == 0 else {
                    throw process.failure(.permanent, "answered describe but exited with status \(exchange.exitStatus)")
                }
                // A plugin can read sharevia's environment; its name and summary are shown.
                var description = exchange.answer
                description.name = process.redactor.redact(description.name)
                description.summary = process.redactor.redact(description.summary)
                cache.store(description, for: plugin)
                entries.append(entry(plugin, description))
            } catch {
                entries.append(refused(plugin, because: error.message))
            }
        }
        cache.save()
        return PluginCatalog(entries: entries, shadowed: found.shadowed)
    }

    /// An entry for a plugin that described itself: accepted, or refused for its protocol
    /// versions or an unknown mandatory capability.
    static func entry(_ plugin: PluginDiscovery.Found, _ description: PluginProtocol.Description) -> Entry {
        let theirs = description.protocolVersions
        let ours = PluginProtocol.supportedVersions
        let version = min(theirs.max, ours.upperBound)
        var refusal: String?
        if theirs.min > theirs.max || version < max(theirs.min, ours.lowerBound) {
            refusal =
                "plugin \(plugin.path) speaks protocol \(theirs.min)...\(theirs.max); this sharevia speaks \(ours.lowerBound)...\(ours.upperBound). Update sharevia or the plugin."
        } else if let unknown = (description.capabilities ?? []).first(where: {
            $0.mandatory == true && !PluginProtocol.knownCapabilities.contains($0.name)
        }) {
            refusal =
                "plugin \(plugin.path) requires capability '\(unknown.name)', which this sharevia does not know. Update sharevia."
        }
        return Entry(
            plugin: plugin,
            description: description,
            protocolVersion: refusal == nil ? version : nil,
            refusal: refusal,
            descriptor: descriptor(plugin, description)
        )
    }

    static func refused(_ plugin: PluginDiscovery.Found, because reason: String) -> Entry {
        Entry(
            plugin: plugin,
            description: nil,
            protocolVersion: nil,
            refusal: reason,
            descriptor: DestinationDescriptor(
                id: plugin.id,
                displayName: plugin.id.rawValue,
                summary: "plugin \(plugin.path)",
                capabilities: []
            )
        )
    }

    /// The descriptor a description gives.
    static func descriptor(
        _ plugin: PluginDiscovery.Found,
        _ description: PluginProtocol.Description
    ) -> DestinationDescriptor {
        let accepts = description.accepts
        var capabilities: DestinationDescriptor.Capabilities = []
        if accepts.text ?? false { capabilities.insert(.text) }
        if accepts.link ?? false { capabilities.insert(.link) }
        if accepts.hashtags ?? false { capabilities.insert(.hashtags) }
        if !(accepts.images ?? []).isEmpty { capabilities.insert(.image) }
        if accepts.files ?? false { capabilities.insert(.files) }
        var outcomes = (description.outcomes ?? ["delivered"]).compactMap(DeliveryOutcome.init(rawValue:))
        if outcomes.isEmpty { outcomes = [.delivered] }
        return DestinationDescriptor(
            id: plugin.id,
            displayName: description.name,
            summary: description.summary ?? "plugin \(plugin.path)",
            capabilities: capabilities,
            textLimit: accepts.textLimit.map { .init(maximum: $0, unit: "characters") },
            imageConstraints: accepts.images.flatMap {
                $0.isEmpty ? nil : .init(mimeTypes: $0, maximumBytes: accepts.imageMaxBytes)
            },
            outcomes: outcomes
        )
    }
}
