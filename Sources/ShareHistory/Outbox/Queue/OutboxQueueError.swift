import ShareCore

/// Why an outbox can't be used: the database's own words (any password taken out), and whether trying again
/// later may work (a connection lost while a server restarts) rather than not (a newer schema, a damaged row).
package struct OutboxQueueError: Error, Sendable, Hashable, CustomStringConvertible {
    /// What went wrong, in the database's words where it gave some; never a password.
    package var message: String
    /// The error's stable code from its backend (`connection`, `busy`, `newer-schema`, …).
    package var code: String
    /// Whether the same call may work a little later: the connection was lost or the database was busy.
    package var isTransient: Bool

    package init(_ message: String, code: String, isTransient: Bool = false) {
        self.message = message
        self.code = code
        self.isTransient = isTransient
    }

    package var description: String { message }
}
