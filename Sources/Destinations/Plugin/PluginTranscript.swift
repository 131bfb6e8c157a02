import Synchronization

/// Every message exchanged with plugins, in order: each request sent, and each answer that was
/// one JSON object decoding as the operation's answer. What tests validate against the
/// protocol's JSON Schemas.
package final class PluginTranscript: Sendable {
    /// Which way a message went.
    package enum Direction: String, Sendable { case request, answer }

    /// One message.
    package struct Message: Sendable, Hashable {
        package var operation: PluginProtocol.Operation
        package var direction: Direction
        package var json: [UInt8]
    }

    private let storage = Mutex<[Message]>([])

    package init() {}

    /// Adds a message.
    package func record(operation: PluginProtocol.Operation, direction: Direction, json: [UInt8]) {
        storage.withLock { $0.append(Message(operation: operation, direction: direction, json: json)) }
    }

    /// The messages so far.
    package var messages: [Message] { storage.withLock { $0 } }
}
