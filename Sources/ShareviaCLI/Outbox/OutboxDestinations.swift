import ShareCore
import ShareHistory

/// Builds the destination an outbox item is sent to, from the flags and config file stored with
/// it, by the same machinery the share command uses (``RouterSettings``): the config file and the
/// environment are read again now, so secrets (tokens, passwords) come from where they live today
/// and were never stored.
///
/// One registry is built per distinct flags and config file, and reused for every item that has
/// them, so a run over many items reads the config and looks for plugins once.
actor OutboxDestinations {
    private let environment: ShareEnvironment
    private var registries: [Key: DestinationRegistry] = [:]
    private var unavailable: [Key: [DestinationID: String]] = [:]

    private struct Key: Hashable {
        var destination: DestinationID
        var flags: [String: [String]]
        var configFile: String?
    }

    init(environment: ShareEnvironment) { self.environment = environment }

    /// The destination `request` is sent to as `id`.
    ///
    /// - Throws: ``ShareError`` `unavailable` when the config file can't be read, the destination
    ///   is unknown now (a plugin removed), marked unavailable (`SHAREVIA_UNAVAILABLE`), or its
    ///   secret in the config file can't be resolved.
    func destination(for request: OutboxRequest, as id: DestinationID) async throws(ShareError) -> any ShareDestination
    {
        let key = Key(destination: id, flags: request.flags, configFile: request.configFile)
        let registry: DestinationRegistry
        if let built = registries[key] {
            registry = built
        } else {
            var routing = RouterSettings()
            routing.configFile = request.configFile
            var flags = request.flags
            routing.out = flags.removeValue(forKey: ShareSettings.outputFolder.flag!)?.first
            routing.destinationFlags = flags
            let config: ShareviaConfig
            do throws(ConfigErrors) {
                config = try ConfigLocation.load(flag: request.configFile, environment: environment)
            } catch {
                throw ShareError(.unavailable, destination: id, message: "the config file: \(error.description)")
            }
            let layered = await routing.layered(over: config, environment: environment)
                .withPlugins(wanted: [id], environment: environment)
            registry = layered.registry(environment: environment)
            var marked = environment.simulatedUnavailable
            for (destination, reason) in layered.unresolvedSecrets where marked[destination] == nil {
                marked[destination] = reason
            }
            registries[key] = registry
            unavailable[key] = marked
        }
        if let reason = unavailable[key]?[id] {
            throw ShareError(.unavailable, destination: id, message: reason)
        }
        do throws(ShareError) {
            return try registry.resolve(id)
        } catch {
            throw ShareError(
                .unavailable,
                destination: id,
                message: "\(id) is not a destination here any more (\(error.message))"
            )
        }
    }
}
