import ShareHistory

/// The outbox backends this program links beyond SQLite: none in `sharevia`, PostgreSQL in
/// `sharevia-outbox-postgres`. A command that needs one this program lacks hands over to that program
/// (``OutboxHandover``).
package struct OutboxBackends: Sendable {
    /// The PostgreSQL backend, when linked.
    package var postgres: (any OutboxBackend)?

    package init(postgres: (any OutboxBackend)? = nil) {
        self.postgres = postgres
    }
}
