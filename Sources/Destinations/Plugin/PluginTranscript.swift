import Synchronization

/// Every message exchanged with plugins, in order: each request sent, and each answer that was
/// one JSON object decoding as the operation's answer. What tests validate against the
/// protocol's JSON Schemas.
public final class PluginTranscript: Sendable {
    /// Which way a message went.
    public enum Direction: String, Sendable { case request, answer }

    /// One message.
    public struct Message: Sendable, Hashable {
        public var operation: PluginProtocol.Operation
        public var direction: Direction
        public var json: [UInt8]
    }

    private let storage = Mutex<[Message]>([])

    public init() {}

    /// Adds a message.
    public func record(operation: PluginProtocol.Operation, direction: Direction, json: [UInt8]) {
        storage.withLock { $0.append(Message(operation: operation, direction: direction, json: json)) }
    }

    /// The messages so far.
    public var messages: [Message] { storage.withLock { $0 } }
}
