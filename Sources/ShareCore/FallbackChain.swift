/// The ordered list of destinations a share tries.
///
/// A chain is validated when it is built against a registry: it must be non-empty, every id
/// must be registered, and no destination may appear twice (aliases included).
public struct FallbackChain: Sendable, Hashable, CustomStringConvertible {
    /// The destination ids in order.
    public private(set) var ids: [DestinationID]

    /// A chain of these ids, in order, without validation; see ``validated(against:)``.
    public init(_ ids: [DestinationID]) { self.ids = ids }

    /// The default chain for a destination the user named: it, then the clipboard, then the
    /// file export, skipping any already present, so a share is never lost.
    public static func `default`(for primary: DestinationID) -> FallbackChain {
        FallbackChain([primary]).appendingFallbacks([.clipboard, .file])
    }

    /// This chain with each of `fallbacks` appended unless already present.
    public func appendingFallbacks(_ fallbacks: [DestinationID]) -> FallbackChain {
        var copy = self
        for id in fallbacks where !copy.ids.contains(id) { copy.ids.append(id) }
        return copy
    }

    /// The chain's destinations, resolved through the registry.
    ///
    /// - Throws: ``ShareError`` (`badInput`) for an empty chain, an unknown id, or a destination
    ///   named twice (directly or through an alias).
    public func validated(against registry: DestinationRegistry) throws(ShareError) -> [any ShareDestination] {
        guard !ids.isEmpty else {
            throw ShareError(
                .badInput,
                message: "the destination chain is empty; name at least one destination with --to"
            )
        }
        var seen: Set<DestinationID> = []
        var resolved: [any ShareDestination] = []
        for id in ids {
            let destination = try registry.resolve(id)
            guard seen.insert(destination.descriptor.id).inserted else {
                throw ShareError(
                    .badInput,
                    message: "'\(id)' appears twice in the chain \(description); name each destination once"
                )
            }
            resolved.append(destination)
        }
        return resolved
    }

    public var description: String { ids.map(\.rawValue).joined(separator: " -> ") }
}
