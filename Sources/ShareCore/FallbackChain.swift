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

    /// The chain's destinations, resolved (and so built) through the registry.
    ///
    /// - Throws: ``ShareError`` (`badInput`) for an empty chain, an unknown id, or a destination
    ///   named twice (directly or through an alias).
    public func validated(against registry: DestinationRegistry) throws(ShareError) -> [any ShareDestination] {
        try validatedIDs(against: registry).map { id throws(ShareError) in try registry.resolve(id) }
    }

    /// The chain's destination ids (aliases replaced by ids), checked against the registry
    /// without building any destination.
    ///
    /// - Throws: ``ShareError`` (`badInput`) for an empty chain, an unknown id, or a destination
    ///   named twice (directly or through an alias).
    public func validatedIDs(against registry: DestinationRegistry) throws(ShareError) -> [DestinationID] {
        guard !ids.isEmpty else {
            throw ShareError(
                .badInput,
                message: "the destination chain is empty; name at least one destination",
                detail: .init(.emptyChain)
            )
        }
        var resolved: [DestinationID] = []
        for id in ids {
            guard let canonical = registry.descriptor(id)?.id else {
                throw registry.unknownError(id)
            }
            guard !resolved.contains(canonical) else {
                throw ShareError(
                    .badInput,
                    message: "'\(id)' appears twice in the chain \(description); name each destination once"
                )
            }
            resolved.append(canonical)
        }
        return resolved
    }

    public var description: String { ids.map(\.rawValue).joined(separator: " -> ") }
}
