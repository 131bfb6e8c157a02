import Synchronization

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
///
/// A destination can also be registered as data plus a way to build it
/// (``register(_:build:)``): the registry then knows its id, aliases and descriptor at no cost and
/// builds it only when something asks for it, such as a chain that names it. A share builds only
/// its chain's destinations, however many are registered.
public struct DestinationRegistry: Sendable {
    private var entries: [Entry] = []
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
        try add(Entry(built: destination))
    }

    /// Adds a destination described by `descriptor`, built by `build` the first time it is needed
    /// (once: later requests get the same instance).
    ///
    /// `build` must return a destination whose descriptor has the same id and aliases.
    ///
    /// - Throws: ``ShareError`` (`badInput`) when the id or an alias is malformed or already taken.
    public mutating func register(
        _ descriptor: DestinationDescriptor,
        build: @escaping @Sendable () -> any ShareDestination
    ) throws(ShareError) {
        try add(Entry(descriptor: descriptor, build: build))
    }

    private mutating func add(_ entry: Entry) throws(ShareError) {
        let descriptor = entry.descriptor
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
                        "destination id '\(name)' is already registered by \(entries[existing].descriptor.displayName); pick another id"
                )
            }
        }
        let position = entries.count
        entries.append(entry)
        for name in [descriptor.id] + descriptor.aliases { index[name] = position }
    }

    /// Replaces the destination with the same id in its place (or registers it when new).
    ///
    /// - Throws: ``ShareError`` (`badInput`) when an alias of the new one is taken by another.
    public mutating func replace(_ destination: any ShareDestination) throws(ShareError) {
        guard let position = index[destination.descriptor.id] else { return try register(destination) }
        var rebuilt = DestinationRegistry()
        for (offset, existing) in entries.enumerated() {
            try rebuilt.add(offset == position ? Entry(built: destination) : existing)
        }
        self = rebuilt
    }

    /// Every registered destination, in registration order. Builds any not built yet; to list
    /// them without building, use ``descriptors``.
    public var destinations: [any ShareDestination] { entries.map(\.destination) }

    /// Every registered destination's descriptor, in registration order, without building any.
    public var descriptors: [DestinationDescriptor] { entries.map(\.descriptor) }

    /// Every registered id (not aliases), in registration order.
    public var ids: [DestinationID] { entries.map(\.descriptor.id) }

    /// Whether `id` names a registered destination (by id or alias), without building it.
    public func contains(_ id: DestinationID) -> Bool { index[id] != nil }

    /// The descriptor of the destination with this id or alias, without building it.
    public func descriptor(_ id: DestinationID) -> DestinationDescriptor? {
        index[id].map { entries[$0].descriptor }
    }

    /// The destination with this id or alias, if any, built if it was not yet.
    public func destination(_ id: DestinationID) -> (any ShareDestination)? {
        index[id].map { entries[$0].destination }
    }

    /// The destination with this id or alias.
    ///
    /// - Throws: ``ShareError`` (`badInput`) naming the unknown id and listing the known ones.
    public func resolve(_ id: DestinationID) throws(ShareError) -> any ShareDestination {
        guard let destination = destination(id) else {
            throw unknownError(id)
        }
        return destination
    }

    /// "unknown destination 'x'. Known destinations: ..." for `id`, as a `badInput` error.
    func unknownError(_ id: DestinationID) -> ShareError {
        ShareError(
            .badInput,
            message: "unknown destination '\(id)'. Known destinations: \(ids.map(\.rawValue).joined(separator: ", "))",
            detail: .init(.unknownDestination, value: id.rawValue, found: ids.map(\.rawValue))
        )
    }

    /// One registered destination: its descriptor, and the destination, built once on demand.
    private final class Entry: Sendable {
        let descriptor: DestinationDescriptor
        private let build: @Sendable () -> any ShareDestination
        private let built: Mutex<(any ShareDestination)?>

        init(descriptor: DestinationDescriptor, build: @escaping @Sendable () -> any ShareDestination) {
            self.descriptor = descriptor
            self.build = build
            self.built = Mutex(nil)
        }

        init(built destination: any ShareDestination) {
            self.descriptor = destination.descriptor
            self.build = { destination }
            self.built = Mutex(destination)
        }

        var destination: any ShareDestination {
            built.withLock { built in
                if let built { return built }
                let destination = build()
                built = destination
                return destination
            }
        }
    }
}
