import Synchronization

/// A gate that a caller closes to stop, at once, every program started under it: one closed
/// before the spawn is killed as soon as the spawn returns, without waiting for the runner to hear
/// of any cancellation.
///
/// It closes the window that a check before the spawn leaves open: a caller that gives up while
/// the program is being spawned closes the gate, and the runner looks at the gate again once the
/// program runs. Equal and hashed by identity.
package final class StartGate: Sendable, Hashable {
    private let closed = Mutex(false)

    /// An open gate.
    package init() {}

    /// Closes the gate; programs started under it from now on are killed once spawned.
    package func close() {
        closed.withLock { $0 = true }
    }

    /// Whether the gate is closed.
    package var isClosed: Bool {
        closed.withLock { $0 }
    }

    package static func == (lhs: StartGate, rhs: StartGate) -> Bool { lhs === rhs }

    package func hash(into hasher: inout Hasher) {
        hasher.combine(ObjectIdentifier(self))
    }
}
