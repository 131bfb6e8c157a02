/// The destinations a router and the command line know, by id and alias.
///
/// A value you build and pass around, not a global. `Destinations` provides
/// `DestinationRegistry.standard()` with the built-ins; an integrator adds their own with
/// ``register(_:)``:
///
/// ```swift
/// var registry = DestinationRegistry.standard()
/// try registry.register(SlackDestination(webhook: secret))
/// let router = ShareRouter(registry: registry)
/// ```
public struct DestinationRegistry: Sendable {
    private var ordered: [any ShareDestination] = []
    private var index: [DestinationID: Int] = [:]

    /// An empty registry.
    public init() {}

    /// A registry holding these destinations.
    ///
    /// - Throws: ``ShareError`` (`badInput`) on a malformed or duplicate id or alias.
    public init(_ destinations: [any ShareDestination]) throws(ShareError) {
        for destination in destinations { try register(destination) }
    }

    /// Adds a destination, which the router and `sharevia destinations` then see.
    ///
    /// - Throws: ``ShareError`` (`badInput`) when its id or an alias is malformed or already taken.
    public mutating func register(_ destination: any ShareDestination) throws(ShareError) {
        let descriptor = destination.descriptor
        for name in [descriptor.id] + descriptor.aliases {
            guard name.isWellFormed else {
                throw ShareError(
                    .badInput,
                    destination: descriptor.id,
                    message: "destination id '\(name)' must be lowercase letters, digits and '-'"
                )
            }
            if let existing = index[name] {
                throw ShareError(
                    .badInput,
                    destination: descriptor.id,
                    message:
                        "destination id '\(name)' is already registered by \(ordered[existing].descriptor.displayName); pick another id"
                )
            }
        }
        let position = ordered.count
        ordered.append(destination)
        for name in [descriptor.id] + descriptor.aliases { index[name] = position }
    }

    /// Replaces the destination with the same id in its place (or registers it when new).
    ///
    /// - Throws: ``ShareError`` (`badInput`) when an alias of the new one is taken by another.
    public mutating func replace(_ destination: any ShareDestination) throws(ShareError) {
        guard let position = index[destination.descriptor.id] else { return try register(destination) }
        var rebuilt = DestinationRegistry()
        for (offset, existing) in ordered.enumerated() {
            try rebuilt.register(offset == position ? destination : existing)
        }
        self = rebuilt
    }

    /// Every registered destination, in registration order.
    public var destinations: [any ShareDestination] { ordered }

    /// Every registered id (not aliases), in registration order.
    public var ids: [DestinationID] { ordered.map(\.descriptor.id) }

    /// The destination with this id or alias, if any.
    public func destination(_ id: DestinationID) -> (any ShareDestination)? {
        index[id].map { ordered[$0] }
    }

    /// The destination with this id or alias.
    ///
    /// - Throws: ``ShareError`` (`badInput`) naming the unknown id and listing the known ones.
    public func resolve(_ id: DestinationID) throws(ShareError) -> any ShareDestination {
        guard let destination = destination(id) else {
            throw ShareError(
                .badInput,
                message:
                    "unknown destination '\(id)'. Known destinations: \(ids.map(\.rawValue).joined(separator: ", ")) (run 'sharevia destinations')"
            )
        }
        return destination
    }
}
